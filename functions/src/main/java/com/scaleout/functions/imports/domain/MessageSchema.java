package com.scaleout.functions.imports.domain;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import com.networknt.schema.resource.DisallowSchemaLoader;
import java.util.Optional;
import java.util.Set;

/**
 * The JSON Schema of a Stitch batch ({@code schema}), compiled once per request and checked against each
 * message's data with networknt's validator. Schemas come from clients, so nothing outside the document is
 * fetched: a {@code $ref} to a URL fails to resolve instead of making a network call.
 */
public final class MessageSchema {
    private static final JsonSchemaFactory FACTORY = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V7,
            builder -> builder.schemaLoaders(loaders -> loaders.values(java.util.List::clear).add(DisallowSchemaLoader.getInstance())));
    private static final SchemaValidatorsConfig CONFIG = SchemaValidatorsConfig.builder()
            .failFast(true) // one reason per message is all the 422 reports
            .build();

    private final JsonSchema schema;

    private MessageSchema(JsonSchema schema) {
        this.schema = schema;
    }

    /** Compiles {@code schema}, or throws {@link RecordRules.Reason} saying why it is not usable. */
    public static MessageSchema compile(JsonNode schema) {
        if (schema == null || !schema.isObject()) {
            throw new RecordRules.Reason("schema must be an object");
        }
        JsonNode properties = schema.get("properties");
        if (properties == null || !properties.isObject()) {
            throw new RecordRules.Reason("schema must have \"properties\", an object");
        }
        try {
            var compiled = FACTORY.getSchema(schema, CONFIG);
            compiled.initializeValidators(); // surfaces a broken schema now, not at the first message
            return new MessageSchema(compiled);
        } catch (RuntimeException e) {
            throw new RecordRules.Reason("schema is not a usable JSON Schema: " + e.getMessage());
        } catch (StackOverflowError e) {
            throw new RecordRules.Reason("schema is not a usable JSON Schema: its references form a cycle");
        }
    }

    /** The first violation of {@code data}, if any, as a short sentence. */
    public Optional<String> violation(JsonNode data) {
        Set<ValidationMessage> messages;
        try {
            messages = schema.validate(data);
        } catch (RuntimeException e) {
            return Optional.of("cannot be checked against the schema: " + e.getMessage());
        } catch (StackOverflowError e) {
            return Optional.of("cannot be checked against the schema: its references recurse without end");
        }
        return messages.stream().findFirst().map(MessageSchema::sentence);
    }

    /** The validator's message, which starts with the instance path: empty at the top level, so drop its colon. */
    private static String sentence(ValidationMessage message) {
        String text = message.getMessage();
        return text.startsWith(": ") ? text.substring(2) : text;
    }
}
