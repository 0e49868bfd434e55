package com.scaleout.loadtest;

import static io.gatling.javaapi.core.CoreDsl.ByteArrayBody;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.jsonPath;
import static io.gatling.javaapi.core.CoreDsl.repeat;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
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
 * concurrency, pushes, every, maxRecords, seed. In a soak run (a recorder on) every record of every push is recorded
 * (table, key, sequence), accepted or unsure.
 */
final class ImportLoad {
    private static final Duration ADMIN_TIMEOUT = Duration.ofSeconds(10);
    private static final int KEY_ATTEMPTS = 3;

    /** What shapes the load, and whose token it uses. */
    record Parameters(int bursts, int concurrency, int pushes, int everySeconds, int maxRecords, long seed,
                      String givenToken, long clientId, String adminKey) {
        static Parameters fromSystemProperties() {
            String token = System.getProperty("importToken", "");
            if (!token.isEmpty() && System.getProperty("clientId") == null) {
                throw new IllegalArgumentException("-DimportToken needs the -DclientId it belongs to (records carry it)");
            }
            return new Parameters(LoadRun.parameter("bursts", 6), LoadRun.parameter("concurrency", 4),
                    LoadRun.parameter("pushes", 2), LoadRun.parameter("every", 5),
                    LoadRun.parameter("maxRecords", 5_000), Long.getLong("seed", 20261130L), token,
                    Long.getLong("clientId", 4242L), System.getProperty("adminKey", "local-admin-key"));
        }
    }

    /** The body of POST /admin/import-keys. */
    record NewImportKey(long clientId, String name) {
    }

    private final Parameters parameters;
    private final SoakRecorder recorder;
    private final PushBodies bodies;
    private final HttpClient admin = HttpClient.newBuilder().connectTimeout(ADMIN_TIMEOUT).build();
    private volatile String token;
    private volatile String createdKeyId;

    private final AtomicLong acceptedRecords = new AtomicLong();
    private final AtomicLong acceptedPushes = new AtomicLong();
    private volatile long startNanos;

    ImportLoad(Parameters parameters, SoakRecorder recorder) {
        this.parameters = parameters;
        this.recorder = recorder;
        this.bodies = new PushBodies(parameters.clientId(), parameters.maxRecords(), parameters.seed());
        this.token = parameters.givenToken();
    }

    PopulationBuilder population() {
        var protocol = http.baseUrl(LoadRun.baseUrl()).acceptHeader("application/json");
        return scenario("import").exec(repeat(parameters.pushes()).on(push()))
                .injectOpen(LoadRun.bursts(parameters.bursts(), parameters.concurrency(), parameters.everySeconds()))
                .protocols(recorder.watching(protocol));
    }

    private ChainBuilder push() {
        return exec(session -> {
            var next = bodies.next();
            return session.set("body", next.json()).set("records", next.records()).set("push", requestName(next));
        }).exec(http("#{push}").post("/v2/import/push")
                .header("Authorization", session -> "Bearer " + token)
                .header("Content-Type", "application/json")
                .body(ByteArrayBody("#{body}"))
                .check(status().saveAs("status"), status().is(201), jsonPath("$.status").is("OK")))
                .exec(session -> {
                    boolean accepted = session.contains("status") && session.getInt("status") == 201;
                    if (accepted) {
                        acceptedPushes.incrementAndGet();
                        acceptedRecords.addAndGet(session.getInt("records"));
                    }
                    if (recorder.on()) {
                        recordRecords(session.get("body"), accepted);
                    }
                    return session.remove("body").remove("status");
                });
    }

    /** Each record of a push, as the reconciler looks it up: table, key and sequence. */
    private void recordRecords(byte[] body, boolean accepted) {
        try {
            for (var record : LoadRun.mapper().readTree(body)) {
                var write = new java.util.HashMap<String, Object>();
                write.put("kind", "import");
                write.put("client", record.path("client_id").asLong());
                write.put("table", record.path("table_name").asText());
                write.put("key", record.path("data").path("id").asText());
                write.put("sequence", record.path("sequence").asLong());
                recorder.record(write, accepted);
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    void before() {
        startNanos = System.nanoTime();
        if (parameters.givenToken().isEmpty()) {
            createKey();
        }
        System.out.printf("import: %d bursts %d s apart of %d clients x %d pushes, 1..%,d records of 100 B..10 KB"
                        + " per push, client %d, against %s%n", parameters.bursts(), parameters.everySeconds(),
                parameters.concurrency(), parameters.pushes(), parameters.maxRecords(), parameters.clientId(),
                LoadRun.baseUrl());
    }

    void after() {
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        System.out.printf("import: %,d records in %,d pushes accepted (201) in %.1f s: %,.1f records/s%n",
                acceptedRecords.get(), acceptedPushes.get(), seconds, acceptedRecords.get() / seconds);
        if (createdKeyId == null) {
            return;
        }
        var revoke = HttpRequest.newBuilder(URI.create(LoadRun.baseUrl() + "/admin/import-keys/" + createdKeyId))
                .header("X-Admin-Key", parameters.adminKey()).timeout(ADMIN_TIMEOUT).DELETE().build();
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
        var create = HttpRequest.newBuilder(URI.create(LoadRun.baseUrl() + "/admin/import-keys"))
                .header("X-Admin-Key", parameters.adminKey()).header("Content-Type", "application/json").timeout(ADMIN_TIMEOUT)
                .POST(HttpRequest.BodyPublishers.ofString(
                        LoadRun.json(new NewImportKey(parameters.clientId(), "gatling import load"))))
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
            throw new IllegalStateException("could not create an import key at " + LoadRun.baseUrl(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating an import key", e);
        }
    }

    /** "push 1-9 records", "push 10-99 records", ...: one line of the report per order of magnitude. */
    private String requestName(PushBodies.Push push) {
        int low = 1;
        while (low * 10 <= push.records()) {
            low *= 10;
        }
        return "push " + low + "-" + Math.min(low * 10 - 1, parameters.maxRecords()) + " records";
    }
}
