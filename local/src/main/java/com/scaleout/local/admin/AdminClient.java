package com.scaleout.local.admin;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.client.AdminApi;
import com.scaleout.client.ApiResponse;
import com.scaleout.client.ScaleoutClient;
import com.scaleout.client.Transport;
import com.scaleout.functions.shared.json.Json;
import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The admin routes of a running stack (local or deployed), with {@code X-Admin-Key}, through the API client. Busy
 * answers (429, 502-504) and requests without an answer (refused or dropped connections, timeouts) are sent again as
 * {@link BusyRetries} says (callers make their requests safe to repeat); past its attempts the call ends with
 * {@link GaveUp}. Any other non-2xx ends it with {@link Refused} and the API's message. A refused connection before the
 * stack ever answered ends it at once with {@link NotUp}: nothing runs at that URL, and waiting would not help.
 */
public final class AdminClient {
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(60);

    /** How the client waits between attempts (a test's fake returns at once). */
    interface Pause {
        void sleep(Duration duration) throws InterruptedException;
    }

    /** One attempt of a call. */
    @FunctionalInterface
    private interface Attempt {
        ApiResponse send() throws IOException, InterruptedException;
    }

    private final String url;
    private final ScaleoutClient client;
    private final AdminApi admin;
    private final BusyRetries retries;
    private final Pause pause;
    private final Clock clock;
    /** Whether the stack has answered anything yet: until it has, a refused connection means it is not there. */
    private volatile boolean answered;

    public AdminClient(String baseUrl, String adminKey) {
        this(baseUrl, adminKey, Transport.over(HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()),
                duration -> Thread.sleep(duration.toMillis()), Clock.systemUTC());
    }

    AdminClient(String baseUrl, String adminKey, Transport transport, Pause pause, Clock clock) {
        this.url = baseUrl;
        this.client = ScaleoutClient.to(baseUrl).timeout(REQUEST_TIMEOUT).transport(transport)
                .header(AdminApi.KEY_HEADER, adminKey).header("Content-Type", "application/json").build();
        this.admin = client.admin();
        this.retries = new BusyRetries(clock);
        this.pause = pause;
        this.clock = clock;
    }

    /** The API answered with an error that retrying does not fix. */
    public static final class Refused extends RuntimeException {
        Refused(String message) {
            super(message);
        }
    }

    /** The stack stayed busy (or silent) through every attempt. */
    public static final class GaveUp extends RuntimeException {
        GaveUp(String message, Throwable last) {
            super(message, last);
        }
    }

    /** Nothing listens at the stack's URL, and nothing has since this client started. */
    public static final class NotUp extends RuntimeException {
        NotUp(String url, Throwable cause) {
            super("nothing answers at " + url + ": is ./scaleout up running? (--url names another stack)", cause);
        }
    }

    /** The answer, sending the request again while the stack is busy. */
    public JsonNode call(String method, String path, String body) throws InterruptedException {
        return retrying(method + " " + path, () -> client.send(method, path, Map.of(), bytes(body)));
    }

    /** The stack's address. */
    public String url() {
        return url;
    }

    /** {@code POST /admin/import-keys}, once: a resend could issue a second key. The answer as it came. */
    public ApiResponse createImportKey(long clientId, String name) throws IOException, InterruptedException {
        return admin.createImportKey(clientId, name);
    }

    /** {@code DELETE /admin/import-keys/{keyId}}, once. The answer as it came. */
    public ApiResponse revokeImportKey(String keyId) throws IOException, InterruptedException {
        return admin.revokeImportKey(keyId);
    }

    /** {@code GET /admin/status}, sent again while the stack is busy. */
    public JsonNode status() throws InterruptedException {
        return retrying("GET /admin/status", admin::status);
    }

    /** One round of {@code POST /admin/reset}, sent again while the stack is busy. */
    public JsonNode reset() throws InterruptedException {
        return retrying("POST /admin/reset", admin::reset);
    }

    /** {@code POST /admin/stress}, sent again while the stack is busy. */
    public JsonNode stress(String star, int n, int fan) throws InterruptedException {
        return retrying("POST /admin/stress", () -> admin.stress(star, n, fan));
    }

    private JsonNode retrying(String call, Attempt attempt) throws InterruptedException {
        long started = clock.millis();
        for (int attempts = 1; ; attempts++) {
            String failure;
            Optional<String> retryAfter = Optional.empty();
            IOException cause = null;
            try {
                var answer = attempt.send();
                answered = true;
                if (answer.isSuccess()) {
                    return json(call, answer.body());
                }
                failure = "answered " + answer.status() + ": " + answer.message();
                if (!BusyRetries.isBusy(answer.status())) {
                    throw new Refused(call + " " + failure);
                }
                retryAfter = answer.header("retry-after");
            } catch (IOException e) {
                if (!answered && e instanceof ConnectException) {
                    throw new NotUp(url, e);
                }
                failure = "no answer (" + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": "
                        + e.getMessage()) + ")";
                cause = e;
            }
            if (!BusyRetries.mayRetryAfter(attempts)) {
                throw new GaveUp(String.format(Locale.ROOT, "%s: still busy after %d attempts in %d s; last: %s",
                        call, attempts, (clock.millis() - started) / 1000, failure), cause);
            }
            pause.sleep(retries.waitAfter(attempts, retryAfter));
        }
    }

    /** The answer of one attempt, or empty when the stack is busy or does not answer (for polls that go on). */
    public Optional<JsonNode> callOnce(String method, String path, String body) throws InterruptedException {
        try {
            var answer = client.send(method, path, Map.of(), bytes(body));
            answered = true;
            if (answer.isSuccess()) {
                return Optional.of(json(method + " " + path, answer.body()));
            }
            if (!BusyRetries.isBusy(answer.status())) {
                throw new Refused(method + " " + path + " answered " + answer.status() + ": " + answer.message());
            }
            return Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static byte[] bytes(String body) {
        return body == null ? null : body.getBytes(StandardCharsets.UTF_8);
    }

    private static JsonNode json(String call, String body) {
        try {
            return Json.MAPPER.readTree(body);
        } catch (IOException e) {
            throw new Refused(call + " answered something that is not JSON: " + body);
        }
    }
}
