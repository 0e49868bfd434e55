package com.scaleout.functions.imports.domain;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import com.networknt.schema.resource.DisallowSchemaLoader;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
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

    /** The JSON types a property may declare, as the warehouse takes them. */
    private static final Set<String> DECLARABLE = Set.of("integer", "number", "string", "boolean", "object", "array");
    /**
     * Properties whose declared type is kept, and their bytes (names and types, UTF-8): as many as a warehouse table
     * has columns, and small, because they sit on the table's statistics item, which every append updates twice
     * (DynamoDB charges an update by the item's size: 4 KB is at most 4 write units more per update).
     */
    static final int MAX_DECLARED = 1_000;
    static final int MAX_DECLARED_BYTES = 4_000;

    private final JsonSchema schema;
    private final Map<String, String> declaredTypes;

    private MessageSchema(JsonSchema schema, Map<String, String> declaredTypes) {
        this.schema = schema;
        this.declaredTypes = declaredTypes;
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
            return new MessageSchema(compiled, declaredTypes(properties));
        } catch (RuntimeException e) {
            throw new RecordRules.Reason("schema is not a usable JSON Schema: " + e.getMessage());
        } catch (StackOverflowError e) {
            throw new RecordRules.Reason("schema is not a usable JSON Schema: its references form a cycle");
        }
    }

    /**
     * The top-level properties with one JSON type each, in the schema's order: {@code "type": "number"}, or
     * {@code ["null", "number"]}. A property of several types, or typed through {@code anyOf}, {@code $ref} and the
     * like, declares none (the warehouse then types it by its values). Past {@link #MAX_DECLARED} properties or
     * {@link #MAX_DECLARED_BYTES}, the rest declare none either.
     */
    public Map<String, String> declaredTypes() {
        return declaredTypes;
    }

    private static Map<String, String> declaredTypes(JsonNode properties) {
        var declared = new LinkedHashMap<String, String>();
        long bytes = 0;
        for (var property : properties.properties()) {
            bytes += Utf8.length(property.getKey()) + Utf8.length(property.getValue().path("type").toString());
            if (declared.size() == MAX_DECLARED || bytes > MAX_DECLARED_BYTES) {
                break;
            }
            JsonNode type = property.getValue().path("type");
            var named = new ArrayList<String>();
            if (type.isTextual()) {
                named.add(type.asText());
            } else if (type.isArray()) {
                type.forEach(t -> named.add(t.asText()));
            }
            named.remove("null");
            if (named.size() == 1 && DECLARABLE.contains(named.getFirst())) {
                declared.put(property.getKey(), named.getFirst());
            }
        }
        return Collections.unmodifiableMap(declared);
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
