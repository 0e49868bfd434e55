package com.scaleout.functions.imports.domain;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which row a record upserts: key values compared by meaning, scoped to one client's table. */
class RecordKeyTest {
    /** Decimals exact, as the import routes read bodies. */
    private static final ObjectMapper EXACT = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .nodeFactory(JsonNodeFactory.withExactBigDecimals(true))
            .build();
    /** Jackson's defaults (doubles), as a tree built elsewhere may hold numbers. */
    private static final ObjectMapper PLAIN = new ObjectMapper();

    private static ObjectNode data(ObjectMapper mapper, String json) {
        try {
            return (ObjectNode) mapper.readTree(json);
        } catch (Exception e) {
            throw new IllegalArgumentException(json, e);
        }
    }

    private static String id(String dataJson, String... keyNames) {
        return RecordKey.of(4821, "orders", List.of(keyNames), data(EXACT, dataJson)).id();
    }

    @Test
    void theOrderOfKeyNamesDoesNotMatter() {
        String data = "{\"order_id\": \"A-1\", \"line\": 2, \"sku\": \"KB-101\"}";

        assertThat(id(data, "order_id", "line")).isEqualTo(id(data, "line", "order_id"));
    }

    @Test
    void theOrderOfFieldsInDataDoesNotMatter() {
        assertThat(id("{\"order_id\": \"A-1\", \"line\": 2}", "order_id", "line"))
                .isEqualTo(id("{\"line\": 2, \"order_id\": \"A-1\"}", "order_id", "line"));
    }

    @ParameterizedTest(name = "{0} is the same key as {1}")
    @CsvSource(delimiter = '|', value = {
        "1                        | 1.0",
        "1                        | 1e0",
        "1.0                      | 1E+0",
        "100                      | 1e2",
        "0.5                      | 5e-1",
        "2.50                     | 2.5",
        "-3                       | -3.000",
        "12345678901234567890     | 12345678901234567890.0"})
    void numbersAreTheSameKeyWhateverTheirNotation(String one, String other) {
        assertThat(id("{\"id\": " + one + "}", "id")).isEqualTo(id("{\"id\": " + other + "}", "id"));
    }

    @Test
    void numbersAreTheSameKeyWhetherReadExactlyOrAsDoubles() {
        var exact = RecordKey.of(4821, "orders", List.of("id"), data(EXACT, "{\"id\": 1.0}"));
        var doubles = RecordKey.of(4821, "orders", List.of("id"), data(PLAIN, "{\"id\": 1e0}"));

        assertThat(exact.id()).isEqualTo(doubles.id());
    }

    @ParameterizedTest(name = "{0} is not the key {1}")
    @CsvSource(delimiter = '|', value = {
        "1       | \"1\"",
        "1.0     | \"1.0\"",
        "true    | \"true\"",
        "1       | 2",
        "1       | 1.000001",
        "\"a\"   | \"A\"",
        "\"a\"   | \"a \""})
    void differentValuesOrTypesAreDifferentKeys(String one, String other) {
        assertThat(id("{\"id\": " + one + "}", "id")).isNotEqualTo(id("{\"id\": " + other + "}", "id"));
    }

    @Test
    void theSameKeyValuesInAnotherTableOrOfAnotherClientAreAnotherRow() {
        var data = data(EXACT, "{\"id\": 1}");
        String here = RecordKey.of(4821, "orders", List.of("id"), data).id();

        assertThat(RecordKey.of(4821, "customers", List.of("id"), data).id()).isNotEqualTo(here);
        assertThat(RecordKey.of(5930, "orders", List.of("id"), data).id()).isNotEqualTo(here);
    }

    @Test
    void keyValuesAreKeptAsTheClientSentThem() {
        var key = RecordKey.of(4821, "orders", List.of("line", "order_id"),
                data(EXACT, "{\"order_id\": \"A-1\", \"line\": 2.50, \"sku\": \"KB-101\"}"));

        assertThat(key.values().toString()).isEqualTo("{\"line\":2.50,\"order_id\":\"A-1\"}");
    }

    @Test
    void theIdIsShortAndTheSameLengthWhateverTheKey() {
        String shortKey = id("{\"id\": 1}", "id");
        String longKey = id("{\"id\": \"" + "k".repeat(255) + "\", \"line\": 123456789}", "id", "line");

        assertThat(shortKey).hasSize(32).matches("[A-Za-z0-9_-]+");
        assertThat(longKey).hasSize(32);
    }

    @Test
    void appendOnlyRecordsAreIdentifiedByTheWholeRecord() {
        var data = data(EXACT, "{\"url\": \"/pricing\"}");

        assertThat(RecordKey.appendOnly(4821, "views", 5, data).id())
                .isEqualTo(RecordKey.appendOnly(4821, "views", 5, data(EXACT, "{\"url\": \"/pricing\"}")).id());
        assertThat(RecordKey.appendOnly(4821, "views", 6, data).id())
                .isNotEqualTo(RecordKey.appendOnly(4821, "views", 5, data).id());
        assertThat(RecordKey.appendOnly(4821, "views", 5, data(EXACT, "{\"url\": \"/signup\"}")).id())
                .isNotEqualTo(RecordKey.appendOnly(4821, "views", 5, data).id());
        assertThat(RecordKey.appendOnly(4821, "views", 5, data).id())
                .isNotEqualTo(RecordKey.of(4821, "views", List.of("url"), data).id());
    }

    @Test
    void aKeyFieldWhoseNameLooksLikeSeveralFieldsIsItsOwnKey() {
        String twoFields = id("{\"a\": \"x\", \"b\": 1}", "a", "b");
        String oneFieldNamedLikeTwo = id("{\"a=j:\\\"x\\\", b\": 1}", "a=j:\"x\", b");

        assertThat(oneFieldNamedLikeTwo).isNotEqualTo(twoFields);
    }
}
