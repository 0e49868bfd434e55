package com.scaleout.functions.imports.http;

import static com.scaleout.functions.imports.http.ImportRoutesWorld.sample;
import static com.scaleout.functions.imports.http.ImportRoutesWorld.withBody;
import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.scaleout.functions.imports.application.ChangeLogService;
import com.scaleout.functions.imports.application.ImportKeys;
import com.scaleout.functions.imports.application.ImportService;
import com.scaleout.functions.imports.domain.AppliedChange;
import com.scaleout.functions.imports.domain.ImportKey;
import com.scaleout.functions.imports.domain.ImportRecord;
import com.scaleout.functions.imports.domain.ImportTokens;
import com.scaleout.functions.imports.domain.ImportedTable;
import com.scaleout.functions.imports.domain.Utf8;
import com.scaleout.functions.imports.fakes.InMemoryChangeLog;
import com.scaleout.functions.imports.fakes.InMemoryImportKeyStore;
import com.scaleout.functions.shared.http.Json;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Review findings: each test states the behaviour the API promises and fails on the current code. */
class ImportReviewTest {
    private final ImportRoutesWorld world = new ImportRoutesWorld();

    private ImportRoutesWorld.Reply push(String body) {
        return world.handle(withBody(sample("push-two-tables"), body));
    }

    /** The status, or what escaped the handler (an Error escapes ApiHandler and ends the Lambda invocation). */
    private String outcome(APIGatewayV2HTTPEvent event) {
        try {
            return Integer.toString(world.handle(event).status());
        } catch (Throwable e) {
            return e.getClass().getSimpleName() + ": " + e.getMessage();
        }
    }

    private static String record(String keyNames, String data) {
        return "{\"client_id\": 4821, \"table_name\": \"t\", \"sequence\": 1, \"action\": \"upsert\","
                + " \"key_names\": " + keyNames + ", \"data\": " + data + "}";
    }

    /** RecordKey.canonical: new BigDecimal("1E+2147483647").stripTrailingZeros().toPlainString(). */
    @Test
    void aKeyWithAHugeExponentIsA4xxNotAnOutOfMemoryError() {
        String outcome = outcome(withBody(sample("push-two-tables"),
                "[" + record("[\"id\"]", "{\"id\": 1e2147483647}") + "]"));
        assertThat(outcome).isIn("400", "422");
    }

    /** 1e999999999 (11 bytes) becomes a 1-billion-digit string: OOM or many seconds per key. */
    @Test
    void aKeyWithALargeExponentIsCheapToHash() {
        long start = System.nanoTime();
        var reply = push("[" + record("[\"id\"]", "{\"id\": 1e50000000}") + "]");
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertThat(reply.status()).isIn(201, 422);
        assertThat(millis).as("ms to hash one 12-byte key").isLessThan(50);
    }

    /**
     * MAX_RECORD_BYTES (380,000) bounds dataJson only; keyJson is stored beside it in ImportRecords and again in
     * ImportChanges, so a wide key doubles the item: DynamoDB (and moto) refuse it with a ValidationException,
     * which DynamoRecordStore does not retry and ApiHandler turns into a 500, on every retry.
     */
    @Test
    void anAcceptedRecordFitsADynamoDbItem() {
        var names = new ArrayList<String>();
        var data = new StringBuilder("{");
        for (int i = 0; i < 1300; i++) {
            String name = "k" + i;
            names.add("\"" + name + "\"");
            data.append(i == 0 ? "" : ",").append('"').append(name).append("\":\"").append("x".repeat(255)).append('"');
        }
        data.append('}');
        var reply = push("[" + record("[" + String.join(",", names) + "]", data.toString()) + "]");
        assertThat(reply.status()).isEqualTo(201);
        ImportRecord stored = world.stored().getFirst();
        long itemBytes = Utf8.length(stored.dataJson()) + Utf8.length(Json.write(stored.key().values()));
        assertThat(itemBytes).as("keyJson + dataJson of an accepted record").isLessThanOrEqualTo(400 * 1024);
    }

    /**
     * A page of changes is capped at 4,000,000 payload bytes (+ one change), but Lambda's 6 MB limit applies to the
     * response envelope, where the body is a JSON string: every quote and backslash of the stored JSON doubles.
     */
    @Test
    void aPageOfChangesFitsLambdasSixMegabyteResponse() throws Exception {
        String token = "cl42ImportKey001.Zq8vN2xR9sT4wY6zB8cD1fG3hJ5mP0qL2nV4bX6aZ8e";
        Clock clock = Clock.fixed(Instant.parse("2026-11-29T23:00:00Z"), ZoneOffset.UTC);
        var keys = new InMemoryImportKeyStore();
        keys.create(new ImportKey(ImportTokens.keyIdOf(token).orElseThrow(), 42, "replicator",
                ImportTokens.hash(token), clock.instant(), Optional.empty()));
        var changeLog = new ChangeLogService(new InMemoryChangeLog());
        var table = new ImportedTable(42, "orders");
        // each record's data is a string of quotes, stored as 190,000 \" pairs: 380 KB, within MAX_RECORD_BYTES
        String data = "{\"q\":\"" + "\\\"".repeat(189_990) + "\"}";
        var changes = new ArrayList<AppliedChange>();
        for (int i = 1; i <= 11; i++) {
            changes.add(new AppliedChange(table, "r" + i, i, true, "{\"id\":" + i + "}", data));
        }
        assertThat(changeLog.record(changes)).isEmpty();
        var handler = new ImportHandler(new ImportService((records, deadline) -> {
            throw new AssertionError();
        }), new ImportKeys(keys, clock, Duration.ofHours(1)), changeLog, clock);
        APIGatewayV2HTTPEvent event = new APIGatewayV2HTTPEvent();
        event.setRouteKey("GET /v2/import/tables/{table}/changes");
        event.setPathParameters(Map.of("table", "orders"));
        event.setHeaders(Map.of("authorization", "Bearer " + token));

        var response = handler.handleRequest(event, null);

        assertThat(response.getStatusCode()).isEqualTo(200);
        long envelope = Json.MAPPER.writeValueAsBytes(response).length;
        assertThat(envelope).as("bytes of the Lambda response payload").isLessThanOrEqualTo(6 * 1024 * 1024);
    }

    /** networknt resolves the $ref cycle recursively: StackOverflowError, which no handler catches. */
    @Test
    void aSchemaWhoseRefPointsAtItselfIsA400() {
        String outcome = outcome(batch("{\"properties\": {\"a\": {\"$ref\": \"#/definitions/x\"}},"
                + " \"definitions\": {\"x\": {\"$ref\": \"#/definitions/x\"}}}", "{\"a\": 1}"));
        assertThat(outcome).isIn("400", "422");
    }

    /** RecordKey hashes String.getBytes(UTF_8), which turns a lone surrogate into '?': two keys, one row. */
    @Test
    void aKeyWithALoneSurrogateIsNotTheKeyQuestionMark() {
        assertThat(push("[" + record("[\"id\"]", "{\"id\": \"abc?\", \"v\": 1}") + ","
                + record("[\"id\"]", "{\"id\": \"abc\\ud83d\", \"v\": 2}").replace("\"sequence\": 1", "\"sequence\": 2")
                + "]").status()).isEqualTo(201);
        assertThat(world.stored()).as("rows stored for two distinct keys").hasSize(2);
    }

    private static APIGatewayV2HTTPEvent batch(String schema, String data) {
        String body = "{\"table_name\": \"t\", \"key_names\": [], \"schema\": " + schema
                + ", \"messages\": [{\"action\": \"upsert\", \"sequence\": 1, \"data\": " + data + "}]}";
        var event = withBody(sample("push-two-tables"), body);
        event.setRouteKey("POST /v2/import/batch");
        return event;
    }

    @SuppressWarnings("unused")
    private static List<String> unused() {
        return List.of();
    }
}
