package com.scaleout.local.contract;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.curiousoddman.rgxgen.RgxGen;
import io.swagger.v3.oas.models.media.Schema;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * JSON values generated from an OpenAPI schema: mostly values the schema allows (boundaries included), mixed with
 * the faults clients make: a wrong type, a value out of range, a string breaking the pattern, a required field left
 * out, and odd strings (empty, blank, control characters, astral and right-to-left text, very long).
 */
final class SchemaValues {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    /** Strings that have broken parsers before: none of them should ever get a 5xx. */
    static final List<String> ODD_STRINGS = List.of("", " ", "null", "0", "-1", "1e999", "\u0000", "\t\n",
            "\uD83D\uDE00 smile", "\uD834\uDD1E", "\u202Eevil", "e\u0301", "ǅ", "../../etc/passwd", "%2F%00", "<script>",
            "{\"a\":1}", "'; DROP TABLE users;--", "#tag @user", "x".repeat(300), "ü".repeat(150));

    private SchemaValues() {
    }

    /** A value for the schema: about one in five is invalid in some way. */
    static Arbitrary<JsonNode> of(Schema<?> schema) {
        return of(schema, 0);
    }

    private static Arbitrary<JsonNode> of(Schema<?> schema, int depth) {
        if (schema == null) {
            return anyJson(depth);
        }
        return Arbitraries.frequencyOf(
                Tuple.of(8, valid(schema, depth)),
                Tuple.of(1, wrongType(schema)),
                Tuple.of(1, invalid(schema)));
    }

    private static Arbitrary<JsonNode> valid(Schema<?> schema, int depth) {
        if (schema.getEnum() != null && !schema.getEnum().isEmpty()) {
            return Arbitraries.of(schema.getEnum()).map(value -> (JsonNode) JSON.textNode(String.valueOf(value)));
        }
        if (schema.getOneOf() != null && !schema.getOneOf().isEmpty()) {
            List<Arbitrary<JsonNode>> alternatives = new ArrayList<>();
            schema.getOneOf().forEach(alternative -> alternatives.add(valid(alternative, depth)));
            return Arbitraries.oneOf(alternatives);
        }
        Arbitrary<JsonNode> value = switch (typeOf(schema)) {
            case "integer" -> integers(schema).map(JSON::numberNode);
            case "number" -> Arbitraries.doubles().between(-1e6, 1e6).map(number -> (JsonNode) JSON.numberNode(number));
            case "boolean" -> Arbitraries.of(true, false).map(JSON::booleanNode);
            case "array" -> arrays(schema, depth);
            case "object" -> objects(schema, depth);
            default -> strings(schema).map(JSON::textNode);
        };
        if (Boolean.TRUE.equals(schema.getNullable())) {
            return Arbitraries.frequencyOf(Tuple.of(5, value), Tuple.of(1, Arbitraries.just(JSON.nullNode())));
        }
        return value;
    }

    static String typeOf(Schema<?> schema) {
        if (schema.getType() != null) {
            return schema.getType();
        }
        return schema.getProperties() != null ? "object" : schema.getItems() != null ? "array" : "any";
    }

    /** Integers in range, with the boundaries themselves more likely than the middle. */
    static Arbitrary<Long> integers(Schema<?> schema) {
        long min = schema.getMinimum() == null ? -1_000_000L : schema.getMinimum().longValue();
        long max = schema.getMaximum() == null ? 1_000_000_000L : schema.getMaximum().longValue();
        return Arbitraries.frequencyOf(
                Tuple.of(3, Arbitraries.longs().between(min, max)),
                Tuple.of(1, Arbitraries.of(min, max)));
    }

    /** Strings the schema allows: its pattern's, its format's, or any text within its lengths. */
    static Arbitrary<String> strings(Schema<?> schema) {
        if (schema.getPattern() != null) {
            RgxGen pattern = RgxGen.parse(schema.getPattern());
            return Arbitraries.randomValue(random -> pattern.generate(random));
        }
        if ("date-time".equals(schema.getFormat())) {
            return Arbitraries.of("2026-01-01T00:00:00.000Z", "2026-11-30T23:59:59.999Z");
        }
        int min = schema.getMinLength() == null ? 0 : schema.getMinLength();
        int max = schema.getMaxLength() == null ? Math.max(min, 40) : schema.getMaxLength();
        Arbitrary<String> text = Arbitraries.strings().all().ofMinLength(min).ofMaxLength(Math.min(max, min + 40));
        Arbitrary<String> plain = Arbitraries.strings().alpha().numeric().withChars('_', ' ', '#', '@')
                .ofMinLength(Math.max(min, 1)).ofMaxLength(Math.max(Math.min(max, 30), Math.max(min, 1)));
        return Arbitraries.frequencyOf(Tuple.of(3, plain), Tuple.of(1, text));
    }

    private static Arbitrary<JsonNode> arrays(Schema<?> schema, int depth) {
        int min = schema.getMinItems() == null ? 0 : schema.getMinItems();
        int max = Math.min(schema.getMaxItems() == null ? 3 : schema.getMaxItems(), min + 3);
        return of(schema.getItems(), depth + 1).list().ofMinSize(min).ofMaxSize(max).map(items -> {
            ArrayNode array = JSON.arrayNode();
            items.forEach(array::add);
            return array;
        });
    }

    /**
     * Objects with each required property (rarely left out), each optional one half the time, and now and then a
     * field the schema does not know (clients' extras are ignored, the document says).
     */
    private static Arbitrary<JsonNode> objects(Schema<?> schema, int depth) {
        Map<String, Schema> properties = schema.getProperties();
        if (properties == null || properties.isEmpty() || depth > 4) {
            return anyJson(depth);
        }
        List<String> required = schema.getRequired() == null ? List.of() : schema.getRequired();
        List<Arbitrary<Map.Entry<String, JsonNode>>> fields = new ArrayList<>();
        properties.forEach((name, property) -> {
            int keep = required.contains(name) ? 19 : 1;
            fields.add(Arbitraries.frequencyOf(
                    Tuple.of(keep, of(property, depth + 1).map(value -> Map.entry(name, value))),
                    Tuple.of(1, Arbitraries.just(Map.entry(name, (JsonNode) JSON.missingNode())))));
        });
        fields.add(Arbitraries.frequencyOf(
                Tuple.of(9, Arbitraries.just(Map.entry("", (JsonNode) JSON.missingNode()))),
                Tuple.of(1, Arbitraries.just(Map.entry("unexpectedExtra", (JsonNode) JSON.textNode("x"))))));
        return Combinators.combine(fields).as(entries -> {
            ObjectNode object = JSON.objectNode();
            entries.stream().filter(entry -> !entry.getValue().isMissingNode())
                    .forEach(entry -> object.set(entry.getKey(), entry.getValue()));
            return object;
        });
    }

    /** A value of another JSON type than the schema's. */
    private static Arbitrary<JsonNode> wrongType(Schema<?> schema) {
        String type = typeOf(schema);
        List<JsonNode> others = new ArrayList<>();
        if (!type.equals("string")) {
            others.add(JSON.textNode("not a " + type));
        }
        if (!type.equals("integer") && !type.equals("number")) {
            others.add(JSON.numberNode(42));
        }
        if (!type.equals("boolean")) {
            others.add(JSON.booleanNode(true));
        }
        if (!type.equals("array")) {
            others.add(JSON.arrayNode().add(1));
        }
        if (!type.equals("object")) {
            others.add(JSON.objectNode().put("k", "v"));
        }
        others.add(JSON.nullNode());
        others.add(JSON.numberNode(1.5));
        return Arbitraries.of(others);
    }

    /** A value of the right type breaking a rule of the schema: out of range, off the pattern or the enum, odd. */
    private static Arbitrary<JsonNode> invalid(Schema<?> schema) {
        return switch (typeOf(schema)) {
            case "integer" -> Arbitraries.of(beyond(schema.getMinimum(), -1), beyond(schema.getMaximum(), 1),
                    Long.MIN_VALUE, Long.MAX_VALUE).map(JSON::numberNode);
            case "number" -> Arbitraries.of(Double.MAX_VALUE, -Double.MAX_VALUE, 1e-300)
                    .map(number -> (JsonNode) JSON.numberNode(number));
            case "string" -> invalidStrings(schema).map(JSON::textNode);
            case "array" -> Arbitraries.just(JSON.arrayNode());
            case "object" -> Arbitraries.just(JSON.objectNode());
            default -> Arbitraries.just(JSON.nullNode());
        };
    }

    static Arbitrary<String> invalidStrings(Schema<?> schema) {
        List<Arbitrary<String>> choices = new ArrayList<>();
        choices.add(Arbitraries.of(ODD_STRINGS));
        if (schema.getPattern() != null) {
            RgxGen pattern = RgxGen.parse(schema.getPattern());
            choices.add(Arbitraries.randomValue(random -> pattern.generateNotMatching(random)));
        }
        if (schema.getMaxLength() != null) {
            choices.add(Arbitraries.just("y".repeat(schema.getMaxLength() + 1)));
        }
        return Arbitraries.oneOf(choices);
    }

    private static long beyond(BigDecimal limit, long step) {
        return limit == null ? step * 10_000_000_000L : limit.longValue() + step;
    }

    /** Any small JSON value (for schemas that say only "object", like an import record's data). */
    private static Arbitrary<JsonNode> anyJson(int depth) {
        Arbitrary<JsonNode> scalar = Arbitraries.oneOf(
                Arbitraries.strings().ofMaxLength(12).map(text -> (JsonNode) JSON.textNode(text)),
                Arbitraries.longs().map(JSON::numberNode),
                Arbitraries.of(true, false).map(JSON::booleanNode),
                Arbitraries.just(JSON.nullNode()));
        if (depth > 3) {
            return scalar;
        }
        return Arbitraries.maps(Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(8), scalar)
                .ofMaxSize(4).map(fields -> {
                    ObjectNode object = JSON.objectNode();
                    fields.forEach(object::set);
                    return object;
                });
    }
}
