package com.scaleout.functions.imports.domain;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.List;

/**
 * The import validator on any JSON value, as a push record, a batch message and an RJMetrics point: each check
 * answers valid or invalid with a reason, never throws, and what it lets through keeps the limits.
 */
class RecordRulesFuzzTest {
    private static final JsonMapper EXACT = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .nodeFactory(JsonNodeFactory.withExactBigDecimals(true))
            .build();

    @FuzzTest(maxDuration = "5s")
    void check(byte[] input) {
        JsonNode value;
        try {
            value = EXACT.readTree(input);
        } catch (Exception notJson) {
            return; // the body parsers' own target (ImportBodiesFuzzTest) covers malformed JSON
        }
        if (value == null) {
            return;
        }
        requireSound(RecordRules.pushRecord(0, value));
        requireSound(RecordRules.batchMessage(0, value, 42, "orders", List.of("id")));
        requireSound(RecordRules.rjMetricsPoint(0, value, 42, "orders", 7));
    }

    private static void requireSound(RecordRules.Checked checked) {
        switch (checked) {
            case RecordRules.Invalid invalid -> {
                if (invalid.reason() == null || invalid.reason().isBlank()) {
                    throw new AssertionError("invalid without a reason");
                }
            }
            case RecordRules.Valid valid -> {
                ImportRecord record = valid.record();
                if (record.table().isBlank() || record.table().length() > ImportLimits.MAX_TABLE_NAME_LENGTH
                        || record.clientId() <= 0
                        || !record.data().properties().stream().map(java.util.Map.Entry::getKey).toList()
                        .containsAll(record.keyNames())) {
                    throw new AssertionError("valid past the rules: " + record);
                }
            }
        }
    }
}
