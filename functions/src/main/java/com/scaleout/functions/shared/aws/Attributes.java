package com.scaleout.functions.shared.aws;

import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Small conversions between DynamoDB attribute values and Java values. */
public final class Attributes {

    private Attributes() {
    }

    public static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }

    public static AttributeValue n(long value) {
        return AttributeValue.fromN(Long.toString(value));
    }

    public static String string(Map<String, AttributeValue> item, String name) {
        AttributeValue value = item.get(name);
        return value == null ? null : value.s();
    }

    public static long number(Map<String, AttributeValue> item, String name) {
        AttributeValue value = item.get(name);
        return value == null || value.n() == null ? 0 : Long.parseLong(value.n());
    }

    public static List<String> strings(Map<String, AttributeValue> item, String name) {
        AttributeValue value = item.get(name);
        return value == null || !value.hasL() ? List.of() : value.l().stream().map(AttributeValue::s).toList();
    }

    public static AttributeValue list(List<String> values) {
        return AttributeValue.fromL(values.stream().map(AttributeValue::fromS).toList());
    }
}
