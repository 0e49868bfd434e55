package com.scaleout.functions.imports.domain;

import com.fasterxml.jackson.databind.JsonNode;

/** The JSON type of a value, as JSON Schema names it: what the change log's column statistics record. */
public final class JsonTypes {
    private JsonTypes() {
    }

    public static String of(JsonNode value) {
        return switch (value.getNodeType()) {
            case STRING, BINARY -> "string";
            case NUMBER -> value.isIntegralNumber() ? "integer" : "number";
            case BOOLEAN -> "boolean";
            case OBJECT, POJO -> "object";
            case ARRAY -> "array";
            case NULL, MISSING -> "null";
        };
    }
}
