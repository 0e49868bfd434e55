package com.scaleout.functions.imports.http;

import static com.scaleout.functions.imports.http.ImportRoutesWorld.CLIENT;
import static com.scaleout.functions.imports.http.ImportRoutesWorld.OTHER_TOKEN;
import static com.scaleout.functions.imports.http.ImportRoutesWorld.json;
import static com.scaleout.functions.imports.http.ImportRoutesWorld.sample;
import static com.scaleout.functions.imports.http.ImportRoutesWorld.storedData;
import static com.scaleout.functions.imports.http.ImportRoutesWorld.storedKey;
import static com.scaleout.functions.imports.http.ImportRoutesWorld.withBody;
import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.cognitect.transit.TransitFactory;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.scaleout.functions.imports.application.ImportKeyStore;
import com.scaleout.functions.imports.application.ImportKeys;
import com.scaleout.functions.imports.application.ImportService;
import com.scaleout.functions.imports.domain.ImportKey;
import com.scaleout.functions.imports.domain.ImportRecord;
import com.scaleout.functions.imports.domain.ImportedTable;
import com.scaleout.functions.testing.NotStandardJson;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Date;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.exception.SdkClientException;

/**
 * Stitch's Import API v2 routes (status, push, validate, batch) on the samples in {@code events/imports/}: what
 * is stored, and the status and body of every bad input beside the good ones.
 */
class StitchRoutesTest {
    private static final String ACCEPTED = "{\"status\": \"OK\", \"message\": \"Batch Accepted!\"}";
    private static final String UNPROCESSABLE = "Request cannot be processed; see errors.";

    private final ImportRoutesWorld world = new ImportRoutesWorld();

    /** One push record of client 4821's table customers, key id. */
    private static String customer(long sequence, int id, String name) {
        return "{\"client_id\": 4821, \"table_name\": \"customers\", \"sequence\": " + sequence
                + ", \"action\": \"upsert\", \"key_names\": [\"id\"], \"data\": {\"id\": " + id
                + ", \"name\": \"" + name + "\"}}";
    }

    private ImportRoutesWorld.Reply push(String... records) {
        return world.handle(withBody(sample("push-two-tables"), "[" + String.join(", ", records) + "]"));
    }

    private static void assertUnprocessable(ImportRoutesWorld.Reply reply, String expectedErrors) {
        assertThat(reply.status()).isEqualTo(422);
        assertThat(reply.text("status")).isEqualTo("ERROR");
        assertThat(reply.text("error")).isEqualTo(UNPROCESSABLE);
        assertThat(reply.json().get("errors")).isEqualTo(json(expectedErrors));
    }

    private static void assertError(ImportRoutesWorld.Reply reply, int status, String message) {
        assertThat(reply.status()).isEqualTo(status);
        assertThat(reply.text("status")).isEqualTo("ERROR");
        assertThat(reply.text("message")).isEqualTo(message);
    }

    // ---- status ----

    @Test
    void statusAnswersOkWithoutAKey() {
        var reply = world.handle("status-get");

        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.json()).isEqualTo(json("{\"status\": \"OK\"}"));
    }

    // ---- push: what is stored ----

    @Test
    void pushStoresEveryRecordOfEveryTableBeforeAnswering() {
        var reply = world.handle("push-two-tables");

        assertThat(reply.status()).isEqualTo(201);
        assertThat(reply.json()).isEqualTo(json(ACCEPTED));
        assertThat(world.stored()).hasSize(3).allSatisfy(record -> assertThat(record.clientId()).isEqualTo(CLIENT));
        assertThat(world.stored("customers")).extracting(ImportRecord::sequence)
                .containsExactly(1795993200000L, 1795993200001L);
        var line = world.stored("order_lines").getFirst();
        assertThat(storedKey(line)).isEqualTo(json("{\"order_id\": \"A-1\", \"line\": 1}"));
        assertThat(storedData(line)).isEqualTo(json(
                "{\"order_id\": \"A-1\", \"line\": 1, \"sku\": \"KB-101\", \"amount\": 99.95}"));
        assertThat(line.sequence()).isEqualTo(1795993200002L);
    }

    @Test
    void aReplayedPushChangesNothing() {
        world.handle("push-two-tables");
        List<ImportRecord> before = world.stored();

        var replay = world.handle("push-two-tables");

        assertThat(replay.status()).isEqualTo(201);
        List<ImportRecord> after = world.stored();
        assertThat(after).hasSize(before.size());
        for (int i = 0; i < before.size(); i++) {
            assertThat(after.get(i)).as("record %d is the one first stored, not a rewrite", i).isSameAs(before.get(i));
        }
    }

    @Test
    void outOfOrderPushesKeepTheHighestSequence() {
        assertThat(push(customer(30, 1, "thirty")).status()).isEqualTo(201);
        assertThat(push(customer(10, 1, "ten")).status()).isEqualTo(201);
        assertThat(push(customer(20, 1, "twenty")).status()).isEqualTo(201);

        assertThat(world.stored()).singleElement().satisfies(record -> {
            assertThat(record.sequence()).isEqualTo(30);
            assertThat(record.data().get("name").asText()).isEqualTo("thirty");
        });
    }

    @Test
    void anEqualSequenceDoesNotReplaceTheStoredRecord() {
        push(customer(30, 1, "first"));

        push(customer(30, 1, "second"));

        assertThat(world.stored()).singleElement()
                .satisfies(record -> assertThat(record.data().get("name").asText()).isEqualTo("first"));
    }

    @Test
    void withinOnePushTheHighestSequenceOfAKeyWins() {
        var reply = push(customer(5, 1, "five"), customer(9, 1, "nine"), customer(7, 1, "seven"));

        assertThat(reply.status()).isEqualTo(201);
        assertThat(world.stored()).singleElement()
                .satisfies(record -> assertThat(record.data().get("name").asText()).isEqualTo("nine"));
    }

    @Test
    void pushAcceptsACharsetInTheContentType() {
        var event = sample("push-two-tables");
        var headers = new HashMap<>(event.getHeaders());
        headers.put("content-type", "application/json; charset=utf-8");
        event.setHeaders(headers);

        assertThat(world.handle(event).status()).isEqualTo(201);
    }

    @Test
    void pushTakesTwentyThousandRecords() {
        var records = new ArrayList<String>();
        for (int i = 0; i < 20_000; i++) {
            records.add(customer(i + 1, i, "c" + i));
        }

        var reply = push(records.toArray(String[]::new));

        assertThat(reply.status()).isEqualTo(201);
        assertThat(world.stored()).hasSize(20_000);
    }

    // ---- push: Transit JSON, as Stitch's Java client sends it ----

    /** The push of push-transit.json as Stitch's Java client builds it: a List of Maps with String keys. */
    private static List<Map<String, Object>> transitPush() {
        var first = new LinkedHashMap<String, Object>();
        first.put("order_id", 1001);
        first.put("placed_at", new Date(1795993200123L));
        first.put("total", new BigDecimal("149.90"));
        first.put("customer", UUID.fromString("3f6c1e0a-52b4-4d1e-9a47-0c2d8e9b7a61"));
        first.put("~note", "gift wrap");
        first.put("tags", List.of("priority", "eu"));
        first.put("shipped", true);
        first.put("coupon", null);
        var second = new LinkedHashMap<String, Object>();
        second.put("order_id", 1002);
        second.put("placed_at", new Date(1795993260000L));
        second.put("total", new BigDecimal("0.10"));
        var r0 = new LinkedHashMap<String, Object>();
        r0.put("client_id", 4821);
        r0.put("namespace", "shop");
        r0.put("table_name", "orders");
        r0.put("key_names", List.of("order_id"));
        r0.put("action", "upsert");
        r0.put("sequence", 9007199254740993L);
        r0.put("data", first);
        var r1 = new LinkedHashMap<String, Object>();
        r1.put("client_id", 4821);
        r1.put("namespace", "shop");
        r1.put("table_name", "orders");
        r1.put("key_names", List.of("order_id"));
        r1.put("action", "upsert");
        r1.put("table_version", 2L);
        r1.put("sequence", 1795993260000L);
        r1.put("data", second);
        return List.of(r0, r1);
    }

    private static String transitBody() {
        var out = new ByteArrayOutputStream();
        TransitFactory.writer(TransitFactory.Format.JSON, out).write(transitPush());
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void theTransitSampleIsWhatCognitectsWriterProduces() {
        assertThat(sample("push-transit").getBody()).isEqualTo(transitBody());
        assertThat(sample("push-transit").getHeaders()).containsEntry("content-type", "application/transit+json");
    }

    @Test
    void aTransitPushStoresWhatTheSamePushAsPlainJsonStores() {
        var fromJson = new ImportRoutesWorld();

        var transitReply = world.handle(withBody(sample("push-transit"), transitBody()));
        var jsonReply = fromJson.handle("push-transit-as-json");

        assertThat(transitReply.status()).isEqualTo(201);
        assertThat(jsonReply.status()).isEqualTo(201);
        assertThat(world.stored()).hasSize(2);
        assertSameRecords(world.stored(), fromJson.stored());
        var first = world.stored().getFirst();
        assertThat(first.sequence()).isEqualTo(9007199254740993L);
        assertThat(first.data().get("placed_at").asText()).isEqualTo("2026-11-29T23:00:00.123Z");
        assertThat(first.data().get("total").toString()).isEqualTo("149.90");
        assertThat(first.data().get("customer").asText()).isEqualTo("3f6c1e0a-52b4-4d1e-9a47-0c2d8e9b7a61");
        assertThat(first.data().get("~note").asText()).isEqualTo("gift wrap");
    }

    private static void assertSameRecords(List<ImportRecord> actual, List<ImportRecord> expected) {
        assertThat(actual).hasSameSizeAs(expected);
        for (int i = 0; i < actual.size(); i++) {
            var a = actual.get(i);
            var e = expected.get(i);
            assertThat(a.clientId()).isEqualTo(e.clientId());
            assertThat(a.table()).isEqualTo(e.table());
            assertThat(a.sequence()).isEqualTo(e.sequence());
            assertThat(a.keyNames()).isEqualTo(e.keyNames());
            assertThat(a.key().id()).as("the same row").isEqualTo(e.key().id());
            assertThat(storedKey(a)).isEqualTo(storedKey(e));
            assertThat(storedData(a)).isEqualTo(storedData(e));
        }
    }

    @Test
    void aBase64EncodedTransitBodyReadsTheSame() {
        var encoded = sample("push-transit");
        encoded.setBody(Base64.getEncoder().encodeToString(transitBody().getBytes(StandardCharsets.UTF_8)));
        encoded.setIsBase64Encoded(true);
        var plain = new ImportRoutesWorld();

        assertThat(world.handle(encoded).status()).isEqualTo(201);
        assertThat(plain.handle("push-transit").status()).isEqualTo(201);
        assertSameRecords(world.stored(), plain.stored());
    }

    @Test
    void malformedTransitIsA400() {
        var reply = world.handle(withBody(sample("push-transit"), "[[\"^ \",\"client_id\","));

        assertError(reply, 400, "Malformed json in the body!");
        assertThat(world.stored()).isEmpty();
    }

    // ---- numbers ----

    /** Jackson lets BigDecimal's NumberFormatException escape for an exponent below Integer.MIN_VALUE. */
    @Test
    void aNumberWhoseExponentIsOutOfRangeIsMalformedOnPushValidateAndBatch() {
        var push = sample("push-two-tables");
        var validate = sample("validate-valid");
        var batch = sample("batch-customers");

        for (var event : List.of(withBody(push, push.getBody().replace("99.95", "1e-2147483649")),
                withBody(validate, validate.getBody().replace("12.5", "1e-2147483649")),
                withBody(batch, batch.getBody().replace("\"id\": 1,", "\"id\": 1e-2147483649,")))) {
            var reply = world.handle(event);

            assertError(reply, 400, "Malformed json in the body!");
            assertThat(reply.text("error")).contains("1e-2147483649");
        }
        assertThat(world.records.upserts()).isEmpty();
    }

    @Test
    void aTransitFloatThatNoDoubleHoldsIsMalformedNotStoredAsZero() {
        for (String number : List.of("1e-2147483649", "1e-400", "-2e-324")) {
            var reply = world.handle(withBody(sample("push-transit"), transitPush("\"x\"", number)));

            assertError(reply, 400, "Malformed json in the body!");
            assertThat(reply.text("error")).contains(number);
        }
        assertThat(world.handle(withBody(sample("push-transit"), transitPush("\"x\"", "2.5e-300"))).status())
                .isEqualTo(201);
        assertThat(world.records.upserts()).hasSize(1);
    }

    /** JSON refuses a number of more than 1,000 characters (Jackson's limit); Transit's tagged numbers too. */
    @Test
    void aTransitBigNumberOfMoreThanAThousandDigitsIsMalformedLikeJson() {
        String digits = "7".repeat(1_001);
        for (String number : List.of("\"~n" + digits + "\"", "\"~f" + digits + "\"", "\"~f0." + digits + "\"")) {
            var reply = world.handle(withBody(sample("push-transit"), transitPush("\"x\"", number)));

            assertError(reply, 400, "Malformed json in the body!");
            assertThat(reply.text("error")).contains("1000 characters");
        }
        var json = withBody(sample("push-two-tables"), "[{\"client_id\": 4821, \"table_name\": \"t\", \"sequence\": 1,"
                + " \"action\": \"upsert\", \"key_names\": [\"x\"], \"data\": {\"x\": " + digits + "}}]");
        assertThat(world.handle(json).text("error")).contains("1000 characters");
        String thousand = "7".repeat(1_000);
        var reply = world.handle(withBody(sample("push-transit"), transitPush("\"x\"", "\"~n" + thousand + "\"")));
        assertThat(reply.status()).isEqualTo(201);
        assertThat(storedKey(world.stored().getFirst()).get("x").bigIntegerValue())
                .isEqualTo(new java.math.BigInteger(thousand));
    }

    @Test
    void aTransitBodyWhoseCacheReferencesExpandPastTheBodyLimitIs413() {
        var bomb = new String(TransitExpansionBench.referenceBomb(10_000, 20_000), StandardCharsets.UTF_8);

        var reply = world.handle(withBody(sample("push-transit"), bomb));

        assertError(reply, 413, "the Transit JSON body is more than 6291456 bytes as JSON (the limit of a body)");
        assertThat(world.records.upserts()).isEmpty();
    }

    /** One Transit push record of client 4821, table t, keyed by {@code keyField}, whose key value is {@code value}. */
    private static String transitPush(String keyField, String value) {
        return "[\"~#list\",[[\"^ \",\"~:client_id\",4821,\"~:table_name\",\"t\",\"~:sequence\",1,"
                + "\"~:action\",\"upsert\",\"~:key_names\",[\"~#list\",[" + keyField + "]],\"~:data\",[\"^ \","
                + keyField + "," + value + "]]]]";
    }

    // ---- push: bad input ----

    @Test
    void aBodyThatIsNotAnArrayIsA400() {
        var reply = world.handle("push-not-an-array");

        assertError(reply, 400, "An array of records is expected");
        assertThat(world.stored()).isEmpty();
    }

    @Test
    void malformedJsonIsA400() {
        var reply = world.handle("push-malformed-json");

        assertError(reply, 400, "Malformed json in the body!");
        assertThat(reply.text("error")).isNotBlank();
        assertThat(world.stored()).isEmpty();
    }

    /** Issue 23: what is wrong with the body is said in the client's words, with where it is, on push and batch. */
    @Test
    void aBodyThatIsNotStandardJsonIsTold400WhereAndWhyWithoutTheParsersInternalNames() {
        for (String body : NotStandardJson.BODIES) {
            for (String route : List.of("push-two-tables", "validate-valid", "batch-customers", "push-transit")) {
                var reply = world.handle(withBody(sample(route), body));

                assertThat(reply.status()).as(route + " " + body).isEqualTo(400);
                assertError(reply, 400, "Malformed json in the body!");
                assertThat(reply.text("error")).as(route + " " + body).contains("line 1, column");
                NotStandardJson.assertNoParserInternals(reply.text("error"), body);
            }
        }
        assertThat(world.stored()).isEmpty();
    }

    @Test
    void trailingContentAfterTheArrayIsMalformed() {
        var reply = push(customer(1, 1, "a") + "] [");

        assertError(reply, 400, "Malformed json in the body!");
        assertThat(world.stored()).isEmpty();
    }

    @Test
    void anEmptyArrayIsA400() {
        assertError(world.handle("push-empty-array"), 400, "An array of 1 to 20000 records is expected");
    }

    @Test
    void anEmptyBodyIsA400() {
        assertError(world.handle(withBody(sample("push-two-tables"), "")), 400, "Malformed json in the body!");
    }

    @Test
    void moreThanTwentyThousandRecordsIsA400() {
        var records = new ArrayList<String>();
        for (int i = 0; i < 20_001; i++) {
            records.add(customer(i + 1, i, "c" + i));
        }

        var reply = push(records.toArray(String[]::new));

        assertError(reply, 400, "A request may contain at most 20000 records");
        assertThat(world.stored()).isEmpty();
    }

    @Test
    void recordsOfSeveralClientsAre422WithAReasonForEachForeignRecord() {
        var reply = world.handle("push-mixed-clients");

        assertUnprocessable(reply, "[{\"index\": 1, \"reason\": \"record 1: the batch contains data points for"
                + " multiple clients. Only client_id 4821 is allowed\"}]");
        assertThat(world.stored()).isEmpty();
    }

    @Test
    void recordsOfAnotherClientOnlyAre403() {
        var reply = world.handle("push-other-client");

        assertError(reply, 403, "Access token is not associated with this client.");
        assertThat(world.stored()).isEmpty();
    }

    @Test
    void aTokenOfAnotherClientIs403() {
        var event = sample("push-two-tables");
        var headers = new HashMap<>(event.getHeaders());
        headers.put("authorization", "Bearer " + OTHER_TOKEN);
        event.setHeaders(headers);

        assertError(world.handle(event), 403, "Access token is not associated with this client.");
        assertThat(world.stored()).isEmpty();
    }

    @Test
    void aBlankTableNameIs422() {
        assertUnprocessable(world.handle("push-blank-table-name"),
                "[{\"index\": 0, \"reason\": \"record 0: table_name must not be blank\"}]");
        assertThat(world.stored()).isEmpty();
    }

    @Test
    void aSequenceThatIsNotAnIntegerIs422() {
        assertUnprocessable(world.handle("push-sequence-not-integer"), """
                [{"index": 0, "reason": "record 0: sequence must be an integer"},
                 {"index": 1, "reason": "record 1: sequence must be an integer"}]""");
        assertThat(world.stored()).isEmpty();
    }

    @Test
    void aSequenceAbove9223372036854775807Is422() {
        assertUnprocessable(world.handle("push-sequence-too-large"), "[{\"index\": 1, \"reason\": \"record 1:"
                + " sequence must be at most 9223372036854775807 and at least -9223372036854775808\"}]");
        assertThat(world.stored()).isEmpty();
    }

    @Test
    void dataThatIsNotAnObjectIs422() {
        assertUnprocessable(world.handle("push-data-not-object"),
                "[{\"index\": 0, \"reason\": \"record 0: data must be an object\"}]");
        assertThat(world.stored()).isEmpty();
    }

    @Test
    void aMissingKeyFieldIs422() {
        assertUnprocessable(world.handle("push-missing-key-field"),
                "[{\"index\": 0, \"reason\": \"record 0: key field \\\"id\\\" is missing from data\"}]");
        assertThat(world.stored()).isEmpty();
    }

    @Test
    void aNullKeyIs422() {
        assertUnprocessable(world.handle("push-null-key"),
                "[{\"index\": 0, \"reason\": \"record 0: key field \\\"id\\\" is null\"}]");
        assertThat(world.stored()).isEmpty();
    }

    @Test
    void aStringKeyOf256CharactersIs422() {
        assertUnprocessable(world.handle("push-long-key"), "[{\"index\": 1, \"reason\": \"record 1: key field"
                + " \\\"id\\\" is 256 characters long; key values must be shorter than 256\"}]");
        assertThat(world.stored()).isEmpty();
    }

    /** Lengths count code points, as a tweet's do: an emoji is one character, not two UTF-16 units. */
    @Test
    void tableNamesAndKeyValuesAreCountedInCodePoints() {
        String rocket = "\uD83D\uDE80";
        String record = "{\"client_id\": 4821, \"table_name\": \"%s\", \"sequence\": 1, \"action\": \"upsert\","
                + " \"key_names\": [\"id\"], \"data\": {\"id\": \"%s\"}}";

        assertThat(push(record.formatted(rocket.repeat(255), rocket.repeat(255))).status()).isEqualTo(201);
        assertUnprocessable(push(record.formatted(rocket.repeat(256), "a"), record.formatted("t", rocket.repeat(256))),
                "[{\"index\": 0, \"reason\": \"record 0: table_name must be at most 255 characters\"},"
                + " {\"index\": 1, \"reason\": \"record 1: key field \\\"id\\\" is 256 characters long; key values"
                + " must be shorter than 256\"}]");
    }

    @Test
    void everyBadRecordGetsItsOwnReasonNamingItsIndex() {
        assertUnprocessable(world.handle("push-several-bad-records"), """
                [{"index": 1, "reason": "record 1: action is required"},
                 {"index": 2, "reason": "record 2: client_id must be a positive integer"},
                 {"index": 4, "reason": "record 4: key_names must name at least one field"}]""");
        assertThat(world.stored()).isEmpty();
    }

    @Test
    void aContentTypeOtherThanJsonOrTransitIs415() {
        assertError(world.handle("push-wrong-content-type"), 415,
                "Unsupported content-type text/plain. Please send application/json or application/transit+json");
        assertThat(world.stored()).isEmpty();
    }

    @Test
    void noContentTypeIs415() {
        var event = sample("push-two-tables");
        var headers = new HashMap<>(event.getHeaders());
        headers.remove("content-type");
        event.setHeaders(headers);

        assertError(world.handle(event), 415,
                "Unsupported content-type (none). Please send application/json or application/transit+json");
    }

    @Test
    void noTokenIs401NotAuthorized() {
        var reply = world.handle("push-no-token");

        assertThat(reply.status()).isEqualTo(401);
        assertThat(reply.text("message")).isEqualTo("Not Authorized");
        assertThat(world.stored()).isEmpty();
    }

    @Test
    void anUnknownTokenIs401() {
        var reply = world.handle("push-unknown-token");

        assertThat(reply.status()).isEqualTo(401);
        assertThat(reply.text("message")).isEqualTo("Not Authorized");
    }

    @Test
    void aRevokedTokenIs401() {
        var reply = world.handle("push-revoked-token");

        assertThat(reply.status()).isEqualTo(401);
        assertThat(reply.text("message")).isEqualTo("Not Authorized");
        assertThat(world.stored()).isEmpty();
    }

    @Test
    void aTokenInAnotherAuthorizationSchemeIs401() {
        var event = sample("push-two-tables");
        var headers = new HashMap<>(event.getHeaders());
        headers.put("authorization", "Basic " + ImportRoutesWorld.TOKEN);
        event.setHeaders(headers);

        assertThat(world.handle(event).status()).isEqualTo(401);
    }

    @Test
    void aTokenRevokedAfterUseStopsWorkingOnceTheKeyCacheTtlHasPassed() {
        assertThat(world.handle("push-two-tables").status()).isEqualTo(201);
        world.keys.revoke(com.scaleout.functions.imports.domain.ImportTokens.keyIdOf(ImportRoutesWorld.TOKEN)
                .orElseThrow());

        assertThat(world.handle("push-two-tables").status()).as("still cached").isEqualTo(201);
        world.clock.advance(ImportRoutesWorld.KEY_CACHE_TTL);
        assertThat(world.handle("push-two-tables").status()).isEqualTo(401);
    }

    @Test
    void aKeyLookUpThatTimesOutIs503SoThatTheClientRetries() throws Exception {
        var slowStore = new ImportKeyStore() {
            @Override
            public void create(ImportKey key) {
                throw new UnsupportedOperationException();
            }

            @Override
            public Optional<ImportKey> find(String keyId) {
                throw SdkClientException.create("Unable to execute HTTP request: Read timed out",
                        new SocketTimeoutException("Read timed out"));
            }

            @Override
            public boolean revoke(String keyId, Instant at) {
                throw new UnsupportedOperationException();
            }
        };
        var handler = new ImportHandler(new ImportService(world.records),
                new ImportKeys(slowStore, world.clock, ImportRoutesWorld.KEY_CACHE_TTL), ImportRoutesWorld.CHANGE_LOG,
                world.clock);

        var response = handler.handleRequest(sample("push-two-tables"), null);

        assertThat(response.getStatusCode()).isEqualTo(503);
        assertThat(response.getHeaders()).containsEntry("retry-after", "1");
        assertThat(json(response.getBody())).isEqualTo(
                json("{\"status\": \"ERROR\", \"message\": \"Service busy, retry shortly\"}"));
        assertThat(world.stored()).isEmpty();
    }

    // ---- validate ----

    @Test
    void validateAnswersValidAndStoresNothing() {
        var reply = world.handle("validate-valid");

        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.json()).isEqualTo(json("{\"status\": \"OK\", \"message\": \"Batch is valid!\"}"));
        assertThat(world.records.upserts()).isEmpty();
        assertThat(world.stored()).isEmpty();
    }

    @Test
    void validateGivesThe422OfPushAndStoresNothing() {
        var reply = world.handle("validate-invalid");

        assertUnprocessable(reply,
                "[{\"index\": 1, \"reason\": \"record 1: key field \\\"id\\\" is missing from data\"}]");
        assertThat(world.records.upserts()).isEmpty();
    }

    @Test
    void validateNeedsAToken() {
        var reply = world.handle("validate-no-token");

        assertThat(reply.status()).isEqualTo(401);
        assertThat(reply.text("message")).isEqualTo("Not Authorized");
    }

    @Test
    void validateChecksTheClientLikePush() {
        var event = withBody(sample("validate-valid"), sample("push-other-client").getBody());

        assertError(world.handle(event), 403, "Access token is not associated with this client.");
    }

    // ---- batch ----

    @Test
    void batchStoresEveryMessageInTheTableOfTheBatch() {
        var reply = world.handle("batch-customers");

        assertThat(reply.status()).isEqualTo(201);
        assertThat(reply.json()).isEqualTo(json(ACCEPTED));
        assertThat(world.stored("customers")).hasSize(2).allSatisfy(record -> {
            assertThat(record.clientId()).isEqualTo(CLIENT);
            assertThat(record.keyNames()).containsExactly("id");
        });
        assertThat(storedData(world.stored().getFirst())).isEqualTo(json(
                "{\"id\": 1, \"name\": \"Ada Lovelace\", \"signed_up\": \"2026-11-01T09:00:00Z\"}"));
    }

    @Test
    void aBatchDeclaresItsSchemasTypesForTheWarehouseAndARefusedOneDeclaresNothing() {
        var accepted = sample("batch-customers");
        var refused = sample("batch-schema-violation");

        assertThat(world.handle(withBody(accepted, accepted.getBody().replace("\"customers\"",
                "\"declared_customers\""))).status()).isEqualTo(201);
        assertThat(world.handle(withBody(refused, refused.getBody().replace("\"customers\"",
                "\"refused_customers\""))).status()).isEqualTo(422);

        assertThat(ImportRoutesWorld.LOG.declaredTypes(new ImportedTable(CLIENT, "declared_customers")))
                .isEqualTo(Map.of("id", "integer", "name", "string", "signed_up", "string"));
        assertThat(ImportRoutesWorld.LOG.declaredTypes(new ImportedTable(CLIENT, "refused_customers"))).isEmpty();
    }

    @Test
    void aBatchWithoutKeyNamesAppendsEveryMessageAndAReplayAddsNothing() {
        assertThat(world.handle("batch-append-only").status()).isEqualTo(201);
        assertThat(world.handle("batch-append-only").status()).isEqualTo(201);

        assertThat(world.stored("page_views")).extracting(ImportRecord::sequence)
                .containsExactly(1795993200000L, 1795993200001L);
    }

    @Test
    void aMessageViolatingTheSchemaIs422AndNothingIsStored() {
        assertUnprocessable(world.handle("batch-schema-violation"), "[{\"index\": 1, \"reason\": \"message 1: did"
                + " not conform to schema: /name: integer found, string expected\"}]");
        assertThat(world.stored()).isEmpty();
    }

    @Test
    void aBatchThatIsNotAnObjectIs400() {
        assertError(world.handle("batch-not-an-object"), 400,
                "Request failed validation:#: expected type: JSONObject, found: ARRAY");
    }

    @Test
    void aBatchWithoutSchemaIs400() {
        assertError(world.handle("batch-missing-schema"), 400,
                "Request failed validation:#: required key [schema] not found");
    }

    @Test
    void aBatchWithAnUnknownFieldIs400() {
        ObjectNode body = (ObjectNode) json(sample("batch-customers").getBody());
        body.put("tables", "customers");

        assertError(world.handle(withBody(sample("batch-customers"), body.toString())), 400,
                "Request failed validation:#: extraneous key [tables] is not permitted");
    }

    @Test
    void aBatchWithAnUnusableSchemaIs400() {
        ObjectNode body = (ObjectNode) json(sample("batch-customers").getBody());
        body.set("schema", json("{\"type\": \"object\"}"));

        assertError(world.handle(withBody(sample("batch-customers"), body.toString())), 400,
                "Request failed validation:#: schema must have \"properties\", an object");
    }

    @Test
    void aBatchWithoutMessagesIs400() {
        ObjectNode body = (ObjectNode) json(sample("batch-customers").getBody());
        body.set("messages", json("[]"));

        assertError(world.handle(withBody(sample("batch-customers"), body.toString())), 400,
                "Request failed validation:#/messages: expected an array of 1 to 20000 messages");
    }

    @Test
    void aBatchWithAnInvalidMessageIs422NamingTheMessage() {
        ObjectNode body = (ObjectNode) json(sample("batch-customers").getBody());
        ((ObjectNode) ((ArrayNode) body.get("messages")).get(0)).put("action", "delete");

        assertUnprocessable(world.handle(withBody(sample("batch-customers"), body.toString())),
                "[{\"index\": 0, \"reason\": \"message 0: action must be \\\"upsert\\\"\"}]");
    }

    @Test
    void aBatchInAnotherContentTypeIs415() {
        var reply = world.handle("batch-wrong-content-type");

        assertThat(reply.status()).isEqualTo(415);
        assertThat(reply.text("message")).startsWith("Unsupported content-type application/x-www-form-urlencoded");
    }

    @Test
    void aBatchNeedsAToken() {
        APIGatewayV2HTTPEvent event = sample("batch-customers");
        var headers = new HashMap<>(event.getHeaders());
        headers.remove("authorization");
        event.setHeaders(headers);

        assertThat(world.handle(event).status()).isEqualTo(401);
        assertThat(world.stored()).isEmpty();
    }
}
