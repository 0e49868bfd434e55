package com.scaleout.local.imports;

import static com.scaleout.local.imports.ImportRoutesClient.ADMIN_KEY;
import static com.scaleout.local.imports.ImportRoutesClient.json;
import static com.scaleout.local.imports.ImportRoutesClient.newClientId;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.cognitect.transit.TransitFactory;
import com.scaleout.local.imports.ImportRoutesClient.Key;
import com.scaleout.local.imports.ImportRoutesClient.Reply;
import com.scaleout.local.imports.ImportRoutesClient.Stored;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.local.testing.ProductionApiIT;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The import API through the local runtime, on moto's DynamoDB: keys made and revoked through the admin routes,
 * Stitch pushes (JSON and Transit), validate, batch and the RJMetrics routes, with what they stored read from the
 * ImportRecords table itself. Every test uses clients of its own, so the tests share one runtime.
 */
class ImportIT extends ProductionApiIT {
    private static final String UNPROCESSABLE = "Request cannot be processed; see errors.";

    private static ImportRoutesClient imports;

    @BeforeAll
    static void importClient() {
        imports = new ImportRoutesClient(fixture.runtime().url(), fixture.runtime().backends().dynamoDbEndpoint());
    }

    @AfterAll
    static void closeImportClient() {
        imports.close();
    }

    /** One Stitch push record. */
    private static String record(long clientId, String table, long sequence, String keyNames, String data) {
        return "{\"client_id\": " + clientId + ", \"table_name\": " + table + ", \"sequence\": " + sequence
                + ", \"action\": \"upsert\", \"key_names\": " + keyNames + ", \"data\": " + data + "}";
    }

    private static String customer(long clientId, long sequence, int id, String name) {
        return record(clientId, "\"customers\"", sequence, "[\"id\"]",
                "{\"id\": " + id + ", \"name\": \"" + name + "\"}");
    }

    private static String array(List<String> records) {
        return "[" + String.join(", ", records) + "]";
    }

    private static void assertAccepted(Reply reply) {
        assertThat(reply.status()).as(reply.body()).isEqualTo(201);
        assertThat(reply.json()).isEqualTo(json("{\"status\": \"OK\", \"message\": \"Batch Accepted!\"}"));
    }

    private static void assertUnprocessable(Reply reply, int index, String reason) {
        assertThat(reply.status()).as(reply.body()).isEqualTo(422);
        assertThat(reply.text("status")).isEqualTo("ERROR");
        assertThat(reply.text("error")).isEqualTo(UNPROCESSABLE);
        assertThat(reply.json().get("errors")).isEqualTo(json(
                "[{\"index\": " + index + ", \"reason\": " + Json.write(reason) + "}]"));
    }

    // ---- push ----

    @Test
    void aPushIsStoredRecordByRecordInImportRecords() {
        long client = newClientId();
        Key key = imports.createKey(client);

        var reply = imports.push(key.token(), array(List.of(
                customer(client, 100, 1, "Ada"),
                customer(client, 101, 2, "Grace"),
                record(client, "\"order_lines\"", 102, "[\"order_id\", \"line\"]",
                        "{\"order_id\": \"A-1\", \"line\": 1, \"amount\": 149.90}"))));

        assertAccepted(reply);
        List<Stored> stored = imports.stored(client);
        assertThat(stored).extracting(Stored::tableName, Stored::sequence).containsExactly(
                tuple("customers", 100L),
                tuple("customers", 101L),
                tuple("order_lines", 102L));
        assertThat(stored).allSatisfy(record -> {
            assertThat(record.clientId()).isEqualTo(client);
            assertThat(record.recordId()).matches("[A-Za-z0-9_-]{32}");
        });
        assertThat(stored.get(0).key()).isEqualTo(json("{\"id\": 1}"));
        assertThat(stored.get(0).data()).isEqualTo(json("{\"id\": 1, \"name\": \"Ada\"}"));
        assertThat(stored.get(2).key()).isEqualTo(json("{\"order_id\": \"A-1\", \"line\": 1}"));
        assertThat(stored.get(2).data().get("amount").toString()).as("decimals as sent").isEqualTo("149.90");
    }

    @Test
    void aReplayedPushChangesNothing() {
        long client = newClientId();
        Key key = imports.createKey(client);
        String push = array(List.of(customer(client, 100, 1, "Ada"), customer(client, 101, 2, "Grace")));
        assertAccepted(imports.push(key.token(), push));
        List<Stored> first = imports.stored(client);

        assertAccepted(imports.push(key.token(), push));

        assertThat(imports.stored(client)).isEqualTo(first).hasSize(2);
    }

    @Test
    void theHighestSequenceWinsWhateverOrderThePushesArriveIn() {
        long client = newClientId();
        Key key = imports.createKey(client);

        assertAccepted(imports.push(key.token(), array(List.of(customer(client, 30, 1, "thirty")))));
        assertAccepted(imports.push(key.token(), array(List.of(customer(client, 10, 1, "ten")))));
        assertAccepted(imports.push(key.token(), array(List.of(customer(client, 20, 1, "twenty")))));
        assertAccepted(imports.push(key.token(), array(List.of(customer(client, 30, 1, "thirty again")))));
        assertAccepted(imports.push(key.token(), array(List.of(
                customer(client, 5, 2, "five"), customer(client, 9, 2, "nine"), customer(client, 7, 2, "seven")))));

        assertThat(imports.stored(client)).extracting(Stored::sequence, record -> record.data().get("name").asText())
                .containsExactly(tuple(9L, "nine"),
                        tuple(30L, "thirty"));
    }

    @Test
    void keysCompareByValueNotNotationOrKeyOrder() {
        long client = newClientId();
        Key key = imports.createKey(client);

        assertAccepted(imports.push(key.token(), array(List.of(
                record(client, "\"lines\"", 1, "[\"order\", \"line\"]",
                        "{\"order\": 7, \"line\": 1, \"v\": \"a\"}"),
                record(client, "\"lines\"", 2, "[\"line\", \"order\"]",
                        "{\"line\": 1.0, \"order\": 7e0, \"v\": \"b\"}"),
                record(client, "\"lines\"", 3, "[\"order\", \"line\"]",
                        "{\"order\": \"7\", \"line\": 1, \"v\": \"c\"}")))));

        assertThat(imports.stored(client)).extracting(record -> record.data().get("v").asText())
                .containsExactly("b", "c");
    }

    // ---- Transit JSON, as Stitch's Java client sends it ----

    private static List<Map<String, Object>> transitPush(long clientId) {
        var data = new LinkedHashMap<String, Object>();
        data.put("order_id", 1001);
        data.put("placed_at", new Date(1795993200123L));
        data.put("total", new BigDecimal("149.90"));
        data.put("customer", UUID.fromString("3f6c1e0a-52b4-4d1e-9a47-0c2d8e9b7a61"));
        data.put("~note", "gift wrap");
        data.put("tags", List.of("priority", "eu"));
        data.put("coupon", null);
        var record = new LinkedHashMap<String, Object>();
        record.put("client_id", Math.toIntExact(clientId)); // an int, as Stitch's Java client sends it
        record.put("namespace", "shop");
        record.put("table_name", "orders");
        record.put("key_names", List.of("order_id"));
        record.put("action", "upsert");
        record.put("sequence", 9007199254740993L);
        record.put("data", data);
        return List.of(record);
    }

    private static String transitPushAsJson(long clientId) {
        return "[{\"client_id\": " + clientId + ", \"namespace\": \"shop\", \"table_name\": \"orders\","
                + " \"key_names\": [\"order_id\"], \"action\": \"upsert\", \"sequence\": 9007199254740993,"
                + " \"data\": {\"order_id\": 1001, \"placed_at\": \"2026-11-29T23:00:00.123Z\", \"total\": 149.90,"
                + " \"customer\": \"3f6c1e0a-52b4-4d1e-9a47-0c2d8e9b7a61\", \"~note\": \"gift wrap\","
                + " \"tags\": [\"priority\", \"eu\"], \"coupon\": null}}]";
    }

    @Test
    void aTransitPushIsStoredAsTheSamePushInPlainJson() {
        long viaTransit = newClientId();
        long viaJson = newClientId();
        Key transitKey = imports.createKey(viaTransit);
        Key jsonKey = imports.createKey(viaJson);
        var body = new ByteArrayOutputStream();
        TransitFactory.writer(TransitFactory.Format.JSON, body).write(transitPush(viaTransit));

        var transitReply = imports.stitch("push", transitKey.token(), "application/transit+json", body.toByteArray());
        var jsonReply = imports.push(jsonKey.token(), transitPushAsJson(viaJson));

        assertAccepted(transitReply);
        assertAccepted(jsonReply);
        var fromTransit = imports.stored(viaTransit);
        var fromJson = imports.stored(viaJson);
        assertThat(fromTransit).hasSize(1);
        assertThat(fromTransit).extracting(Stored::tableName, Stored::sequence, Stored::key, Stored::data)
                .isEqualTo(fromJson.stream().map(stored -> tuple(stored.tableName(),
                        stored.sequence(), stored.key(), stored.data())).toList());
        assertThat(fromTransit.getFirst().data().get("placed_at").asText()).isEqualTo("2026-11-29T23:00:00.123Z");
    }

    /**
     * A 110 KB body whose cache references repeat a 10,000-character keyword 20,000 times stands for 200 MB of JSON:
     * refused while it is decoded, within the budget of a JSON body, not expanded first.
     */
    @Test
    void aTransitBodyThatExpandsPastTheBodyLimitIs413() {
        long client = newClientId();
        Key key = imports.createKey(client);
        var data = new LinkedHashMap<Object, Object>();
        data.put(TransitFactory.keyword("id"), 1);
        data.put(TransitFactory.keyword("v"), java.util.Collections.nCopies(20_000,
                TransitFactory.keyword("k".repeat(10_000))));
        var record = new LinkedHashMap<Object, Object>(Map.of(TransitFactory.keyword("client_id"), client,
                TransitFactory.keyword("table_name"), "t", TransitFactory.keyword("sequence"), 1,
                TransitFactory.keyword("action"), "upsert", TransitFactory.keyword("key_names"), List.of("id")));
        record.put(TransitFactory.keyword("data"), data);
        var body = new ByteArrayOutputStream();
        TransitFactory.writer(TransitFactory.Format.JSON, body).write(List.of(record));

        assertRefused(imports.stitch("push", key.token(), "application/transit+json", body.toByteArray()), 413,
                client);
    }

    private static void assertRefused(Reply reply, int status, long client) {
        assertThat(reply.status()).as(reply.body()).isEqualTo(status);
        assertThat(reply.text("status")).isEqualTo("ERROR");
        assertThat(imports.stored(client)).isEmpty();
    }

    /** BigDecimal's refusal of an exponent beyond an int's range escaped Jackson: a 500. */
    @Test
    void aNumberWhoseExponentIsOutOfRangeIsMalformed() {
        long client = newClientId();
        Key key = imports.createKey(client);

        assertRefused(imports.push(key.token(), array(List.of(record(client, "\"t\"", 1, "[\"id\"]",
                "{\"id\": 1, \"x\": 1e-2147483649}")))), 400, client);
    }

    // ---- validate and batch ----

    @Test
    void validateAnswersWithoutStoringAnything() {
        long client = newClientId();
        Key key = imports.createKey(client);

        var valid = imports.validate(key.token(), array(List.of(customer(client, 1, 1, "Ada"))));
        var invalid = imports.validate(key.token(), array(List.of(customer(client, 1, 1, "Ada"),
                record(client, "\"customers\"", 2, "[\"id\"]", "{\"name\": \"no id\"}"))));

        assertThat(valid.status()).isEqualTo(200);
        assertThat(valid.json()).isEqualTo(json("{\"status\": \"OK\", \"message\": \"Batch is valid!\"}"));
        assertUnprocessable(invalid, 1, "record 1: key field \"id\" is missing from data");
        assertThat(imports.stored(client)).isEmpty();
    }

    @Test
    void aBatchIsCheckedAgainstItsSchemaAndStoredOnlyWhenEveryMessageConforms() {
        long client = newClientId();
        Key key = imports.createKey(client);
        String schema = "{\"properties\": {\"id\": {\"type\": \"integer\"}, \"name\": {\"type\": \"string\"}}}";

        var violation = imports.batch(key.token(), "{\"table_name\": \"customers\", \"schema\": " + schema
                + ", \"key_names\": [\"id\"], \"messages\": ["
                + "{\"action\": \"upsert\", \"sequence\": 1, \"data\": {\"id\": 1, \"name\": \"Ada\"}},"
                + "{\"action\": \"upsert\", \"sequence\": 2, \"data\": {\"id\": 2, \"name\": 42}}]}");
        assertUnprocessable(violation, 1,
                "message 1: did not conform to schema: /name: integer found, string expected");
        assertThat(imports.stored(client)).isEmpty();

        var accepted = imports.batch(key.token(), "{\"table_name\": \"customers\", \"schema\": " + schema
                + ", \"key_names\": [\"id\"], \"messages\": ["
                + "{\"action\": \"upsert\", \"sequence\": 1, \"data\": {\"id\": 1, \"name\": \"Ada\"}},"
                + "{\"action\": \"upsert\", \"sequence\": 2, \"data\": {\"id\": 2, \"name\": \"Grace\"}}]}");
        assertAccepted(accepted);
        assertThat(imports.stored(client)).extracting(record -> record.data().get("name").asText())
                .containsExactly("Ada", "Grace");
    }

    // ---- bad input: one test each ----

    static Stream<Arguments> badRecords() {
        return Stream.of(
                Arguments.of("blank table name", "\"  \"", "1", "[\"id\"]", "{\"id\": 1}",
                        "record 0: table_name must not be blank"),
                Arguments.of("non-integer sequence", "\"customers\"", "1.5", "[\"id\"]", "{\"id\": 1}",
                        "record 0: sequence must be an integer"),
                Arguments.of("sequence above 9223372036854775807", "\"customers\"", "9223372036854775808",
                        "[\"id\"]", "{\"id\": 1}",
                        "record 0: sequence must be at most 9223372036854775807 and at least -9223372036854775808"),
                Arguments.of("data not an object", "\"customers\"", "1", "[\"id\"]", "[1, 2]",
                        "record 0: data must be an object"),
                Arguments.of("key field missing", "\"customers\"", "1", "[\"id\"]", "{\"name\": \"Ada\"}",
                        "record 0: key field \"id\" is missing from data"),
                Arguments.of("null key", "\"customers\"", "1", "[\"id\"]", "{\"id\": null}",
                        "record 0: key field \"id\" is null"),
                Arguments.of("key of 256 characters", "\"customers\"", "1", "[\"id\"]",
                        "{\"id\": \"" + "k".repeat(256) + "\"}",
                        "record 0: key field \"id\" is 256 characters long; key values must be shorter than 256"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badRecords")
    void aBadRecordIs422WithItsReasonAndNothingIsStored(String name, String table, String sequence, String keyNames,
                                                        String data, String reason) {
        long client = newClientId();
        Key key = imports.createKey(client);
        String bad = "{\"client_id\": " + client + ", \"table_name\": " + table + ", \"sequence\": " + sequence
                + ", \"action\": \"upsert\", \"key_names\": " + keyNames + ", \"data\": " + data + "}";

        var reply = imports.push(key.token(), "[" + bad + "]");

        assertUnprocessable(reply, 0, reason);
        assertThat(imports.stored(client)).isEmpty();
    }

    @Test
    void aStringKeyOf255CharactersIsAccepted() {
        long client = newClientId();
        Key key = imports.createKey(client);

        assertAccepted(imports.push(key.token(), array(List.of(record(client, "\"customers\"", 1, "[\"id\"]",
                "{\"id\": \"" + "k".repeat(255) + "\"}")))));
        assertThat(imports.stored(client)).hasSize(1);
    }

    @Test
    void aBodyThatIsNotAnArrayIs400() {
        long client = newClientId();
        Key key = imports.createKey(client);

        var reply = imports.push(key.token(), customer(client, 1, 1, "Ada"));

        assertThat(reply.status()).isEqualTo(400);
        assertThat(reply.text("message")).isEqualTo("An array of records is expected");
        assertThat(imports.stored(client)).isEmpty();
    }

    @Test
    void malformedJsonIs400() {
        long client = newClientId();
        Key key = imports.createKey(client);

        var reply = imports.push(key.token(), "[" + customer(client, 1, 1, "Ada") + ", {\"client_id\": ");

        assertThat(reply.status()).isEqualTo(400);
        assertThat(reply.text("message")).isEqualTo("Malformed json in the body!");
        assertThat(imports.stored(client)).isEmpty();
    }

    @Test
    void moreThanTwentyThousandRecordsIs400() {
        long client = newClientId();
        Key key = imports.createKey(client);
        var records = new ArrayList<String>(20_001);
        for (int i = 0; i < 20_001; i++) {
            records.add(customer(client, i + 1, i, "c"));
        }

        var reply = imports.push(key.token(), array(records));

        assertThat(reply.status()).isEqualTo(400);
        assertThat(reply.text("message")).isEqualTo("A request may contain at most 20000 records");
        assertThat(imports.stored(client)).isEmpty();
    }

    @Test
    void recordsOfSeveralClientsAre422WithAReasonForTheForeignRecord() {
        long client = newClientId();
        long other = newClientId();
        Key key = imports.createKey(client);

        var reply = imports.push(key.token(), array(List.of(customer(client, 1, 1, "Ada"),
                customer(other, 2, 2, "Grace"), customer(client, 3, 3, "Edsger"))));

        assertUnprocessable(reply, 1, "record 1: the batch contains data points for multiple clients. Only client_id "
                + client + " is allowed");
        assertThat(imports.stored(client)).isEmpty();
        assertThat(imports.stored(other)).isEmpty();
    }

    @Test
    void recordsOfAnotherClientOnlyAre403() {
        long client = newClientId();
        long other = newClientId();
        Key key = imports.createKey(client);
        imports.createKey(other);

        var reply = imports.push(key.token(), array(List.of(customer(other, 1, 1, "Ada"))));

        assertThat(reply.status()).isEqualTo(403);
        assertThat(reply.text("message")).isEqualTo("Access token is not associated with this client.");
        assertThat(imports.stored(other)).isEmpty();
    }

    @Test
    void aContentTypeOtherThanJsonOrTransitIs415() {
        long client = newClientId();
        Key key = imports.createKey(client);

        var reply = imports.stitch("push", key.token(), "text/plain",
                array(List.of(customer(client, 1, 1, "Ada"))).getBytes(StandardCharsets.UTF_8));

        assertThat(reply.status()).isEqualTo(415);
        assertThat(reply.text("message")).startsWith("Unsupported content-type text/plain");
        assertThat(imports.stored(client)).isEmpty();
    }

    @Test
    void aBodyOver6MbIs413FromTheGatewayBeforeTheHandler() {
        long client = newClientId();
        Key key = imports.createKey(client);
        var records = new ArrayList<String>();
        int size = 2;
        for (int i = 0; size <= 6 * 1024 * 1024; i++) {
            String record = record(client, "\"customers\"", i + 1, "[\"id\"]",
                    "{\"id\": " + i + ", \"padding\": \"" + "p".repeat(1_000) + "\"}");
            records.add(record);
            size += record.length() + 2;
        }

        var reply = imports.push(key.token(), array(records));

        assertThat(reply.status()).isEqualTo(413);
        assertThat(reply.json()).as("API Gateway's own answer").isEqualTo(
                json("{\"message\": \"Request Entity Too Large\"}"));
        assertThat(imports.stored(client)).isEmpty();
    }

    @Test
    void noTokenIs401NotAuthorized() {
        long client = newClientId();

        var reply = imports.push(null, array(List.of(customer(client, 1, 1, "Ada"))));

        assertThat(reply.status()).isEqualTo(401);
        assertThat(reply.text("message")).isEqualTo("Not Authorized");
        assertThat(imports.stored(client)).isEmpty();
    }

    @Test
    void anUnknownTokenIs401() {
        long client = newClientId();
        String neverIssued = "Xb9aaRHsCIQcGoke.dhBRchPrREpvyWbX0ufESgkdS6h1z9Idgk0ShRqUQYs";

        var reply = imports.push(neverIssued, array(List.of(customer(client, 1, 1, "Ada"))));

        assertThat(reply.status()).isEqualTo(401);
        assertThat(reply.text("message")).isEqualTo("Not Authorized");
    }

    @Test
    void aRevokedTokenIs401AtOnce() {
        long client = newClientId();
        Key key = imports.createKey(client);
        assertAccepted(imports.push(key.token(), array(List.of(customer(client, 1, 1, "Ada")))));
        assertThat(imports.rjMetricsAuthenticate(client, key.token()).status()).isEqualTo(200);

        assertThat(imports.revokeAs(ADMIN_KEY, key.keyId()).status()).isEqualTo(204);

        for (int i = 0; i < 10; i++) {
            var push = imports.push(key.token(), array(List.of(customer(client, 2 + i, 1, "after revocation"))));
            assertThat(push.status()).as("push %d after the revocation", i).isEqualTo(401);
            assertThat(push.text("message")).isEqualTo("Not Authorized");
        }
        assertThat(imports.rjMetricsAuthenticate(client, key.token()).status()).isEqualTo(401);
        assertThat(imports.rjMetricsData(client, "page_views", key.token(), "{\"keys\": [\"id\"], \"id\": 1}")
                .status()).isEqualTo(401);
        assertThat(imports.stored(client)).extracting(Stored::sequence).containsExactly(1L);
    }

    // ---- RJMetrics ----

    @Test
    void rjMetricsPointsAreCreatedWithTheKeyInTheQueryOrAsBearer() {
        long client = newClientId();
        Key key = imports.createKey(client);

        var one = imports.rjMetricsData(client, "page_views", key.token(),
                "{\"keys\": [\"id\"], \"id\": 17, \"url\": \"/pricing\"}");
        var several = imports.rjMetricsDataWithBearer(client, "page_views", key.token(),
                "[{\"keys\": [\"id\"], \"id\": 18, \"url\": \"/signup\"},"
                        + " {\"keys\": [\"id\"], \"id\": 17, \"url\": \"/pricing?plan=team\"}]");

        assertThat(one.status()).isEqualTo(201);
        assertThat(one.json()).isEqualTo(json("{\"code\": 201, \"message\": \"created\"}"));
        assertThat(several.status()).isEqualTo(201);
        var stored = imports.stored(client);
        assertThat(stored).extracting(Stored::key)
                .containsExactlyInAnyOrder(json("{\"id\": 17}"), json("{\"id\": 18}"));
        assertThat(stored).filteredOn(record -> record.key().equals(json("{\"id\": 17}"))).singleElement()
                .satisfies(record -> assertThat(record.data()).as("the later request's point, without its keys")
                        .isEqualTo(json("{\"id\": 17, \"url\": \"/pricing?plan=team\"}")));
        assertThat(stored).allSatisfy(record -> assertThat(record.tableName()).isEqualTo("page_views"));
    }

    @Test
    void rjMetricsTakesAHundredPointsButNotAHundredAndOne() {
        long client = newClientId();
        Key key = imports.createKey(client);
        var points = new ArrayList<String>();
        for (int i = 0; i < 101; i++) {
            points.add("{\"keys\": [\"id\"], \"id\": " + i + "}");
        }

        var tooMany = imports.rjMetricsData(client, "page_views", key.token(), array(points));
        var hundred = imports.rjMetricsData(client, "page_views", key.token(), array(points.subList(0, 100)));

        assertThat(tooMany.status()).isEqualTo(400);
        assertThat(hundred.status()).isEqualTo(201);
        assertThat(imports.stored(client)).hasSize(100);
    }

    @Test
    void rjMetricsRefusesABadTableNameAKeyOfAnotherClientAndNoKey() {
        long client = newClientId();
        long other = newClientId();
        Key key = imports.createKey(client);
        String point = "{\"keys\": [\"id\"], \"id\": 1}";

        var badTable = imports.rjMetricsData(client, "page-views", key.token(), point);
        var otherClient = imports.rjMetricsData(other, "page_views", key.token(), point);
        var noKey = imports.send("POST", "/v2/client/" + client + "/table/page_views/data",
                Map.of("content-type", "application/json"), point.getBytes(StandardCharsets.UTF_8));

        assertThat(badTable.status()).isEqualTo(400);
        assertThat(otherClient.status()).isEqualTo(403);
        assertThat(noKey.status()).isEqualTo(401);
        assertThat(noKey.text("message")).isEqualTo("Not Authorized");
        assertThat(imports.stored(client)).isEmpty();
        assertThat(imports.stored(other)).isEmpty();
    }

    @Test
    void rjMetricsAuthenticateIs200OnlyForAKeyOfThePathsClient() {
        long client = newClientId();
        long other = newClientId();
        Key key = imports.createKey(client);

        assertThat(imports.rjMetricsAuthenticate(client, key.token()).status()).isEqualTo(200);
        assertThat(imports.send("GET", "/v2/client/" + client + "/authenticate",
                Map.of("authorization", "Bearer " + key.token()), null).status()).isEqualTo(200);
        assertThat(imports.rjMetricsAuthenticate(other, key.token()).status()).isEqualTo(401);
        assertThat(imports.rjMetricsAuthenticate(client, "Xb9aaRHsCIQcGoke.dhBRchPrREpvyWbX0ufESgkdS6h1z9Idgk0ShRqUQYs")
                .status()).isEqualTo(401);
        assertThat(imports.rjMetricsAuthenticate(client, null).status()).isEqualTo(401);
    }

    // ---- status and the admin key routes ----

    @Test
    void statusNeedsNoKey() {
        var reply = imports.send("GET", "/v2/import/status", Map.of(), null);

        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.json()).isEqualTo(json("{\"status\": \"OK\"}"));
    }

    @Test
    void creatingAKeyAnswersItsTokenOnce() {
        long client = newClientId();

        var reply = imports.createKeyAs(ADMIN_KEY, "{\"clientId\": " + client + ", \"name\": \"warehouse loader\"}");

        assertThat(reply.status()).isEqualTo(201);
        assertThat(reply.json().get("clientId").asLong()).isEqualTo(client);
        assertThat(reply.text("name")).isEqualTo("warehouse loader");
        assertThat(reply.text("token")).startsWith(reply.text("keyId") + ".");
        assertThat(imports.rjMetricsAuthenticate(client, reply.text("token")).status()).isEqualTo(200);
    }

    @Test
    void theAdminRoutesNeedTheAdminKey() {
        long client = newClientId();
        Key key = imports.createKey(client);
        String body = "{\"clientId\": " + client + ", \"name\": \"x\"}";

        assertThat(imports.createKeyAs(null, body).status()).isEqualTo(401);
        assertThat(imports.createKeyAs("wrong-admin-key", body).status()).isEqualTo(403);
        assertThat(imports.revokeAs(null, key.keyId()).status()).isEqualTo(401);
        assertThat(imports.revokeAs("wrong-admin-key", key.keyId()).status()).isEqualTo(403);
        assertThat(imports.rjMetricsAuthenticate(client, key.token()).status()).as("still valid").isEqualTo(200);
    }

    @Test
    void revokingAnUnknownKeyIs404AndAnInvalidCreationIs400() {
        assertThat(imports.revokeAs(ADMIN_KEY, "AAAAAAAAAAAAAAAA").status()).isEqualTo(404);
        assertThat(imports.createKeyAs(ADMIN_KEY, "{\"name\": \"no client\"}").status()).isEqualTo(400);
        assertThat(imports.createKeyAs(ADMIN_KEY, "{\"clientId\": 7, \"name\": \" \"}").status()).isEqualTo(400);
    }
}
