package com.scaleout.local.cost;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The size DynamoDB bills an item at, by the rules of "DynamoDB item sizes and formats" (developer guide,
 * CapacityUnitCalculations): the UTF-8 bytes of every attribute name plus its value's size. A string is its UTF-8
 * bytes, a binary its raw bytes, a number 1 byte per two significant digits plus 1, a null or Boolean 1 byte, a set
 * the sum of its elements, a list or map 3 bytes plus 1 byte per element plus the elements (a map's element names
 * included).
 */
public final class ItemSize {
    private static final int CONTAINER_OVERHEAD = 3;
    private static final int ELEMENT_OVERHEAD = 1;

    private ItemSize() {
    }

    /** Bytes of an item (0 for none). */
    public static long of(Map<String, AttributeValue> item) {
        if (item == null) {
            return 0;
        }
        long bytes = 0;
        for (var attribute : item.entrySet()) {
            bytes += utf8(attribute.getKey()) + value(attribute.getValue());
        }
        return bytes;
    }

    /** Bytes of one value, without its name. */
    static long value(AttributeValue value) {
        return switch (value.type()) {
            case S -> utf8(value.s());
            case N -> number(value.n());
            case B -> value.b().asByteArray().length;
            case BOOL, NUL -> 1;
            case SS -> value.ss().stream().mapToLong(ItemSize::utf8).sum();
            case NS -> value.ns().stream().mapToLong(ItemSize::number).sum();
            case BS -> value.bs().stream().mapToLong(b -> b.asByteArray().length).sum();
            case L -> CONTAINER_OVERHEAD + value.l().stream().mapToLong(v -> ELEMENT_OVERHEAD + value(v)).sum();
            case M -> CONTAINER_OVERHEAD + value.m().entrySet().stream()
                    .mapToLong(e -> ELEMENT_OVERHEAD + utf8(e.getKey()) + value(e.getValue())).sum();
            case UNKNOWN_TO_SDK_VERSION -> 0;
        };
    }

    /** 1 byte per two significant digits (leading and trailing zeroes trimmed) plus 1. */
    static long number(String number) {
        String digits = new BigDecimal(number).unscaledValue().abs().toString().replaceAll("0+$", "");
        int significant = digits.isEmpty() ? 1 : digits.length();
        return (significant + 1) / 2 + 1;
    }

    private static long utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8).length;
    }
}
