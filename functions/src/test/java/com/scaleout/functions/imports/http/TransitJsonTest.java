package com.scaleout.functions.imports.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.cognitect.transit.TransitFactory;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Transit JSON, as Cognitect's writer produces it, read into the tree a plain JSON body would give. */
class TransitJsonTest {

    private static byte[] written(Object value) {
        var out = new ByteArrayOutputStream();
        TransitFactory.writer(TransitFactory.Format.JSON, out).write(value);
        return out.toByteArray();
    }

    private static JsonNode read(Object value) {
        return TransitJson.read(written(value));
    }

    @Test
    void instantsBecomeIso8601StringsInUtc() {
        var tree = read(Map.of("at", new Date(1795993200123L), "whole", new Date(1795993260000L)));

        assertThat(tree.get("at").asText()).isEqualTo("2026-11-29T23:00:00.123Z");
        assertThat(tree.get("whole").asText()).isEqualTo("2026-11-29T23:01:00Z");
    }

    @Test
    void decimalsKeepTheirScaleAndBigIntegersTheirDigits() {
        var tree = read(Map.of("total", new BigDecimal("149.90"), "huge", new BigInteger("123456789012345678901234"),
                "beyondDoubles", 9007199254740993L, "small", 42));

        assertThat(tree.get("total").decimalValue()).isEqualTo(new BigDecimal("149.90"));
        assertThat(tree.get("total").toString()).isEqualTo("149.90");
        assertThat(tree.get("huge").bigIntegerValue()).isEqualTo(new BigInteger("123456789012345678901234"));
        assertThat(tree.get("beyondDoubles").longValue()).isEqualTo(9007199254740993L);
        assertThat(tree.get("small").isIntegralNumber()).isTrue();
        assertThat(tree.get("small").asLong()).isEqualTo(42);
    }

    @Test
    void identifiersBecomeStrings() {
        var id = UUID.fromString("3f6c1e0a-52b4-4d1e-9a47-0c2d8e9b7a61");
        var tree = read(Map.of(
                "uuid", id,
                "keyword", TransitFactory.keyword("pending"),
                "namespaced", TransitFactory.keyword("shop/status"),
                "symbol", TransitFactory.symbol("sku"),
                "uri", TransitFactory.uri("https://example.com/a?b=c"),
                "char", 'x',
                "bytes", "hi!".getBytes(StandardCharsets.US_ASCII)));

        assertThat(tree.get("uuid").asText()).isEqualTo(id.toString());
        assertThat(tree.get("keyword").asText()).isEqualTo("pending");
        assertThat(tree.get("namespaced").asText()).isEqualTo("shop/status");
        assertThat(tree.get("symbol").asText()).isEqualTo("sku");
        assertThat(tree.get("uri").asText()).isEqualTo("https://example.com/a?b=c");
        assertThat(tree.get("char").asText()).isEqualTo("x");
        assertThat(tree.get("bytes").asText()).isEqualTo("aGkh");
    }

    @Test
    void mapsBecomeObjectsAndListsAndSetsArrays() {
        var nested = new LinkedHashMap<Object, Object>();
        nested.put(TransitFactory.keyword("status"), "open");
        nested.put("~tilde", "escaped by the writer");
        nested.put("nothing", null);
        var tree = read(List.of(Map.of("tags", List.of("priority", "eu"), "set", Set.of(1L),
                "nested", nested, "flag", true)));

        assertThat(tree.isArray()).isTrue();
        var first = tree.get(0);
        assertThat(first.get("tags").toString()).isEqualTo("[\"priority\",\"eu\"]");
        assertThat(first.get("set").toString()).isEqualTo("[1]");
        assertThat(first.get("flag").booleanValue()).isTrue();
        assertThat(first.get("nested").get("status").asText()).isEqualTo("open");
        assertThat(first.get("nested").get("~tilde").asText()).isEqualTo("escaped by the writer");
        assertThat(first.get("nested").get("nothing").isNull()).isTrue();
    }

    @Test
    void mapsKeepTheFieldOrderTheClientWrote() {
        var data = new LinkedHashMap<Object, Object>();
        for (String field : List.of("zeta", "alpha", "mu", "beta", "omega", "gamma", "delta", "epsilon", "eta")) {
            data.put(field, field.length());
        }

        var tree = read(data);

        assertThat(tree.fieldNames()).toIterable()
                .containsExactly("zeta", "alpha", "mu", "beta", "omega", "gamma", "delta", "epsilon", "eta");
    }

    @Test
    void repeatedMapKeysCachedByTheWriterReadBackByName() {
        var records = List.of(Map.of("client_id", 1, "table_name", "orders"),
                Map.of("client_id", 2, "table_name", "orders"));

        assertThat(new String(written(records), StandardCharsets.UTF_8)).contains("^0");
        var tree = TransitJson.read(written(records));

        assertThat(tree.get(1).get("client_id").asLong()).isEqualTo(2);
        assertThat(tree.get(1).get("table_name").asText()).isEqualTo("orders");
    }

    @Test
    void numbersJsonCannotHoldMakeTheBodyMalformed() {
        assertThatThrownBy(() -> read(Map.of("ratio", Double.NaN)))
                .isInstanceOf(TransitJson.MalformedException.class)
                .hasMessage("the number NaN has no JSON form");
        assertThatThrownBy(() -> read(Map.of("ratio", Double.POSITIVE_INFINITY)))
                .isInstanceOf(TransitJson.MalformedException.class)
                .hasMessage("the number Infinity has no JSON form");
    }

    @Test
    void mapKeysJsonCannotHoldMakeTheBodyMalformed() {
        assertThatThrownBy(() -> read(Map.of(7L, "seven")))
                .isInstanceOf(TransitJson.MalformedException.class)
                .hasMessage("a map key of type Long has no JSON form");
    }

    @Test
    void anUnknownTagMakesTheBodyMalformed() {
        assertThatThrownBy(() -> TransitJson.read("[\"~#point\",[1,2]]".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(TransitJson.MalformedException.class)
                .hasMessageEndingWith("has no JSON form");
    }

    @Test
    void textThatIsNotTransitJsonIsMalformed() {
        assertThatThrownBy(() -> TransitJson.read("[{\"client_id\": ".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(TransitJson.MalformedException.class)
                .hasMessageStartingWith("the body ends inside a JSON value").hasMessageEndingWith("line 1, column 16");
    }
    /** The 110 KB body: 20,000 references to one 10,000-character keyword, 200 MB as JSON. */
    @Test
    void cacheReferencesThatExpandPastTheJsonBodyLimitAreRefusedWhileDecoding() {
        assertThatThrownBy(() -> TransitJson.read(TransitExpansionBench.referenceBomb(10_000, 20_000)))
                .isInstanceOf(TransitJson.TooLargeException.class)
                .hasMessage("the Transit JSON body is more than 6291456 bytes as JSON (the limit of a body)");
    }

    /** Each reference to a 1,000-character keyword is 1,003 bytes as JSON (quotes and a comma). */
    @Test
    void theBudgetIsTheJsonBodyLimit() {
        var within = TransitJson.read(TransitExpansionBench.referenceBomb(1_000, 6_000));

        assertThat(within.get(0).get("data").get("v")).hasSize(6_000);
        assertThatThrownBy(() -> TransitJson.read(TransitExpansionBench.referenceBomb(1_000, 6_300)))
                .isInstanceOf(TransitJson.TooLargeException.class);
    }
}
