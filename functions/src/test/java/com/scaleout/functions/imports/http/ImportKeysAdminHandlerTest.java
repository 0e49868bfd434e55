package com.scaleout.functions.imports.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.amazonaws.services.lambda.runtime.tests.EventLoader;
import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.functions.imports.ImportFakes.MemoryKeyMarks;
import com.scaleout.functions.imports.ImportFakes.MemoryKeyStore;
import com.scaleout.functions.imports.application.ImportKeys;
import com.scaleout.functions.imports.domain.ImportKey;
import com.scaleout.functions.imports.domain.ImportTokens;
import com.scaleout.functions.shared.http.AdminKey;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.functions.testing.SettableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code POST /admin/import-keys} and {@code DELETE /admin/import-keys/{keyId}} on the samples in events/imports/. */
class ImportKeysAdminHandlerTest {
    private static final String ADMIN_KEY = "test-admin-key";
    private static final String EXISTING_TOKEN = ImportRoutesWorld.TOKEN;
    private static final Duration TTL = Duration.ofSeconds(2);

    private final MemoryKeyStore store = new MemoryKeyStore();
    private final SettableClock clock = new SettableClock(Instant.parse("2026-11-29T23:00:00Z"));
    private final MemoryKeyMarks marks = new MemoryKeyMarks();
    private final ImportKeys keys = new ImportKeys(store, marks, clock, TTL);
    private final ImportKeysAdminHandler handler =
            new ImportKeysAdminHandler(keys, new AdminKey(Optional.of(ADMIN_KEY)));

    {
        store.create(new ImportKey(ImportTokens.keyIdOf(EXISTING_TOKEN).orElseThrow(), 4821, "warehouse loader",
                ImportTokens.hash(EXISTING_TOKEN), clock.instant().minus(Duration.ofDays(3)), Optional.empty()));
    }

    record Reply(int status, JsonNode json) {
    }

    private static APIGatewayV2HTTPEvent sample(String name) {
        return EventLoader.loadApiGatewayHttpEvent(ImportRoutesWorld.FOLDER + name + ".json");
    }

    private Reply handle(ImportKeysAdminHandler on, APIGatewayV2HTTPEvent event) throws Exception {
        APIGatewayV2HTTPResponse response = on.handleRequest(event, null);
        String body = response.getBody();
        return new Reply(response.getStatusCode(), body == null || body.isEmpty() ? null : Json.MAPPER.readTree(body));
    }

    private Reply handle(String sample) throws Exception {
        return handle(handler, sample(sample));
    }

    @Test
    void creatingAKeyAnswersItsTokenOnceAndStoresOnlyItsHash() throws Exception {
        APIGatewayV2HTTPResponse response = handler.handleRequest(sample("admin-keys-create"), null);
        assertThat(response.getHeaders()).as("a key is never stored by a cache")
                .containsEntry("cache-control", "no-store");
        var reply = new Reply(response.getStatusCode(), Json.MAPPER.readTree(response.getBody()));

        assertThat(reply.status()).isEqualTo(201);
        String keyId = reply.json().get("keyId").asText();
        String token = reply.json().get("token").asText();
        assertThat(token).matches("[A-Za-z0-9_-]{16}\\.[A-Za-z0-9_-]{43}").startsWith(keyId + ".");
        assertThat(reply.json().get("clientId").asLong()).isEqualTo(4821);
        assertThat(reply.json().get("name").asText()).isEqualTo("warehouse loader");
        assertThat(reply.json().get("createdAt").asText()).isEqualTo("2026-11-29T23:00:00Z");
        var stored = store.find(keyId).orElseThrow();
        assertThat(stored.tokenHash()).isEqualTo(ImportTokens.hash(token));
        assertThat(keys.authenticate(token)).hasValueSatisfying(key -> assertThat(key.clientId()).isEqualTo(4821));
    }

    @Test
    void twoKeysOfOneClientAreDistinct() throws Exception {
        var first = handle("admin-keys-create");
        var second = handle("admin-keys-create");

        assertThat(first.json().get("keyId")).isNotEqualTo(second.json().get("keyId"));
        assertThat(first.json().get("token")).isNotEqualTo(second.json().get("token"));
    }

    @Test
    void revokingAKeyAnswers204AndItsTokenFailsAtOnceWhereItWasHeld() throws Exception {
        assertThat(keys.authenticate(EXISTING_TOKEN)).isPresent();

        var reply = handle("admin-keys-revoke");

        assertThat(reply.status()).isEqualTo(204);
        assertThat(reply.json()).isNull();
        assertThat(store.find(ImportTokens.keyIdOf(EXISTING_TOKEN).orElseThrow()).orElseThrow().revokedAt())
                .contains(clock.instant());
        assertThat(keys.authenticate(EXISTING_TOKEN)).isEmpty();
    }

    @Test
    void aRevocationTheCacheCannotSpreadIs503WithRetryAfterAndCanBeRepeated() throws Exception {
        marks.down(true);

        APIGatewayV2HTTPResponse refused = handler.handleRequest(sample("admin-keys-revoke"), null);

        assertThat(refused.getStatusCode()).isEqualTo(503);
        assertThat(refused.getHeaders()).containsEntry("retry-after", "1");
        assertThat(Json.MAPPER.readTree(refused.getBody()).get("message").asText()).contains("retry the revocation");
        marks.down(false);
        assertThat(handle("admin-keys-revoke").status()).isEqualTo(204);
        assertThat(keys.authenticate(EXISTING_TOKEN)).isEmpty();
    }

    @Test
    void revokingTwiceAnswers204BothTimesAndKeepsTheFirstRevocationTime() throws Exception {
        Instant first = clock.instant();
        handle("admin-keys-revoke");
        clock.advance(Duration.ofMinutes(5));

        assertThat(handle("admin-keys-revoke").status()).isEqualTo(204);
        assertThat(store.find(ImportTokens.keyIdOf(EXISTING_TOKEN).orElseThrow()).orElseThrow().revokedAt())
                .contains(first);
    }

    @Test
    void revokingAnUnknownKeyIs404() throws Exception {
        assertThat(handle("admin-keys-revoke-unknown").status()).isEqualTo(404);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "admin-keys-create-no-admin-key, 401",
        "admin-keys-create-wrong-admin-key, 403",
        "admin-keys-revoke-no-admin-key, 401"})
    void theAdminKeyIsRequired(String sample, int status) throws Exception {
        var reply = handle(sample);

        assertThat(reply.status()).isEqualTo(status);
        assertThat(reply.json().get("message").asText()).isNotBlank();
        assertThat(store.find(ImportTokens.keyIdOf(EXISTING_TOKEN).orElseThrow()).orElseThrow().isActive()).isTrue();
    }

    @Test
    void aWrongAdminKeyCannotRevoke() throws Exception {
        var event = sample("admin-keys-revoke");
        var headers = new HashMap<>(event.getHeaders());
        headers.put("x-admin-key", "guessed-admin-key");
        event.setHeaders(headers);

        assertThat(handle(handler, event).status()).isEqualTo(403);
        assertThat(keys.authenticate(EXISTING_TOKEN)).isPresent();
    }

    @ParameterizedTest(name = "{0} -> 400 on {1}")
    @CsvSource({
        "admin-keys-create-missing-client-id, clientId",
        "admin-keys-create-zero-client-id, clientId",
        "admin-keys-create-blank-name, name"})
    void anInvalidFieldIs400NamingIt(String sample, String field) throws Exception {
        var reply = handle(sample);

        assertThat(reply.status()).isEqualTo(400);
        assertThat(reply.json().get("errors").get(0).get("field").asText()).isEqualTo(field);
    }

    @Test
    void malformedJsonIs400() throws Exception {
        assertThat(handle("admin-keys-create-malformed-json").status()).isEqualTo(400);
    }

    @Test
    void withoutAConfiguredAdminKeyTheRoutesDoNotExist() throws Exception {
        var disabled = new ImportKeysAdminHandler(keys, new AdminKey(Optional.empty()));

        assertThat(handle(disabled, sample("admin-keys-create")).status()).isEqualTo(404);
        assertThat(handle(disabled, sample("admin-keys-revoke")).status()).isEqualTo(404);
        assertThat(keys.authenticate(EXISTING_TOKEN)).isPresent();
    }

    @Test
    void aNameWithALoneSurrogateIs400NamingIt() throws Exception {
        var event = sample("admin-keys-create");
        event.setBody("{\"clientId\": 4821, \"name\": \"loader \\ud83d\"}");

        var reply = handle(handler, event);

        assertThat(reply.status()).isEqualTo(400);
        assertThat(reply.json().get("errors").get(0).get("field").asText()).isEqualTo("name");
        assertThat(store.finds()).isZero();
    }
}
