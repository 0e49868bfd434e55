package com.scaleout.loadtest;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.core.CoreDsl.nothingFor;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gatling.javaapi.core.Assertion;
import io.gatling.javaapi.core.OpenInjectionStep;
import java.util.ArrayList;
import java.util.List;

/**
 * What every simulation reads the same way: its parameters (system properties, which {@code ./scaleout load}
 * passes as {@code -Dname=value}), the assertions that make Gatling exit non-zero, and JSON bodies.
 */
final class LoadRun {
    private static final ObjectMapper JSON = new ObjectMapper();

    private LoadRun() {
    }

    /**
     * The API under load: the local runtime's default port unless {@code -DbaseUrl} says otherwise; without a
     * trailing slash (the CDK app's {@code ApiUrl} output ends with one), as request paths start with one.
     */
    static String baseUrl() {
        return System.getProperty("baseUrl", "http://127.0.0.1:3000").replaceAll("/+$", "");
    }

    static int parameter(String name, int defaultValue) {
        int value = Integer.getInteger(name, defaultValue);
        if (value < 0) {
            throw new IllegalArgumentException("-D" + name + " must not be negative: " + value);
        }
        return value;
    }

    /**
     * A run passes only with no failed request (a failed check counts): Gatling then exits non-zero, which is what
     * the smoke test of {@code ./scaleout test} relies on. {@code -Dp95Ms} and {@code -Dp99Ms}, when given, add
     * the same latency bounds as the k6 scripts' thresholds (none by default: a shared 2-core machine is too noisy
     * for a fixed bound).
     */
    static List<Assertion> assertions() {
        var assertions = new ArrayList<Assertion>();
        assertions.add(global().failedRequests().count().is(0L));
        Integer p95 = Integer.getInteger("p95Ms");
        if (p95 != null) {
            assertions.add(global().responseTime().percentile(95.0).lt(p95));
        }
        Integer p99 = Integer.getInteger("p99Ms");
        if (p99 != null) {
            assertions.add(global().responseTime().percentile(99.0).lt(p99));
        }
        return assertions;
    }

    /**
     * {@code count} groups of {@code size} users arriving at once, {@code gapSeconds} apart: the seed's thread
     * groups, and the bursts of a Siege run.
     */
    static List<OpenInjectionStep> bursts(int count, int size, int gapSeconds) {
        var steps = new ArrayList<OpenInjectionStep>();
        for (int burst = 0; burst < count; burst++) {
            if (burst > 0) {
                steps.add(nothingFor(gapSeconds));
            }
            steps.add(atOnceUsers(size));
        }
        return steps;
    }

    /** A request body: a record (or map) written by Jackson, never a hand-built string. */
    static String json(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not writable as JSON: " + value.getClass().getName(), e);
        }
    }

    static ObjectMapper mapper() {
        return JSON;
    }

    /**
     * A GET of the API's JSON outside Gatling (a scenario's checks), waiting out throttles for up to 30 s
     * ({@link #json}).
     */
    static com.fasterxml.jackson.databind.JsonNode getJson(java.net.http.HttpClient client, String path)
            throws java.io.IOException, InterruptedException {
        return getJson(client, path, java.util.Map.of());
    }

    /** {@link #getJson(java.net.http.HttpClient, String)} with {@code headers} (a bearer token, say). */
    static com.fasterxml.jackson.databind.JsonNode getJson(java.net.http.HttpClient client, String path,
                                                           java.util.Map<String, String> headers)
            throws java.io.IOException, InterruptedException {
        var request = java.net.http.HttpRequest.newBuilder(java.net.URI.create(baseUrl() + path)).GET();
        headers.forEach(request::header);
        return json(client, request.build(), 200, java.time.Duration.ofSeconds(30));
    }

    /** A POST of {@code body} as JSON outside Gatling (a scenario's set-up), answered {@code expected}: {@link #json}. */
    static com.fasterxml.jackson.databind.JsonNode postJson(java.net.http.HttpClient client, String path,
                                                            java.util.Map<String, String> headers, Object body,
                                                            int expected, java.time.Duration patience)
            throws java.io.IOException, InterruptedException {
        var request = java.net.http.HttpRequest.newBuilder(java.net.URI.create(baseUrl() + path))
                .header("Content-Type", "application/json").timeout(java.time.Duration.ofSeconds(60))
                .POST(java.net.http.HttpRequest.BodyPublishers.ofString(json(body)));
        headers.forEach(request::header);
        return json(client, request.build(), expected, patience);
    }

    /**
     * The answer's JSON once {@code request} is answered {@code expected}, waiting out a throttle's 429 or a busy
     * stack's 503 (Retry-After, or a second) for up to {@code patience}: a stack under AWS's limits scaled down
     * throttles a scenario's set-up and checks too. Any other answer, or one still refused after it, is an error.
     */
    static com.fasterxml.jackson.databind.JsonNode json(java.net.http.HttpClient client,
                                                        java.net.http.HttpRequest request, int expected,
                                                        java.time.Duration patience)
            throws java.io.IOException, InterruptedException {
        long deadline = System.nanoTime() + patience.toNanos();
        while (true) {
            var answer = client.send(request, java.net.http.HttpResponse.BodyHandlers.ofString());
            if (answer.statusCode() == expected) {
                return JSON.readTree(answer.body());
            }
            if ((answer.statusCode() != 429 && answer.statusCode() != 503) || System.nanoTime() > deadline) {
                throw new java.io.IOException(request.method() + " " + request.uri().getPath() + " answered "
                        + answer.statusCode() + ": " + answer.body());
            }
            Thread.sleep(java.time.Duration.ofSeconds(Math.max(1,
                    answer.headers().firstValueAsLong("Retry-After").orElse(1))).toMillis());
        }
    }
}
