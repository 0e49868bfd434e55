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

/** Review finding against moto_server: a record the rules accept, DynamoDB refuses, and the client gets a 500. */
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
    void aRecordWithAWideKeyIsStoredOrRefusedWithA4xxNotA500() {
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

        var names = new ArrayList<String>();
        var data = new StringBuilder("{");
        for (int i = 0; i < 1300; i++) {
            names.add("\"k" + i + "\"");
            data.append(i == 0 ? "" : ",").append("\"k").append(i).append("\":\"").append("x".repeat(255)).append('"');
        }
        data.append('}');
        String body = "[{\"client_id\": 4821, \"table_name\": \"wide\", \"sequence\": 1, \"action\": \"upsert\","
                + " \"key_names\": [" + String.join(",", names) + "], \"data\": " + data + "}]";
        var event = new APIGatewayV2HTTPEvent();
        event.setRouteKey("POST /v2/import/push");
        event.setHeaders(Map.of("authorization", "Bearer " + TOKEN, "content-type", "application/json"));
        event.setBody(body);

        int status = handler.handleRequest(event, null).getStatusCode();
        assertThat(status).as("status of a push of one 330 KB record with a 330 KB key").isIn(201, 400, 413, 422);
    }
}
