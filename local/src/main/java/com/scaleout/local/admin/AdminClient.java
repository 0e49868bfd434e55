package com.scaleout.local.admin;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.functions.shared.json.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * The admin routes of a running stack (local or deployed), with {@code X-Admin-Key}. Busy answers (429, 502-504)
 * and requests without an answer (refused or dropped connections, timeouts) are sent again as {@link BusyRetries}
 * says (callers make their requests safe to repeat); past its attempts the call ends with {@link GaveUp}. Any other
 * non-2xx ends it with {@link Refused} and the API's message.
 */
public final class AdminClient {
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(60);

    /** One exchange with the stack. */
    interface Transport {
        Answer send(HttpRequest request) throws IOException, InterruptedException;
    }

    /** An HTTP answer: status, Retry-After if any, body. */
    record Answer(int status, Optional<String> retryAfter, String body) {
    }

    /** How the client waits between attempts (a test's fake returns at once). */
    interface Pause {
        void sleep(Duration duration) throws InterruptedException;
    }

    private final URI base;
    private final String adminKey;
    private final Transport transport;
    private final BusyRetries retries;
    private final Pause pause;
    private final Clock clock;

    public AdminClient(String baseUrl, String adminKey) {
        this(baseUrl, adminKey, javaHttp(), duration -> Thread.sleep(duration.toMillis()), Clock.systemUTC());
    }

    AdminClient(String baseUrl, String adminKey, Transport transport, Pause pause, Clock clock) {
        this.base = URI.create(baseUrl.endsWith("/") ? baseUrl : baseUrl + "/");
        this.adminKey = adminKey;
        this.transport = transport;
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

    /** The answer, sending the request again while the stack is busy. */
    public JsonNode call(String method, String path, String body) throws InterruptedException {
        long started = clock.millis();
        for (int attempt = 1; ; attempt++) {
            String failure;
            Optional<String> retryAfter = Optional.empty();
            IOException cause = null;
            try {
                var answer = transport.send(request(method, path, body));
                if (answer.status() / 100 == 2) {
                    return json(method, path, answer.body());
                }
                failure = "answered " + answer.status() + ": " + message(answer.body());
                if (!BusyRetries.isBusy(answer.status())) {
                    throw new Refused(method + " " + path + " " + failure);
                }
                retryAfter = answer.retryAfter();
            } catch (IOException e) {
                failure = "no answer (" + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": "
                        + e.getMessage()) + ")";
                cause = e;
            }
            if (!BusyRetries.mayRetryAfter(attempt)) {
                throw new GaveUp(String.format(Locale.ROOT, "%s %s: still busy after %d attempts in %d s; last: %s",
                        method, path, attempt, (clock.millis() - started) / 1000, failure), cause);
            }
            pause.sleep(retries.waitAfter(attempt, retryAfter));
        }
    }

    /** The answer of one attempt, or empty when the stack is busy or does not answer (for polls that go on). */
    public Optional<JsonNode> callOnce(String method, String path, String body) throws InterruptedException {
        try {
            var answer = transport.send(request(method, path, body));
            if (answer.status() / 100 == 2) {
                return Optional.of(json(method, path, answer.body()));
            }
            if (!BusyRetries.isBusy(answer.status())) {
                throw new Refused(method + " " + path + " answered " + answer.status() + ": " + message(answer.body()));
            }
            return Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private HttpRequest request(String method, String path, String body) {
        return HttpRequest.newBuilder(base.resolve(path.substring(1)))
                .timeout(REQUEST_TIMEOUT)
                .header("X-Admin-Key", adminKey)
                .header("Content-Type", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body))
                .build();
    }

    private static JsonNode json(String method, String path, String body) {
        try {
            return Json.MAPPER.readTree(body);
        } catch (IOException e) {
            throw new Refused(method + " " + path + " answered something that is not JSON: " + body);
        }
    }

    private static Transport javaHttp() {
        var http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        return request -> {
            var response = http.send(request, HttpResponse.BodyHandlers.ofString());
            return new Answer(response.statusCode(), response.headers().firstValue("retry-after"), response.body());
        };
    }

    private static String message(String body) {
        try {
            var json = Json.MAPPER.readTree(body);
            return json.hasNonNull("message") ? json.get("message").asText() : body;
        } catch (IOException | RuntimeException notJson) {
            return body;
        }
    }
}
