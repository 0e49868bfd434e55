package com.scaleout.functions.imports.http;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.functions.imports.domain.ImportLimits;
import com.scaleout.functions.shared.http.ApiRequest;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BiFunction;

/**
 * Reads an import request's body once. A JSON array is streamed: each element becomes a tree and is checked as
 * soon as it is read, so the whole body never exists as one tree and a request past the record limit stops at
 * the first record too many. Transit JSON is read whole by Cognitect's reader (it has no element stream).
 */
final class RequestBodies {
    enum Format { JSON, TRANSIT }

    /** Jackson's defaults (numbers of at most 1,000 characters), for JSON and Transit JSON bodies alike. */
    static final StreamReadConstraints NUMBERS = StreamReadConstraints.defaults();

    /** Decimals kept exactly as sent ({@code 1.10} stays {@code 1.10}): the warehouse gets what the client sent. */
    private static final JsonMapper EXACT = JsonMapper.builder(
                    JsonFactory.builder().streamReadConstraints(NUMBERS).build())
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .nodeFactory(JsonNodeFactory.withExactBigDecimals(true))
            .build();

    private RequestBodies() {
    }

    /** The body's format from its Content-Type; 415 for anything else (Stitch's rule). */
    static Format format(ApiRequest request, boolean transitAllowed) {
        String header = request.header("content-type");
        String type = header == null ? "" : header.split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
        if (type.equals("application/json")) {
            return Format.JSON;
        }
        if (transitAllowed && type.equals("application/transit+json")) {
            return Format.TRANSIT;
        }
        throw StitchResponses.unsupportedContentType(type.isEmpty() ? "(none)" : type);
    }

    /** Each element of the body's top-level array, checked by {@code check(index, element)}. */
    static <T> List<T> array(byte[] body, Format format, BiFunction<Integer, JsonNode, T> check) {
        if (format == Format.TRANSIT) {
            JsonNode tree = transit(body);
            if (!tree.isArray()) {
                throw notAnArray();
            }
            requireCount(tree.size());
            var checked = new ArrayList<T>(tree.size());
            for (int i = 0; i < tree.size(); i++) {
                checked.add(check.apply(i, tree.get(i)));
            }
            return checked;
        }
        return parse(body, parser -> {
            if (parser.nextToken() != JsonToken.START_ARRAY) {
                if (parser.currentToken() == null) {
                    throw StitchResponses.malformed("the body is empty");
                }
                parser.skipChildren();
                requireEnd(parser);
                throw notAnArray();
            }
            var checked = new ArrayList<T>();
            for (JsonToken token = parser.nextToken(); token != JsonToken.END_ARRAY; token = parser.nextToken()) {
                if (token == null) {
                    throw StitchResponses.malformed("the array is not closed");
                }
                requireCount(checked.size() + 1);
                checked.add(check.apply(checked.size(), parser.readValueAsTree()));
            }
            requireEnd(parser);
            requireCount(checked.size());
            return checked;
        });
    }

    /** The whole body as one tree (the batch format is one object). */
    static JsonNode tree(byte[] body, Format format) {
        if (format == Format.TRANSIT) {
            return transit(body);
        }
        return parse(body, parser -> {
            if (parser.nextToken() == null) {
                throw StitchResponses.malformed("the body is empty");
            }
            JsonNode tree = parser.readValueAsTree();
            requireEnd(parser);
            return tree;
        });
    }

    /** What a body's JSON parser reads; an error in its text is a 400 saying where and why. */
    private interface Reading<T> {
        T read(JsonParser parser) throws IOException;
    }

    private static <T> T parse(byte[] body, Reading<T> reading) {
        try (JsonParser parser = EXACT.createParser(body)) {
            try {
                return reading.read(parser);
            } catch (JsonProcessingException e) {
                // a limit's error knows no location: the parser's is where it stopped
                throw StitchResponses.malformed(JsonProblems.describe(e, parser.currentLocation()));
            } catch (NumberFormatException e) {
                // Jackson lets BigDecimal's refusal escape for an exponent beyond an int (1e-2147483649)
                throw StitchResponses.malformed(JsonProblems.numberOutOfRange(parser.getText(),
                        parser.currentLocation()));
            }
        } catch (IOException e) {
            throw unreadable();
        }
    }

    private static JsonNode transit(byte[] body) {
        try {
            return TransitJson.read(body);
        } catch (TransitJson.MalformedException e) {
            throw StitchResponses.malformed(e.getMessage());
        } catch (TransitJson.TooLargeException e) {
            throw StitchResponses.error(413, e.getMessage());
        }
    }

    private static void requireEnd(JsonParser parser) throws IOException {
        if (parser.nextToken() != null) {
            throw StitchResponses.malformed("unexpected content after the end of the JSON value");
        }
    }

    private static void requireCount(int count) {
        if (count > ImportLimits.MAX_RECORDS) {
            throw StitchResponses.error(400, "A request may contain at most " + ImportLimits.MAX_RECORDS
                    + " records");
        }
    }

    /**
     * Not JSON text at all: the parser guesses the encoding from the first bytes (NULs mean UTF-16 or UTF-32) and
     * stops at the first invalid character. The body is in memory, so no read fails for any other reason.
     */
    private static com.scaleout.functions.shared.http.ApiException unreadable() {
        return StitchResponses.malformed("the body is not JSON text (UTF-8)");
    }

    static com.scaleout.functions.shared.http.ApiException notAnArray() {
        return StitchResponses.error(400, "An array of records is expected");
    }
}
