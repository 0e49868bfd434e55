package com.scaleout.functions.imports.http;

import static com.scaleout.functions.imports.http.ImportRoutesWorld.CLIENT;
import static com.scaleout.functions.imports.http.ImportRoutesWorld.json;
import static com.scaleout.functions.imports.http.ImportRoutesWorld.sample;
import static com.scaleout.functions.imports.http.ImportRoutesWorld.storedData;
import static com.scaleout.functions.imports.http.ImportRoutesWorld.storedKey;
import static com.scaleout.functions.imports.http.ImportRoutesWorld.withBody;
import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.functions.imports.domain.ImportRecord;
import com.scaleout.functions.imports.domain.ImportTokens;
import com.scaleout.functions.testing.NotStandardJson;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import org.junit.jupiter.api.Test;

/**
 * RJMetrics' v2 routes on the samples in {@code events/imports/}: data points stored with arrival time as their
 * sequence, the key as {@code ?apikey=} or Bearer, and RJMetrics' {@code {"code", "message"}} bodies.
 */
class RjMetricsRoutesTest {
    private final ImportRoutesWorld world = new ImportRoutesWorld();

    /** The sequence of a point that arrives now: nanoseconds since the epoch, from a microsecond clock. */
    private long arrival() {
        var now = world.clock.instant();
        return now.getEpochSecond() * 1_000_000_000L + now.getNano() / 1_000 * 1_000;
    }

    private static String points(int count) {
        var points = new ArrayList<String>();
        for (int i = 0; i < count; i++) {
            points.add("{\"keys\": [\"id\"], \"id\": " + i + ", \"url\": \"/p/" + i + "\"}");
        }
        return "[" + String.join(", ", points) + "]";
    }

    private static void assertRjError(ImportRoutesWorld.Reply reply, int code, String message) {
        assertThat(reply.status()).isEqualTo(code);
        assertThat(reply.json().get("code").asInt()).isEqualTo(code);
        assertThat(reply.text("message")).isEqualTo(message);
    }

    @Test
    void aPointSentWithTheApiKeyInTheQueryIsCreated() {
        var reply = world.handle("rjmetrics-data-apikey");

        assertThat(reply.status()).isEqualTo(201);
        assertThat(reply.json()).isEqualTo(json("{\"code\": 201, \"message\": \"created\"}"));
        assertThat(world.stored()).singleElement().satisfies(record -> {
            assertThat(record.clientId()).isEqualTo(CLIENT);
            assertThat(record.table()).isEqualTo("page_views");
            assertThat(record.sequence()).isEqualTo(arrival());
            assertThat(storedKey(record)).isEqualTo(json("{\"id\": 17}"));
            assertThat(storedData(record)).as("the data without its keys list").isEqualTo(json(
                    "{\"id\": 17, \"url\": \"/pricing\", \"viewed_at\": \"2026-11-29T22:59:58Z\"}"));
        });
    }

    @Test
    void anArrayOfPointsWithABearerKeyIsCreatedAndTheLaterPointOfAKeyWins() {
        var reply = world.handle("rjmetrics-data-bearer-array");

        assertThat(reply.status()).isEqualTo(201);
        assertThat(world.stored()).extracting(record -> storedData(record).get("url").asText())
                .containsExactly("/pricing?plan=team", "/signup");
    }

    @Test
    void aLaterRequestReplacesThePointOfTheSameKey() {
        world.handle("rjmetrics-data-apikey");
        world.clock.advance(Duration.ofMillis(1));

        var reply = world.handle(withBody(sample("rjmetrics-data-apikey"),
                "{\"keys\": [\"id\"], \"id\": 17, \"url\": \"/pricing\", \"viewed_at\": \"2026-11-29T23:00:00Z\"}"));

        assertThat(reply.status()).isEqualTo(201);
        assertThat(world.stored()).singleElement().satisfies(record -> {
            assertThat(record.sequence()).isEqualTo(arrival());
            assertThat(record.data().get("viewed_at").asText()).isEqualTo("2026-11-29T23:00:00Z");
        });
    }

    @Test
    void aHundredPointsAreAcceptedAndAHundredAndOneAre400() {
        var hundred = world.handle(withBody(sample("rjmetrics-data-apikey"), points(100)));
        var tooMany = world.handle(withBody(sample("rjmetrics-data-apikey"), points(101)));

        assertThat(hundred.status()).isEqualTo(201);
        assertRjError(tooMany, 400, "Send one data point or an array of 1 to 100");
        assertThat(world.stored()).hasSize(100);
    }

    @Test
    void aKeyOfAnotherClientThanThePathsIs403() {
        var reply = world.handle("rjmetrics-data-other-client");

        assertRjError(reply, 403, "This API key does not belong to client 5930");
        assertThat(world.stored()).isEmpty();
    }

    @Test
    void noKeyIs401NotAuthorized() {
        var reply = world.handle("rjmetrics-data-no-key");

        assertRjError(reply, 401, "Not Authorized");
        assertThat(world.stored()).isEmpty();
    }

    @Test
    void aRevokedKeyIs401() {
        assertRjError(world.handle("rjmetrics-data-revoked-key"), 401, "Not Authorized");
        assertThat(world.stored()).isEmpty();
    }

    @Test
    void aTableNameOutsideLettersDigitsAndUnderscoresIs400() {
        var reply = world.handle("rjmetrics-data-bad-table");

        assertRjError(reply, 400, "Invalid table name");
        assertThat(world.stored()).isEmpty();
    }

    @Test
    void aPointWithoutKeysIs400WithAReasonNamingThePoint() {
        var reply = world.handle("rjmetrics-data-missing-keys");

        assertRjError(reply, 400, "Invalid data points");
        assertThat(reply.json().get("reasons")).isEqualTo(json("[\"point 1: keys is required\"]"));
        assertThat(world.stored()).isEmpty();
    }

    @Test
    void anEmptyArrayIs400() {
        assertRjError(world.handle("rjmetrics-data-empty-array"), 400, "Send one data point or an array of 1 to 100");
    }

    @Test
    void malformedJsonIs400() {
        assertRjError(world.handle("rjmetrics-data-malformed-json"), 400, "Malformed JSON in the body");
    }

    /** Issue 23: the reason says where and why in the client's words, never the parser's internal names. */
    @Test
    void aBodyThatIsNotStandardJsonIs400WithAReasonWithoutTheParsersInternalNames() {
        for (String body : NotStandardJson.BODIES) {
            var reply = world.handle(withBody(sample("rjmetrics-data-apikey"), body));

            assertRjError(reply, 400, "Malformed JSON in the body");
            String reason = reply.json().get("reasons").get(0).asText();
            assertThat(reason).as(body).contains("line 1, column");
            NotStandardJson.assertNoParserInternals(reason, body);
        }
        assertThat(world.records.upserts()).isEmpty();
    }

    @Test
    void aNumberWhoseExponentIsOutOfRangeIs400() {
        var event = withBody(sample("rjmetrics-data-apikey"), "{\"keys\": [\"id\"], \"id\": 1, \"x\": 1e-2147483649}");

        assertRjError(world.handle(event), 400, "Malformed JSON in the body");
        assertThat(world.records.upserts()).isEmpty();
    }

    @Test
    void aContentTypeOtherThanJsonIs415() {
        assertRjError(world.handle("rjmetrics-data-wrong-content-type"), 415,
                "Content-Type must be application/json");
        assertThat(world.stored()).isEmpty();
    }

    @Test
    void aPointWithoutContentTypeIsReadAsJson() {
        var event = sample("rjmetrics-data-apikey");
        var headers = new HashMap<>(event.getHeaders());
        headers.remove("content-type");
        event.setHeaders(headers);

        assertThat(world.handle(event).status()).isEqualTo(201);
    }

    @Test
    void authenticateAnswers200ForAValidKeyOfThePathsClient() {
        var apikey = world.handle("rjmetrics-authenticate");
        var bearer = world.handle("rjmetrics-authenticate-bearer");

        assertThat(apikey.status()).isEqualTo(200);
        assertThat(apikey.json().get("code").asInt()).isEqualTo(200);
        assertThat(bearer.status()).isEqualTo(200);
    }

    @Test
    void authenticateAnswers401ForAValidKeyOfAnotherClient() {
        assertRjError(world.handle("rjmetrics-authenticate-other-client"), 401, "Not Authorized");
    }

    @Test
    void authenticateAnswers401ForAnUnknownKey() {
        assertRjError(world.handle("rjmetrics-authenticate-unknown-key"), 401, "Not Authorized");
    }

    @Test
    void authenticateAnswers401ForARevokedKey() {
        assertRjError(world.handle("rjmetrics-authenticate-revoked-key"), 401, "Not Authorized");
    }

    @Test
    void authenticateAnswers401WithoutAKey() {
        assertRjError(world.handle("rjmetrics-authenticate-no-key"), 401, "Not Authorized");
    }

    @Test
    void authenticateAnswers401OnceARevocationOutlivesTheKeyCache() {
        assertThat(world.handle("rjmetrics-authenticate").status()).isEqualTo(200);
        world.keys.revoke(ImportTokens.keyIdOf(ImportRoutesWorld.TOKEN).orElseThrow());
        world.clock.advance(ImportRoutesWorld.KEY_CACHE_TTL);

        assertRjError(world.handle("rjmetrics-authenticate"), 401, "Not Authorized");
    }

    @Test
    void pointsAreStoredUnderTheKeysClientWhateverTheyClaim() {
        var reply = world.handle(withBody(sample("rjmetrics-data-apikey"),
                "{\"keys\": [\"id\"], \"id\": 1, \"client_id\": 5930}"));

        assertThat(reply.status()).isEqualTo(201);
        assertThat(world.stored()).extracting(ImportRecord::clientId).containsExactly(CLIENT);
    }
}
