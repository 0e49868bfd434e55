package com.scaleout.functions.imports.domain;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.scaleout.functions.shared.json.Json;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every record rule, each with the exact reason a client reads in the 422. */
class RecordRulesTest {
    /** Parsed as the import routes parse bodies: decimals exact. */
    private static final JsonMapper BODIES = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .nodeFactory(JsonNodeFactory.withExactBigDecimals(true))
            .build();
    private static final String VALID = """
            {"client_id": 4821, "table_name": "customers", "sequence": 100, "action": "upsert",
             "key_names": ["id"], "data": {"id": 1, "name": "Ada"}}""";

    private static JsonNode json(String text) {
        try {
            return BODIES.readTree(text);
        } catch (Exception e) {
            throw new IllegalArgumentException(text, e);
        }
    }

    /** The valid record with one field replaced (a JSON value) or removed (null). */
    private static JsonNode validWith(String field, String value) {
        ObjectNode record = (ObjectNode) json(VALID);
        if (value == null) {
            record.remove(field);
        } else {
            record.set(field, json(value));
        }
        return record;
    }

    private static String reasonOf(RecordRules.Checked checked) {
        assertThat(checked).isInstanceOf(RecordRules.Invalid.class);
        return ((RecordRules.Invalid) checked).reason();
    }

    private static ImportRecord recordOf(RecordRules.Checked checked) {
        assertThat(checked).isInstanceOf(RecordRules.Valid.class);
        return ((RecordRules.Valid) checked).record();
    }

    @Test
    void aValidPushRecordBecomesTheRecordToUpsert() {
        var checked = RecordRules.pushRecord(3, json(VALID));

        assertThat(((RecordRules.Valid) checked).index()).isEqualTo(3);
        var record = recordOf(checked);
        assertThat(record.clientId()).isEqualTo(4821);
        assertThat(record.table()).isEqualTo("customers");
        assertThat(record.sequence()).isEqualTo(100);
        assertThat(record.keyNames()).containsExactly("id");
        assertThat(record.data()).isEqualTo(json("{\"id\": 1, \"name\": \"Ada\"}"));
        assertThat(record.key().values()).isEqualTo(json("{\"id\": 1}"));
    }

    @Test
    void aRecordThatIsNotAnObjectIsRejectedWithItsIndex() {
        assertThat(reasonOf(RecordRules.pushRecord(7, json("[1, 2]")))).isEqualTo("record 7: is not an object");
        assertThat(reasonOf(RecordRules.pushRecord(0, json("\"customers\"")))).isEqualTo("record 0: is not an object");
    }

    @ParameterizedTest(name = "client_id {0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "<absent>             | client_id is required",
        "null                 | client_id is required",
        "\"4821\"             | client_id must be a positive integer",
        "0                    | client_id must be a positive integer",
        "-4821                | client_id must be a positive integer",
        "4821.5               | client_id must be a positive integer",
        "9223372036854775808  | client_id must be a positive integer",
        "true                 | client_id must be a positive integer"})
    void clientIdMustBeAPositiveInteger(String value, String reason) {
        var checked = RecordRules.pushRecord(0, validWith("client_id", value.equals("<absent>") ? null : value));

        assertThat(reasonOf(checked)).isEqualTo("record 0: " + reason);
    }

    @ParameterizedTest(name = "table_name {0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "<absent>             | table_name is required",
        "null                 | table_name is required",
        "42                   | table_name must be a string",
        "\"\"                 | table_name must not be blank",
        "\"   \"              | table_name must not be blank",
        "\"orders\\u0000x\"   | table_name must not contain control characters",
        "\"orders\\nlines\"   | table_name must not contain control characters"})
    void tableNameMustBeANonBlankStringWithoutControlCharacters(String value, String reason) {
        var checked = RecordRules.pushRecord(0, validWith("table_name", value.equals("<absent>") ? null : value));

        assertThat(reasonOf(checked)).isEqualTo("record 0: " + reason);
    }

    @Test
    void tableNameMayHave255CharactersButNotMore() {
        var longest = RecordRules.pushRecord(0, validWith("table_name", "\"" + "t".repeat(255) + "\""));
        var tooLong = RecordRules.pushRecord(0, validWith("table_name", "\"" + "t".repeat(256) + "\""));

        assertThat(recordOf(longest).table()).hasSize(255);
        assertThat(reasonOf(tooLong)).isEqualTo("record 0: table_name must be at most 255 characters");
    }

    @ParameterizedTest(name = "sequence {0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "<absent>               | sequence is required",
        "null                   | sequence is required",
        "1.5                    | sequence must be an integer",
        "100.0                  | sequence must be an integer",
        "\"100\"                | sequence must be an integer",
        "true                   | sequence must be an integer",
        "9223372036854775808    | sequence must be at most 9223372036854775807 and at least -9223372036854775808",
        "-9223372036854775809   | sequence must be at most 9223372036854775807 and at least -9223372036854775808",
        "100000000000000000000  | sequence must be at most 9223372036854775807 and at least -9223372036854775808"})
    void sequenceMustBeAnIntegerThatFitsInALong(String value, String reason) {
        var checked = RecordRules.pushRecord(0, validWith("sequence", value.equals("<absent>") ? null : value));

        assertThat(reasonOf(checked)).isEqualTo("record 0: " + reason);
    }

    @Test
    void theLargestSequenceIsAccepted() {
        var checked = RecordRules.pushRecord(0, validWith("sequence", "9223372036854775807"));

        assertThat(recordOf(checked).sequence()).isEqualTo(Long.MAX_VALUE);
    }

    @ParameterizedTest(name = "action {0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "<absent>     | action is required",
        "null         | action is required",
        "\"delete\"   | action must be \"upsert\"",
        "\"UPSERT\"   | action must be \"upsert\"",
        "1            | action must be \"upsert\""})
    void actionMustBeUpsert(String value, String reason) {
        var checked = RecordRules.pushRecord(0, validWith("action", value.equals("<absent>") ? null : value));

        assertThat(reasonOf(checked)).isEqualTo("record 0: " + reason);
    }

    @ParameterizedTest(name = "key_names {0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "<absent>          | key_names is required",
        "null              | key_names is required",
        "\"id\"            | key_names must be an array of field names",
        "[]                | key_names must name at least one field",
        "[\"id\", 2]       | key_names must contain only non-empty strings",
        "[\"\"]            | key_names must contain only non-empty strings",
        "[\"id\", \"id\"]  | key_names names \"id\" twice"})
    void keyNamesMustBeDistinctNonEmptyStrings(String value, String reason) {
        var checked = RecordRules.pushRecord(0, validWith("key_names", value.equals("<absent>") ? null : value));

        assertThat(reasonOf(checked)).isEqualTo("record 0: " + reason);
    }

    @ParameterizedTest(name = "data {0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "<absent>                          | data is required",
        "null                              | data is required",
        "[1, \"Ada\"]                      | data must be an object",
        "\"{}\"                            | data must be an object",
        "{\"name\": \"Ada\"}               | key field \"id\" is missing from data",
        "{\"id\": null}                    | key field \"id\" is null",
        "{\"id\": {\"a\": 1}}              | key field \"id\" must be a string, number or boolean",
        "{\"id\": [1]}                     | key field \"id\" must be a string, number or boolean"})
    void dataMustBeAnObjectHoldingEveryKeyField(String value, String reason) {
        var checked = RecordRules.pushRecord(0, validWith("data", value.equals("<absent>") ? null : value));

        assertThat(reasonOf(checked)).isEqualTo("record 0: " + reason);
    }

    @Test
    void stringKeyValuesMustBeShorterThan256Characters() {
        var longest = RecordRules.pushRecord(0, validWith("data", "{\"id\": \"" + "k".repeat(255) + "\"}"));
        var tooLong = RecordRules.pushRecord(1, validWith("data", "{\"id\": \"" + "k".repeat(256) + "\"}"));

        assertThat(recordOf(longest).key().values().get("id").asText()).hasSize(255);
        assertThat(reasonOf(tooLong))
                .isEqualTo("record 1: key field \"id\" is 256 characters long; key values must be shorter than 256");
    }

    @Test
    void stringNumberAndBooleanKeyValuesAreAccepted() {
        ObjectNode record = (ObjectNode) validWith("key_names", "[\"id\", \"region\", \"active\"]");
        record.set("data", json("{\"id\": 1.5, \"region\": \"eu\", \"active\": true, \"name\": \"Ada\"}"));

        assertThat(recordOf(RecordRules.pushRecord(0, record)).key().values())
                .isEqualTo(json("{\"id\": 1.5, \"region\": \"eu\", \"active\": true}"));
    }

    @Test
    void dataMayHave10000FieldsButNotMore() {
        ObjectNode record = (ObjectNode) json(VALID);
        ObjectNode data = (ObjectNode) record.get("data");
        for (int i = data.size(); i < 10_000; i++) {
            data.put("f" + i, i);
        }
        var widest = RecordRules.pushRecord(0, record.deepCopy());
        data.put("one_more", 1);
        var tooWide = RecordRules.pushRecord(0, record);

        assertThat(recordOf(widest).data().size()).isEqualTo(10_000);
        assertThat(reasonOf(tooWide)).isEqualTo("record 0: data has 10001 fields; at most 10000 are allowed");
    }

    @Test
    void dataKeyAndTableNameMustFitInOneItemAsJson() {
        ObjectNode record = (ObjectNode) json(VALID);
        ObjectNode data = (ObjectNode) record.get("data");
        data.put("notes", "n".repeat(380_000));
        var charset = java.nio.charset.StandardCharsets.UTF_8;
        var keyValues = Json.MAPPER.createObjectNode();
        record.get("key_names").forEach(name -> keyValues.set(name.asText(), data.get(name.asText())));
        int bytes = data.toString().getBytes(charset).length + keyValues.toString().getBytes(charset).length
                + record.get("table_name").asText().getBytes(charset).length;

        assertThat(reasonOf(RecordRules.pushRecord(0, record))).isEqualTo("record 0: data, key and table name are "
                + bytes + " bytes as JSON; at most 380000 are allowed per record");
    }

    @Test
    void anInvalidRecordNamesItsClientWhenItsClientIdIsValid() {
        var keyMissing = RecordRules.pushRecord(0, validWith("data", "{\"name\": \"Ada\"}"));
        var badClientId = RecordRules.pushRecord(1, validWith("client_id", "\"4821\""));
        var notAnObject = RecordRules.pushRecord(2, json("[]"));

        assertThat(((RecordRules.Invalid) keyMissing).clientId()).hasValue(4821);
        assertThat(((RecordRules.Invalid) badClientId).clientId()).isEmpty();
        assertThat(((RecordRules.Invalid) notAnObject).clientId()).isEmpty();
    }

    @Test
    void theFirstBrokenRuleIsTheReason() {
        ObjectNode record = (ObjectNode) validWith("client_id", "\"4821\"");
        record.put("table_name", " ");
        record.remove("data");

        assertThat(reasonOf(RecordRules.pushRecord(0, record)))
                .isEqualTo("record 0: client_id must be a positive integer");
    }

    @Test
    void batchMessagesTakeTableAndKeysFromTheBatchAndNameTheMessage() {
        var valid = RecordRules.batchMessage(2,
                json("{\"action\": \"upsert\", \"sequence\": 5, \"data\": {\"id\": 9}}"),
                4821, "customers", List.of("id"));
        var noAction = RecordRules.batchMessage(3, json("{\"sequence\": 5, \"data\": {\"id\": 9}}"),
                4821, "customers", List.of("id"));
        var missingKey = RecordRules.batchMessage(4, json("{\"action\": \"upsert\", \"sequence\": 5, \"data\": {}}"),
                4821, "customers", List.of("id"));
        var notAnObject = RecordRules.batchMessage(5, json("7"), 4821, "customers", List.of("id"));

        assertThat(recordOf(valid).table()).isEqualTo("customers");
        assertThat(recordOf(valid).clientId()).isEqualTo(4821);
        assertThat(reasonOf(noAction)).isEqualTo("message 3: action is required");
        assertThat(reasonOf(missingKey)).isEqualTo("message 4: key field \"id\" is missing from data");
        assertThat(reasonOf(notAnObject)).isEqualTo("message 5: is not an object");
    }

    @Test
    void batchMessagesWithoutKeyNamesAreAppendOnly() {
        var first = recordOf(RecordRules.batchMessage(0,
                json("{\"action\": \"upsert\", \"sequence\": 5, \"data\": {\"url\": \"/a\"}}"),
                4821, "views", List.of()));
        var second = recordOf(RecordRules.batchMessage(1,
                json("{\"action\": \"upsert\", \"sequence\": 6, \"data\": {\"url\": \"/a\"}}"),
                4821, "views", List.of()));

        assertThat(first.key().id()).isNotEqualTo(second.key().id());
        assertThat(first.key().values()).isEmpty();
    }

    @Test
    void rjMetricsPointsNameTheirKeysInKeysWhichIsNotStored() {
        var valid = RecordRules.rjMetricsPoint(0, json("{\"keys\": [\"id\"], \"id\": 17, \"url\": \"/pricing\"}"),
                4821, "page_views", 1_000);
        var noKeys = RecordRules.rjMetricsPoint(1, json("{\"id\": 17}"), 4821, "page_views", 1_001);
        var emptyKeys = RecordRules.rjMetricsPoint(2, json("{\"keys\": [], \"id\": 17}"), 4821, "page_views", 1_002);
        var keyMissing = RecordRules.rjMetricsPoint(3, json("{\"keys\": [\"id\"], \"url\": \"/\"}"), 4821, "v", 1_003);
        var notAnObject = RecordRules.rjMetricsPoint(4, json("[]"), 4821, "page_views", 1_004);

        assertThat(recordOf(valid).data()).isEqualTo(json("{\"id\": 17, \"url\": \"/pricing\"}"));
        assertThat(recordOf(valid).sequence()).isEqualTo(1_000);
        assertThat(reasonOf(noKeys)).isEqualTo("point 1: keys is required");
        assertThat(reasonOf(emptyKeys)).isEqualTo("point 2: keys must name at least one field");
        assertThat(reasonOf(keyMissing)).isEqualTo("point 3: key field \"id\" is missing from data");
        assertThat(reasonOf(notAnObject)).isEqualTo("point 4: is not an object");
    }
}
