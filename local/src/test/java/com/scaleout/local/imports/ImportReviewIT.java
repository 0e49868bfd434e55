package com.scaleout.local.imports;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.functions.imports.application.ChangeLogService;
import com.scaleout.functions.imports.application.ImportKeyStore;
import com.scaleout.functions.imports.application.ImportKeys;
import com.scaleout.functions.imports.application.ImportService;
import com.scaleout.functions.imports.domain.ImportKey;
import com.scaleout.functions.imports.domain.ImportTokens;
import com.scaleout.functions.imports.dynamodb.DynamoChangeLog;
import com.scaleout.functions.imports.dynamodb.DynamoRecordStore;
import com.scaleout.functions.imports.http.ImportHandler;
import com.scaleout.local.testing.RuntimeFixture;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Against moto_server: the record size limit counts what is stored (data, key fields, table name), so a record the
 * rules accept fits a DynamoDB item, and one that would not is a 422, never a 500 (a review found the key left out).
 */
class ImportReviewIT {
    private static final String TOKEN = "AsqqzAAqBSVrZe1F.Zt1FKVSlguUwRRTpy7pmCL3SDhUvwVq3qLFDFLkPlWo";
    private static RuntimeFixture fixture;

    @BeforeAll
    static void start() throws Exception {
        Declaration production = ScaleoutDeclaration.declaration();
        fixture = RuntimeFixture.start(Declaration.builder()
                .table(production.table("ImportRecords"))
                .table(production.table("ImportChanges"))
                .table(production.table("ImportTables"))
                .build());
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    @Test
    void aRecordWithAWideKeyIsStoredWhenItFitsAnItemAndRefusedWith422WhenNot() {
        var dynamoDb = fixture.runtime().dynamoDb();
        var clock = Clock.systemUTC();
        var key = new ImportKey(ImportTokens.keyIdOf(TOKEN).orElseThrow(), 4821, "loader", ImportTokens.hash(TOKEN),
                Instant.parse("2026-01-01T00:00:00Z"), Optional.empty());
        ImportKeyStore keys = new ImportKeyStore() {
            public void create(ImportKey created) { }
            public Optional<ImportKey> find(String keyId) { return Optional.of(key); }
            public boolean revoke(String keyId, Instant at) { return false; }
        };
        var handler = new ImportHandler(
                new ImportService(new DynamoRecordStore(dynamoDb, "ImportRecords", 4, clock)),
                new ImportKeys(keys, clock, Duration.ofHours(1)),
                new ChangeLogService(new DynamoChangeLog(dynamoDb, "ImportChanges", "ImportTables", clock)), clock);

        assertThat(push(handler, 1300)).as("one 330 KB record with a 330 KB key").isEqualTo(422);
        assertThat(push(handler, 700)).as("one 185 KB record with a 185 KB key, just under the limit").isEqualTo(201);
        var stored = dynamoDb.getItem(get -> get.tableName("ImportRecords").key(Map.of("recordId",
                software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS(
                        com.scaleout.functions.imports.domain.RecordKey.of(4821, "wide", keyNames(700),
                                wideData(700)).id())))).item();
        assertThat(stored).containsKeys("keyJson", "dataJson");
    }

    private static java.util.List<String> keyNames(int keys) {
        var names = new ArrayList<String>();
        for (int i = 0; i < keys; i++) {
            names.add("k" + i);
        }
        return names;
    }

    private static com.fasterxml.jackson.databind.node.ObjectNode wideData(int keys) {
        var data = com.scaleout.functions.shared.json.Json.MAPPER.createObjectNode();
        for (int i = 0; i < keys; i++) {
            data.put("k" + i, "x".repeat(255));
        }
        return data;
    }

    private static int push(ImportHandler handler, int keys) {
        String names = String.join(",", keyNames(keys).stream().map(name -> "\"" + name + "\"").toList());
        String body = "[{\"client_id\": 4821, \"table_name\": \"wide\", \"sequence\": 1, \"action\": \"upsert\","
                + " \"key_names\": [" + names + "], \"data\": " + wideData(keys) + "}]";
        var event = new APIGatewayV2HTTPEvent();
        event.setRouteKey("POST /v2/import/push");
        event.setHeaders(Map.of("authorization", "Bearer " + TOKEN, "content-type", "application/json"));
        event.setBody(body);
        return handler.handleRequest(event, null).getStatusCode();
    }
}
