package com.scaleout.functions.shared.http;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.type.LogicalType;
import java.util.stream.Collectors;

/**
 * Strict reading of request bodies: a JSON value of the wrong type is an error (no silent 123 → "123"), so is text
 * that is not Unicode (a lone surrogate), unknown fields are ignored (clients may send more than a route reads), and
 * the error names the field.
 */
public final class RequestJson {
    private static final JsonMapper STRICT = strictMapper();
    /** Why text with a lone surrogate is refused, for every reader of client text. */
    public static final String NOT_UNICODE = "is not valid Unicode: it holds a lone UTF-16 surrogate (half a character)";

    private RequestJson() {
    }

    private static JsonMapper strictMapper() {
        var mapper = JsonMapper.builder()
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                .addModule(new SimpleModule("well-formed text").addDeserializer(String.class, new WellFormedText()))
                .build();
        // A number or boolean where text is expected is a client error, and so is text where a number is.
        mapper.coercionConfigFor(LogicalType.Textual)
                .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
        for (LogicalType type : new LogicalType[] {LogicalType.Integer, LogicalType.Float, LogicalType.Boolean}) {
            mapper.coercionConfigFor(type)
                    .setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail);
        }
        mapper.coercionConfigFor(LogicalType.Integer).setCoercion(CoercionInputShape.Float, CoercionAction.Fail);
        mapper.getFactory().setStreamReadConstraints(StreamReadConstraints.builder()
                .maxNestingDepth(64).maxStringLength(1_000_000).build());
        return mapper;
    }

    /** Databind wraps a parse error met while reading a field (e.g. the body ends inside a string). */
    private static boolean causedByUnreadableJson(Throwable error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (cause instanceof StreamReadException) {
                return true;
            }
        }
        return false;
    }

    /** Parses {@code body} into {@code type}; a 400 naming the problem when it is not that JSON object. */
    public static <T> T read(String body, Class<T> type) {
        if (body == null || body.isBlank()) {
            throw ApiException.badRequest("Request body is required (a JSON object)");
        }
        ObjectReader reader = STRICT.readerFor(type);
        try {
            T value = reader.readValue(body);
            if (value == null) {
                throw ApiException.badRequest("Request body must be a JSON object");
            }
            return value;
        } catch (JsonMappingException e) {
            if (causedByUnreadableJson(e)) {
                throw ApiException.badRequest("Malformed JSON body");
            }
            String field = e.getPath().stream()
                    .map(ref -> ref.getFieldName() != null ? ref.getFieldName() : "[" + ref.getIndex() + "]")
                    .collect(Collectors.joining("."));
            if (field.isEmpty()) {
                throw ApiException.badRequest("Request body must be a JSON object");
            }
            if (e instanceof WellFormedText.IllFormed) {
                throw ApiException.invalidField(field, NOT_UNICODE);
            }
            throw ApiException.invalidField(field, "has the wrong type");
        } catch (JacksonException e) {
            throw ApiException.badRequest("Malformed JSON body");
        }
    }
}
