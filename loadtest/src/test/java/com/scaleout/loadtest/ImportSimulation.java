package com.scaleout.loadtest;

import static io.gatling.javaapi.core.CoreDsl.ByteArrayBody;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.jsonPath;
import static io.gatling.javaapi.core.CoreDsl.repeat;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Bursts of Stitch pushes, as the seed's Siege runs sent them: {@code bursts} times, {@code every} seconds apart,
 * {@code concurrency} clients arrive at once and each sends {@code pushes} {@code POST /v2/import/push} back to back,
 * every body a batch of 1 to {@code maxRecords} records of 100 B to 10 KB ({@link PushBodies}). Only a 201 with
 * {@code "status":"OK"} counts as a success: a 503 (a push that outlasted the function's timeout, say) is a failure,
 * Retry-After or not. Requests are named by batch size (1-9, 10-99, ... records), so the report shows how latency
 * follows size; at the end the run prints the records accepted and their rate over the whole run.
 *
 * <p>The import token is {@code -DimportToken} (with the {@code -DclientId} it belongs to) or, when absent, a key
 * made for the run in {@link #before()} through {@code POST /admin/import-keys} with {@code -DadminKey} (default
 * the local runtime's {@code local-admin-key}) and revoked in {@link #after()}. Other parameters: baseUrl, bursts,
 * concurrency, pushes, every, maxRecords, seed.
 */
public class ImportSimulation extends Simulation {
    private static final String BASE_URL = LoadRun.baseUrl();
    private static final int BURSTS = LoadRun.parameter("bursts", 6);
    private static final int CONCURRENCY = LoadRun.parameter("concurrency", 4);
    private static final int PUSHES = LoadRun.parameter("pushes", 2);
    private static final int EVERY_SECONDS = LoadRun.parameter("every", 5);
    private static final int MAX_RECORDS = LoadRun.parameter("maxRecords", 5_000);
    private static final long SEED = Long.getLong("seed", 20261130L);
    private static final String GIVEN_TOKEN = System.getProperty("importToken", "");
    private static final long CLIENT_ID = Long.getLong("clientId", 4242L);
    private static final String ADMIN_KEY = System.getProperty("adminKey", "local-admin-key");
    private static final Duration ADMIN_TIMEOUT = Duration.ofSeconds(10);
    private static final int KEY_ATTEMPTS = 3;

    /** The body of POST /admin/import-keys. */
    record NewImportKey(long clientId, String name) {
    }

    private final PushBodies bodies = new PushBodies(CLIENT_ID, MAX_RECORDS, SEED);
    private final HttpClient admin = HttpClient.newBuilder().connectTimeout(ADMIN_TIMEOUT).build();
    private volatile String token = GIVEN_TOKEN;
    private volatile String createdKeyId;

    private final AtomicLong acceptedRecords = new AtomicLong();
    private final AtomicLong acceptedPushes = new AtomicLong();
    private volatile long startNanos;

    private final ChainBuilder push = exec(session -> {
        var next = bodies.next();
        return session.set("body", next.json()).set("records", next.records()).set("push", requestName(next));
    }).exec(http("#{push}").post("/v2/import/push")
            .header("Authorization", session -> "Bearer " + token)
            .header("Content-Type", "application/json")
            .body(ByteArrayBody("#{body}"))
            .check(status().saveAs("status"), status().is(201), jsonPath("$.status").is("OK")))
            .exec(session -> {
                if (session.contains("status") && session.getInt("status") == 201) {
                    acceptedPushes.incrementAndGet();
                    acceptedRecords.addAndGet(session.getInt("records"));
                }
                return session.remove("body").remove("status");
            });

    private final ScenarioBuilder imports = scenario("import").exec(repeat(PUSHES).on(push));

    {
        setUp(imports.injectOpen(LoadRun.bursts(BURSTS, CONCURRENCY, EVERY_SECONDS)))
                .protocols(http.baseUrl(BASE_URL).acceptHeader("application/json"))
                .assertions(LoadRun.assertions());
    }

    @Override
    public void before() {
        startNanos = System.nanoTime();
        if (GIVEN_TOKEN.isEmpty()) {
            createKey();
        } else if (System.getProperty("clientId") == null) {
            throw new IllegalArgumentException("-DimportToken needs the -DclientId it belongs to (records carry it)");
        }
        System.out.printf("import: %d bursts %d s apart of %d clients x %d pushes, 1..%,d records of 100 B..10 KB"
                        + " per push, client %d, against %s%n", BURSTS, EVERY_SECONDS, CONCURRENCY, PUSHES, MAX_RECORDS,
                CLIENT_ID, BASE_URL);
    }

    @Override
    public void after() {
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        System.out.printf("import: %,d records in %,d pushes accepted (201) in %.1f s: %,.1f records/s%n",
                acceptedRecords.get(), acceptedPushes.get(), seconds, acceptedRecords.get() / seconds);
        if (createdKeyId == null) {
            return;
        }
        var revoke = HttpRequest.newBuilder(URI.create(BASE_URL + "/admin/import-keys/" + createdKeyId))
                .header("X-Admin-Key", ADMIN_KEY).timeout(ADMIN_TIMEOUT).DELETE().build();
        try {
            int status = admin.send(revoke, HttpResponse.BodyHandlers.discarding()).statusCode();
            System.out.println("import: revoked the run's key " + createdKeyId + " (" + status + ")");
        } catch (IOException e) {
            System.out.println("import: could not revoke the run's key " + createdKeyId + ": " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Makes the run's key. A 5xx is tried again (up to {@value #KEY_ATTEMPTS} times): each attempt makes a new key, so
     * a retry is safe, and the set-up of a run is not what it measures.
     */
    private void createKey() {
        var create = HttpRequest.newBuilder(URI.create(BASE_URL + "/admin/import-keys"))
                .header("X-Admin-Key", ADMIN_KEY).header("Content-Type", "application/json").timeout(ADMIN_TIMEOUT)
                .POST(HttpRequest.BodyPublishers.ofString(
                        LoadRun.json(new NewImportKey(CLIENT_ID, "gatling import load"))))
                .build();
        try {
            for (int attempt = 1; ; attempt++) {
                var response = admin.send(create, HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() == 201) {
                    var key = LoadRun.mapper().readTree(response.body());
                    token = key.path("token").asText();
                    createdKeyId = key.path("keyId").asText();
                    return;
                }
                if (response.statusCode() < 500 || attempt == KEY_ATTEMPTS) {
                    throw new IllegalStateException("POST /admin/import-keys answered " + response.statusCode()
                            + " (pass -DimportToken and -DclientId where the admin routes are off): "
                            + response.body());
                }
                System.out.println("import: POST /admin/import-keys answered " + response.statusCode()
                        + "; trying again: " + response.body());
            }
        } catch (IOException e) {
            throw new IllegalStateException("could not create an import key at " + BASE_URL, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating an import key", e);
        }
    }

    /** "push 1-9 records", "push 10-99 records", ...: one line of the report per order of magnitude. */
    private static String requestName(PushBodies.Push push) {
        int low = 1;
        while (low * 10 <= push.records()) {
            low *= 10;
        }
        return "push " + low + "-" + Math.min(low * 10 - 1, MAX_RECORDS) + " records";
    }
}
