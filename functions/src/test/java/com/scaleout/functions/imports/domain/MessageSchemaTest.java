package com.scaleout.functions.imports.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A batch's JSON Schema: violations as short sentences, and nothing outside the document ever fetched. The
 * "remote" schemas are served by a server on the loopback interface inside this test, which records every request
 * it gets: a fetch would show up there (and would have succeeded, so the schema would have compiled).
 */
class MessageSchemaTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String CUSTOMERS = """
            {"properties": {"id": {"type": "integer"}, "name": {"type": "string"}}, "required": ["id"]}""";

    private HttpServer remote;
    private final List<String> fetched = new CopyOnWriteArrayList<>();

    @BeforeEach
    void startRemoteSchemaServer() throws IOException {
        remote = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        remote.createContext("/", exchange -> {
            fetched.add(exchange.getRequestURI().toString());
            byte[] schema = "{\"type\": \"string\"}".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("content-type", "application/schema+json");
            exchange.sendResponseHeaders(200, schema.length);
            exchange.getResponseBody().write(schema);
            exchange.close();
        });
        remote.start();
    }

    @AfterEach
    void stopRemoteSchemaServer() {
        remote.stop(0);
    }

    private String remoteUrl(String path) {
        return "http://127.0.0.1:" + remote.getAddress().getPort() + path;
    }

    private static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (IOException e) {
            throw new IllegalArgumentException(text, e);
        }
    }

    @Test
    void dataThatConformsHasNoViolation() {
        var schema = MessageSchema.compile(json(CUSTOMERS));

        assertThat(schema.violation(json("{\"id\": 1, \"name\": \"Ada\", \"extra\": true}"))).isEmpty();
    }

    @Test
    void aViolationNamesTheFieldAndWhatWasExpected() {
        var schema = MessageSchema.compile(json(CUSTOMERS));

        assertThat(schema.violation(json("{\"id\": \"one\", \"name\": \"Ada\"}")))
                .contains("/id: string found, integer expected");
        assertThat(schema.violation(json("{\"id\": 1, \"name\": 42}")))
                .contains("/name: integer found, string expected");
        assertThat(schema.violation(json("{\"name\": \"Ada\"}")))
                .contains("required property 'id' not found");
    }

    @Test
    void localReferencesResolveWithinTheDocument() {
        var schema = MessageSchema.compile(json("""
                {"definitions": {"cents": {"type": "integer", "minimum": 0}},
                 "properties": {"price": {"$ref": "#/definitions/cents"}}}"""));

        assertThat(schema.violation(json("{\"price\": 250}"))).isEmpty();
        assertThat(schema.violation(json("{\"price\": -1}"))).isPresent();
    }

    @Test
    void theStandardDraft07MetaSchemaIsKnownWithoutFetchingIt() {
        var schema = MessageSchema.compile(json("""
                {"$schema": "http://json-schema.org/draft-07/schema#",
                 "properties": {"id": {"type": "integer"}}}"""));

        assertThat(schema.violation(json("{\"id\": \"x\"}"))).contains("/id: string found, integer expected");
    }

    @Test
    void aReferenceToAnHttpUrlIsNotFetched() {
        var schema = json("{\"properties\": {\"id\": {\"$ref\": \"" + remoteUrl("/id.json") + "\"}}}");

        Optional<String> outcome = outcomeOf(schema, "{\"id\": 5}");

        assertThat(fetched).isEmpty();
        assertThat(outcome).hasValueSatisfying(reason -> assertThat(reason).contains(remoteUrl("/id.json")));
    }

    @Test
    void aRelativeReferenceAgainstAnHttpIdIsNotFetched() {
        var schema = json("{\"$id\": \"" + remoteUrl("/root.json") + "\","
                + " \"properties\": {\"id\": {\"$ref\": \"id.json\"}}}");

        Optional<String> outcome = outcomeOf(schema, "{\"id\": 5}");

        assertThat(fetched).isEmpty();
        assertThat(outcome).isPresent();
    }

    @Test
    void aMetaSchemaAtAnHttpUrlIsNotFetched() {
        var schema = json("{\"$schema\": \"" + remoteUrl("/meta.json") + "\","
                + " \"properties\": {\"id\": {\"type\": \"integer\"}}}");

        Optional<String> outcome = outcomeOf(schema, "{\"id\": 5}");

        assertThat(fetched).isEmpty();
        assertThat(outcome).isPresent();
    }

    @Test
    void aReferenceToALocalFileIsNotRead() throws IOException {
        // the file accepts the data: had it been read, the data would conform and there would be no outcome
        var file = java.nio.file.Files.createTempFile("schema", ".json");
        java.nio.file.Files.writeString(file, "{\"type\": \"integer\"}");
        try {
            var schema = json("{\"properties\": {\"id\": {\"$ref\": \"" + file.toUri() + "\"}}}");

            assertThat(outcomeOf(schema, "{\"id\": 5}")).hasValueSatisfying(reason -> assertThat(reason)
                    .contains(file.toUri().toString().substring("file:".length())));
        } finally {
            java.nio.file.Files.delete(file);
        }
    }

    /**
     * What a client is told when its schema refers outside itself: the compile's reason, or the violation its
     * data gets. Empty only if the reference was resolved somehow (a remote string schema would reject the
     * number 5, so even then a fetch would show as a violation, and in {@link #fetched}).
     */
    private static Optional<String> outcomeOf(JsonNode schema, String data) {
        try {
            var compiled = MessageSchema.compile(schema);
            return compiled.violation(json(data));
        } catch (RecordRules.Reason reason) {
            return Optional.of(reason.getMessage());
        }
    }

    @Test
    void aSchemaMustBeAnObjectWithProperties() {
        assertThatThrownBy(() -> MessageSchema.compile(json("[]")))
                .isInstanceOf(RecordRules.Reason.class).hasMessage("schema must be an object");
        assertThatThrownBy(() -> MessageSchema.compile(null))
                .isInstanceOf(RecordRules.Reason.class).hasMessage("schema must be an object");
        assertThatThrownBy(() -> MessageSchema.compile(json("{\"type\": \"object\"}")))
                .isInstanceOf(RecordRules.Reason.class).hasMessage("schema must have \"properties\", an object");
        assertThatThrownBy(() -> MessageSchema.compile(json("{\"properties\": []}")))
                .isInstanceOf(RecordRules.Reason.class).hasMessage("schema must have \"properties\", an object");
    }

    @Test
    void aBrokenSchemaIsRejectedWhenCompiledNotAtTheFirstMessage() {
        assertThatThrownBy(() -> MessageSchema.compile(json(
                "{\"properties\": {\"id\": {\"$ref\": \"#/definitions/missing\"}}}")))
                .isInstanceOf(RecordRules.Reason.class)
                .hasMessageStartingWith("schema is not a usable JSON Schema: ");
    }

    @Test
    void aPropertyOfOneTypeDeclaresItAndAnyOtherDeclaresNone() {
        var schema = MessageSchema.compile(json("""
                {"properties": {"id": {"type": "integer"}, "price": {"type": ["null", "number"]},
                 "tags": {"type": "array"}, "either": {"type": ["string", "integer"]},
                 "ref": {"anyOf": [{"type": "string"}]}, "odd": {"type": "null"}}}"""));

        assertThat(schema.declaredTypes()).containsExactly(Map.entry("id", "integer"), Map.entry("price", "number"),
                Map.entry("tags", "array"));
    }

    @Test
    void declaredTypesStopAtTheirBounds() {
        var properties = new StringBuilder();
        for (int i = 0; i < MessageSchema.MAX_DECLARED + 10; i++) {
            properties.append(i == 0 ? "" : ", ").append("\"f").append(i % 10).append("\": {\"type\": \"string\"}");
        }
        // ten distinct names: the count is not what stops them
        assertThat(MessageSchema.compile(json("{\"properties\": {" + properties + "}}")).declaredTypes()).hasSize(10);

        var many = new StringBuilder();
        for (int i = 0; i < 2 * MessageSchema.MAX_DECLARED; i++) {
            many.append(i == 0 ? "" : ", ").append("\"field").append(i).append("\": {\"type\": \"string\"}");
        }
        var declared = MessageSchema.compile(json("{\"properties\": {" + many + "}}")).declaredTypes();
        long bytes = declared.keySet().stream().mapToLong(name -> Utf8.length(name) + "\"string\"".length()).sum();
        assertThat(declared).isNotEmpty().hasSizeLessThanOrEqualTo(MessageSchema.MAX_DECLARED);
        assertThat(bytes).isLessThanOrEqualTo(MessageSchema.MAX_DECLARED_BYTES);
        assertThat(MessageSchema.compile(json("{\"properties\": {\"" + "n".repeat(5_000)
                + "\": {\"type\": \"string\"}}}")).declaredTypes()).isEmpty();
    }
}
