package com.scaleout.functions.imports.http;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.amazonaws.services.lambda.runtime.tests.EventLoader;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.scaleout.functions.imports.ImportFakes.MemoryKeyStore;
import com.scaleout.functions.imports.ImportFakes.MemoryRecordStore;
import com.scaleout.functions.imports.application.ChangeLogService;
import com.scaleout.functions.imports.application.ImportKeys;
import com.scaleout.functions.imports.application.ImportService;
import com.scaleout.functions.imports.domain.ImportKey;
import com.scaleout.functions.imports.domain.ImportRecord;
import com.scaleout.functions.imports.domain.ImportTokens;
import com.scaleout.functions.imports.fakes.InMemoryChangeLog;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.functions.testing.SettableClock;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Optional;

/**
 * The import handler as Lambda runs it, over in-memory stores, with the keys the samples of {@code events/imports/}
 * carry: {@link #TOKEN} of client {@link #CLIENT}, {@link #OTHER_TOKEN} of client {@link #OTHER}, a revoked key
 * of {@link #CLIENT}, and {@link #UNKNOWN}, a well-formed token of no key. A fresh world per test.
 */
final class ImportRoutesWorld {
    static final String FOLDER = "events/imports/";
    static final long CLIENT = 4821;
    static final long OTHER = 5930;
    static final String TOKEN = "AsqqzAAqBSVrZe1F.Zt1FKVSlguUwRRTpy7pmCL3SDhUvwVq3qLFDFLkPlWo";
    static final String OTHER_TOKEN = "n4W7J-NrgPHaQRFm.s8p9iGYJCVpFsHTO0_XWwGBz1AxagUtDfXvwr3SDs3k";
    static final String REVOKED_TOKEN = "V7mVEWjZ91zz7JHq.lUxTAOcwwGCN64xTTzAAhwUfdZk1PIgCT6Dk57ww4so";
    static final String UNKNOWN_TOKEN = "Xb9aaRHsCIQcGoke.dhBRchPrREpvyWbX0ufESgkdS6h1z9Idgk0ShRqUQYs";
    static final Instant START = Instant.parse("2026-11-29T23:00:00Z");
    static final Duration KEY_CACHE_TTL = Duration.ofHours(1);
    /** Bodies as the routes read them and as stored: decimals exact, so 149.90 is not 149.9. */
    static final JsonMapper EXACT = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .nodeFactory(JsonNodeFactory.withExactBigDecimals(true))
            .build();

    /**
     * The change-log routes have their own tests (ChangeLogRoutesTest); these worlds need one to exist, and the
     * batch route declares its schema's types to it.
     */
    static final InMemoryChangeLog LOG = new InMemoryChangeLog();
    static final ChangeLogService CHANGE_LOG = new ChangeLogService(LOG);

    final MemoryRecordStore records = new MemoryRecordStore();
    final MemoryKeyStore keyStore = new MemoryKeyStore();
    final SettableClock clock = new SettableClock(START);
    final ImportKeys keys = new ImportKeys(keyStore, clock, KEY_CACHE_TTL);
    final ImportHandler handler = new ImportHandler(new ImportService(records), keys, CHANGE_LOG, clock);

    ImportRoutesWorld() {
        keyStore.create(key(TOKEN, CLIENT, "warehouse loader"));
        keyStore.create(key(OTHER_TOKEN, OTHER, "another client's loader"));
        keyStore.create(key(REVOKED_TOKEN, CLIENT, "retired loader"));
        keyStore.revoke(ImportTokens.keyIdOf(REVOKED_TOKEN).orElseThrow(), START.minus(Duration.ofDays(1)));
    }

    private static ImportKey key(String token, long clientId, String name) {
        return new ImportKey(ImportTokens.keyIdOf(token).orElseThrow(), clientId, name, ImportTokens.hash(token),
                START.minus(Duration.ofDays(30)), Optional.empty());
    }

    /** A response with its body parsed. */
    record Reply(int status, JsonNode json) {
        String text(String field) {
            return json.get(field).asText();
        }
    }

    static APIGatewayV2HTTPEvent sample(String name) {
        return EventLoader.loadApiGatewayHttpEvent(FOLDER + name + ".json");
    }

    /** The sample with another body, as a client would send it (content-length follows). */
    static APIGatewayV2HTTPEvent withBody(APIGatewayV2HTTPEvent event, String body) {
        event.setBody(body);
        var headers = new HashMap<>(event.getHeaders());
        headers.put("content-length", String.valueOf(body.getBytes(java.nio.charset.StandardCharsets.UTF_8).length));
        event.setHeaders(headers);
        return event;
    }

    Reply handle(String sample) {
        return handle(sample(sample));
    }

    Reply handle(APIGatewayV2HTTPEvent event) {
        APIGatewayV2HTTPResponse response = handler.handleRequest(event, null);
        try {
            String body = response.getBody();
            return new Reply(response.getStatusCode(), body == null || body.isEmpty() ? null : EXACT.readTree(body));
        } catch (IOException e) {
            throw new UncheckedIOException("not JSON: " + response.getBody(), e);
        }
    }

    static JsonNode json(String text) {
        try {
            return EXACT.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(text, e);
        }
    }

    /** What the DynamoDB adapter would write as {@code dataJson}, read back. */
    static JsonNode storedData(ImportRecord record) {
        return json(Json.write(record.data()));
    }

    /** What the DynamoDB adapter would write as {@code keyJson}, read back. */
    static JsonNode storedKey(ImportRecord record) {
        return json(Json.write(record.key().values()));
    }

    List<ImportRecord> stored() {
        return records.stored();
    }

    List<ImportRecord> stored(String table) {
        return records.stored().stream().filter(record -> record.table().equals(table)).toList();
    }
}
