package com.scaleout.local.contract;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.functions.shared.json.Json;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * Requests for a documented operation, from its parameters' and body's schemas: path values that exist (a user,
 * a tweet, the import key's client) or that the schema generates (valid or not), optional query parameters now
 * and then, a body as the schema says or malformed, and each kind of credential: none, valid, wrong, another kind.
 */
final class RequestGenerator {
    /**
     * Admin operations never called with the valid key: a reset would empty the data (and sessions) the other tries
     * use, and a seed or stress run of the sizes the schema allows takes minutes. They still get every other
     * credential, which must be refused.
     */
    private static final Set<String> NOT_WITH_VALID_CREDENTIALS = Set.of("reset", "seed", "stress");
    private static final String BOUNDARY = "propertyBoundary0123";
    private static final List<String> MALFORMED_BODIES = List.of("{not json", "", "null", "[]", "\"text\"", "{}",
            "[{}]", "{\"a\":", "\uFEFF{}");

    private final Callers callers;

    RequestGenerator(Callers callers) {
        this.callers = callers;
    }

    Arbitrary<GeneratedRequest> requestsFor(DocumentedOperation operation) {
        return Combinators.combine(credentials(operation), pathValues(operation), query(operation), body(operation))
                .as((credential, path, query, body) -> new GeneratedRequest(operation, credential, path, query,
                        body.contentType(), body.bytes(), body.label()));
    }

    private Arbitrary<GeneratedRequest.Credential> credentials(DocumentedOperation operation) {
        if (operation.securitySchemes().isEmpty()) {
            return Arbitraries.just(GeneratedRequest.Credential.NONE);
        }
        var kinds = new ArrayList<>(List.of(GeneratedRequest.Kind.WRONG, GeneratedRequest.Kind.ANOTHER_KIND));
        if (!NOT_WITH_VALID_CREDENTIALS.contains(operation.operationId())) {
            // valid credentials most of the time, so that the operation's own answers are reached
            kinds.addAll(List.of(GeneratedRequest.Kind.VALID, GeneratedRequest.Kind.VALID, GeneratedRequest.Kind.VALID,
                    GeneratedRequest.Kind.VALID));
        }
        Arbitrary<GeneratedRequest.Credential> given = Combinators.combine(
                Arbitraries.of(operation.securitySchemes()), Arbitraries.of(kinds))
                .as(GeneratedRequest.Credential::new);
        return Arbitraries.frequencyOf(Tuple.of(6, given), Tuple.of(1, Arbitraries.just(GeneratedRequest.Credential.NONE)));
    }

    private Arbitrary<Map<String, String>> pathValues(DocumentedOperation operation) {
        List<Parameter> parameters = operation.parametersIn("path");
        if (parameters.isEmpty()) {
            return Arbitraries.just(Map.of());
        }
        List<Arbitrary<Map.Entry<String, String>>> values = new ArrayList<>();
        for (Parameter parameter : parameters) {
            Arbitrary<String> generated = scalar(parameter.getSchema()).filter(text -> !text.isEmpty());
            String known = knownValue(parameter.getName());
            Arbitrary<String> value = known == null ? generated
                    : Arbitraries.frequencyOf(Tuple.of(2, Arbitraries.just(known)), Tuple.of(1, generated));
            values.add(value.map(text -> Map.entry(parameter.getName(), text)));
        }
        return Combinators.combine(values).as(entries -> {
            var map = new LinkedHashMap<String, String>();
            entries.forEach(entry -> map.put(entry.getKey(), entry.getValue()));
            return map;
        });
    }

    /** A value that exists, for the path parameters the document names so; null when none is known. */
    private String knownValue(String parameter) {
        return switch (parameter) {
            case "username" -> callers.username;
            case "id" -> callers.tweetId;
            case "cid" -> Long.toString(callers.importClientId);
            case "table", "tag" -> "orders";
            default -> null;
        };
    }

    private Arbitrary<List<Map.Entry<String, String>>> query(DocumentedOperation operation) {
        List<Arbitrary<Map.Entry<String, String>>> values = new ArrayList<>();
        for (Parameter parameter : operation.parametersIn("query")) {
            int present = Boolean.TRUE.equals(parameter.getRequired()) ? 19 : 1;
            values.add(Arbitraries.frequencyOf(
                    Tuple.of(present, scalar(parameter.getSchema()).map(text -> Map.entry(parameter.getName(), text))),
                    Tuple.of(1, Arbitraries.just(Map.entry("", "")))));
        }
        if (values.isEmpty()) {
            return Arbitraries.just(List.of());
        }
        return Combinators.combine(values).as(entries -> entries.stream()
                .filter(entry -> !entry.getKey().isEmpty()).toList());
    }

    /**
     * A parameter's value as text: the schema's values, and now and then text of the wrong kind. Never the text
     * {@code null}: in a path or query it is just a name (a table may be called so), but the contract's validator
     * reads it as JSON's null and would call the request out of contract.
     */
    private static Arbitrary<String> scalar(Schema<?> schema) {
        return SchemaValues.of(schema).map(value -> value.isTextual() ? value.asText() : value.toString())
                .filter(text -> !text.equals("null"));
    }

    private record Body(String contentType, byte[] bytes, String label) {
        static final Body NONE = new Body(null, null, "none");
    }

    private Arbitrary<Body> body(DocumentedOperation operation) {
        if (operation.bodies().isEmpty()) {
            return Arbitraries.just(Body.NONE);
        }
        List<Arbitrary<Body>> declared = new ArrayList<>();
        operation.bodies().forEach((type, schema) -> declared.add(type.startsWith("multipart/")
                ? multipart(schema) : SchemaValues.of(schema).map(json -> json(type, json))));
        Arbitrary<Body> malformed = Combinators.combine(
                Arbitraries.of(operation.bodies().keySet()), Arbitraries.of(MALFORMED_BODIES))
                .as((type, text) -> new Body(contentTypeOf(type), text.getBytes(StandardCharsets.UTF_8), text));
        Arbitrary<Body> wrongType = SchemaValues.of(operation.bodies().values().iterator().next())
                .map(json -> new Body("text/plain", Json.write(json).getBytes(StandardCharsets.UTF_8), "text/plain"));
        return Arbitraries.frequencyOf(
                Tuple.of(16, Arbitraries.oneOf(declared)),
                Tuple.of(2, malformed),
                Tuple.of(1, wrongType),
                Tuple.of(1, Arbitraries.just(Body.NONE)));
    }

    private static Body json(String type, JsonNode json) {
        String text = Json.write(json);
        return new Body(type, text.getBytes(StandardCharsets.UTF_8), text.length() > 400 ? text.substring(0, 400) + "..." : text);
    }

    private static String contentTypeOf(String mediaType) {
        return mediaType.startsWith("multipart/") ? mediaType + "; boundary=" + BOUNDARY : mediaType;
    }

    /** A multipart body with the schema's parts (binary ones as random bytes), each now and then left out. */
    private static Arbitrary<Body> multipart(Schema<?> schema) {
        List<Arbitrary<String>> parts = new ArrayList<>();
        Map<String, Schema> properties = schema.getProperties() == null ? Map.of() : schema.getProperties();
        properties.forEach((name, property) -> {
            Arbitrary<String> content = "binary".equals(property.getFormat())
                    ? Arbitraries.strings().ascii().ofMinLength(1).ofMaxLength(64)
                    : scalar(property);
            parts.add(Arbitraries.frequencyOf(
                    Tuple.of(5, content.map(value -> "--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\""
                            + name + "\"" + ("binary".equals(property.getFormat()) ? "; filename=\"a.png\"" : "")
                            + "\r\n\r\n" + value + "\r\n")),
                    Tuple.of(1, Arbitraries.just(""))));
        });
        return Combinators.combine(parts).as(texts -> {
            var out = new ByteArrayOutputStream();
            texts.forEach(text -> out.writeBytes(text.getBytes(StandardCharsets.UTF_8)));
            out.writeBytes(("--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.UTF_8));
            return new Body(contentTypeOf("multipart/form-data"), out.toByteArray(),
                    "multipart " + texts.stream().map(text -> text.isEmpty() ? "(left out)" : "part").toList());
        });
    }
}
