package com.scaleout.functions.social.dynamodb;

import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Small conversions between DynamoDB attribute values and Java values. */
final class Attributes {

    private Attributes() {
    }

    static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }

    static AttributeValue n(long value) {
        return AttributeValue.fromN(Long.toString(value));
    }

    static String string(Map<String, AttributeValue> item, String name) {
        AttributeValue value = item.get(name);
        return value == null ? null : value.s();
    }

    static long number(Map<String, AttributeValue> item, String name) {
        AttributeValue value = item.get(name);
        return value == null || value.n() == null ? 0 : Long.parseLong(value.n());
    }

    static List<String> strings(Map<String, AttributeValue> item, String name) {
        AttributeValue value = item.get(name);
        return value == null || !value.hasL() ? List.of() : value.l().stream().map(AttributeValue::s).toList();
    }

    static AttributeValue list(List<String> values) {
        return AttributeValue.fromL(values.stream().map(AttributeValue::fromS).toList());
    }
}
