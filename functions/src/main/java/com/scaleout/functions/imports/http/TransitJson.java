package com.scaleout.functions.imports.http;

import com.cognitect.transit.ArrayReader;
import com.cognitect.transit.Keyword;
import com.cognitect.transit.MapReader;
import com.cognitect.transit.ReadHandler;
import com.cognitect.transit.Symbol;
import com.cognitect.transit.TransitFactory;
import com.cognitect.transit.impl.JsonParser;
import com.cognitect.transit.impl.ReadCache;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.util.JsonParserDelegate;
import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.functions.imports.domain.ImportLimits;
import com.scaleout.functions.imports.domain.Utf8;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Transit JSON ({@code application/transit+json}), as Stitch's own client libraries send pushes, read with
 * Cognitect's reader and turned into the same JSON tree a plain JSON body gives: maps become objects (keys by
 * name), lists and sets arrays, instants ISO-8601 strings, UUIDs and URIs strings, big numbers numbers. A value
 * JSON cannot hold (NaN, infinities, an unknown tag) makes the body malformed; a body that stands for more JSON
 * than a JSON body may hold ({@link ImportLimits#MAX_BODY_BYTES}, through cache references) is too large.
 */
final class TransitJson {
    private static final JsonNodeFactory NODES = JsonNodeFactory.withExactBigDecimals(true);
    private static final JsonFactory JSON = JsonFactory.builder().streamReadConstraints(RequestBodies.NUMBERS).build();
    private static final Map<String, ReadHandler<?, ?>> HANDLERS = TransitFactory.readHandlerMap(numberHandlers());

    private TransitJson() {
    }

    /** The body as a JSON tree; {@link MalformedException} if it is not Transit JSON that JSON can express. */
    static JsonNode read(byte[] body) {
        Object value;
        try (var json = JSON.createParser(body)) {
            try {
                // Cognitect's own parser, built here rather than by TransitFactory.reader, so that it reads through
                // CheckedFloats; maps in the order sent (the default builds HashMaps): the stored JSON keeps the
                // client's field order
                var parser = new JsonParser(new CheckedFloats(json), HANDLERS,
                        TransitFactory.defaultDefaultReadHandler(), new OrderedMaps(), new Lists());
                value = parser.parse(new ReadCache());
            } catch (IOException | RuntimeException e) {
                throw malformed(e.getCause() == null ? e : e.getCause(), json.currentLocation());
            }
        } catch (IOException closing) {
            throw new MalformedException("not valid Transit JSON"); // an in-memory parser has nothing to close
        }
        return new JsonForm(ImportLimits.MAX_BODY_BYTES).toJson(value);
    }

    /** Said in the client's words: Cognitect's and Jackson's own messages name their classes and switches. */
    private static MalformedException malformed(Throwable cause, JsonLocation at) {
        return switch (cause) {
            case MalformedException ours -> ours;
            case JsonProcessingException unreadable -> new MalformedException(JsonProblems.describe(unreadable, at));
            default -> new MalformedException("not valid Transit JSON" + JsonProblems.where(at));
        };
    }

    /**
     * Tagged big numbers ({@code ~n}, {@code ~f}) within the length JSON numbers have ({@link
     * RequestBodies#NUMBERS}), checked before they are parsed: parsing a long one takes time quadratic in its length.
     */
    private static Map<String, ReadHandler<?, ?>> numberHandlers() {
        ReadHandler<BigInteger, String> integer = rep -> {
            requireLength(rep, false);
            return new BigInteger(rep);
        };
        ReadHandler<BigDecimal, String> decimal = rep -> {
            requireLength(rep, true);
            return new BigDecimal(rep);
        };
        return Map.of("n", integer, "f", decimal);
    }

    private static void requireLength(String number, boolean decimal) {
        try {
            if (decimal) {
                RequestBodies.NUMBERS.validateFPLength(number.length());
            } else {
                RequestBodies.NUMBERS.validateIntegerLength(number.length());
            }
        } catch (StreamConstraintsException e) {
            throw new MalformedException(JsonProblems.numberTooLong());
        }
    }

    /**
     * A float of the body's JSON is a double in Transit: one that no double holds (its exponent past a double's,
     * or past an int's, which BigDecimal refuses) is refused rather than read as 0 or infinity.
     */
    private static final class CheckedFloats extends JsonParserDelegate {
        CheckedFloats(com.fasterxml.jackson.core.JsonParser parser) {
            super(parser);
        }

        @Override
        public double getDoubleValue() throws IOException {
            double value = super.getDoubleValue();
            if (Double.isInfinite(value) || value == 0 && !isZero(getText())) {
                throw new MalformedException("the number " + getText() + " is beyond a double's range (Transit JSON's"
                        + " floats are doubles; send it as a tagged decimal, ~f)" + JsonProblems.where(currentLocation()));
            }
            return value;
        }

        private static boolean isZero(String number) {
            try {
                return new BigDecimal(number).signum() == 0;
            } catch (NumberFormatException exponentBeyondAnInt) {
                return false;
            }
        }
    }

    private static final class OrderedMaps
            implements MapReader<Map<Object, Object>, Map<Object, Object>, Object, Object> {
        @Override
        public Map<Object, Object> init() {
            return new LinkedHashMap<>();
        }

        @Override
        public Map<Object, Object> init(int size) {
            return LinkedHashMap.newLinkedHashMap(size);
        }

        @Override
        public Map<Object, Object> add(Map<Object, Object> map, Object key, Object value) {
            map.put(key, value);
            return map;
        }

        @Override
        public Map<Object, Object> complete(Map<Object, Object> map) {
            return map;
        }
    }

    private static final class Lists implements ArrayReader<List<Object>, List<Object>, Object> {
        @Override
        public List<Object> init() {
            return new ArrayList<>();
        }

        @Override
        public List<Object> init(int size) {
            return new ArrayList<>(size);
        }

        @Override
        public List<Object> add(List<Object> list, Object item) {
            list.add(item);
            return list;
        }

        @Override
        public List<Object> complete(List<Object> list) {
            return list;
        }
    }

    static final class MalformedException extends RuntimeException {
        MalformedException(String message) {
            super(message, null, false, false);
        }
    }

    /** The body stands for more JSON than a JSON body may hold. */
    static final class TooLargeException extends RuntimeException {
        TooLargeException() {
            super("the Transit JSON body is more than " + ImportLimits.MAX_BODY_BYTES
                    + " bytes as JSON (the limit of a body)", null, false, false);
        }
    }

    /**
     * The JSON tree of a read value, within a budget of JSON bytes: Transit's cache makes a repeated key or
     * keyword a reference of a few bytes, so a small body can stand for a huge tree. Counting while converting
     * stops at the budget, so the work is bounded by it and not by what the references expand to.
     */
    private static final class JsonForm {
        private long remaining;

        JsonForm(long budget) {
            this.remaining = budget;
        }

        private void spend(long bytes) {
            remaining -= bytes;
            if (remaining < 0) {
                throw new TooLargeException();
            }
        }

        private JsonNode text(String text) {
            spend(Utf8.length(text) + 2);
            return NODES.textNode(text);
        }

        JsonNode toJson(Object value) {
            spend(1); // the separator after it
            return switch (value) {
                case null -> scalar(NODES.nullNode());
                case String text -> text(text);
                case Boolean bool -> scalar(NODES.booleanNode(bool));
                case Long number -> scalar(NODES.numberNode(number));
                case Integer number -> scalar(NODES.numberNode(number));
                case BigInteger number -> scalar(NODES.numberNode(number));
                case BigDecimal number -> scalar(NODES.numberNode(number));
                case Double number when number.isNaN() || number.isInfinite() ->
                        throw new MalformedException("the number " + number + " has no JSON form");
                case Double number -> scalar(NODES.numberNode(number));
                case Float number -> toJson(number.doubleValue());
                case Map<?, ?> map -> object(map);
                case Collection<?> items -> array(items);
                case Object[] items -> array(java.util.Arrays.asList(items));
                case Keyword keyword -> text(name(keyword));
                case Symbol symbol -> text(symbol.getValue());
                case Date instant -> text(instant.toInstant().toString());
                case UUID uuid -> text(uuid.toString());
                case Character character -> text(character.toString());
                case byte[] bytes -> text(Base64.getEncoder().encodeToString(bytes));
                case com.cognitect.transit.URI uri -> text(uri.getValue());
                case java.net.URI uri -> text(uri.toString());
                default -> throw new MalformedException("a Transit value of type "
                        + value.getClass().getSimpleName() + " has no JSON form");
            };
        }

        private JsonNode scalar(JsonNode node) {
            spend(node.asText().length());
            return node;
        }

        private ObjectNode object(Map<?, ?> map) {
            spend(2);
            ObjectNode object = NODES.objectNode();
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                String name = keyName(entry.getKey());
                spend(Utf8.length(name) + 3);
                object.set(name, toJson(entry.getValue()));
            }
            return object;
        }

        private ArrayNode array(Collection<?> items) {
            spend(2);
            ArrayNode array = NODES.arrayNode(items.size());
            for (Object item : items) {
                array.add(toJson(item));
            }
            return array;
        }
    }

    private static String keyName(Object key) {
        return switch (key) {
            case String text -> text;
            case Keyword keyword -> name(keyword);
            case Symbol symbol -> symbol.getValue();
            case null -> throw new MalformedException("a map key is null");
            default -> throw new MalformedException("a map key of type " + key.getClass().getSimpleName()
                    + " has no JSON form");
        };
    }

    /** A keyword's name, with its namespace if it has one ({@code :shop/order} → {@code shop/order}). */
    private static String name(Keyword keyword) {
        return keyword.getNamespace() == null ? keyword.getName() : keyword.getNamespace() + "/" + keyword.getName();
    }
}
