package com.scaleout.loadtest;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.asLongAs;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.pause;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.header;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.core.Simulation;
import java.io.IOException;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Import clients pushing big batches at once: {@code -Dclients} (50) clients, each with an import key of its own
 * (made through {@code POST /admin/import-keys} before the run, revoked after), all send at the same moment one
 * {@code POST /v2/import/push} of {@code -Drecords} records (400: 20,000 / K at AWS's limits / K = 50; a push takes
 * up to 20,000) to a table of their own. A push refused by a throttle (429) or a busy stack (503) is sent again after
 * its Retry-After (or a second), as an import client does, the same body: its sequences are fixed, so a replay
 * changes nothing. Any other answer fails the run, as does a client not accepted within {@code -Dpatience} seconds
 * (120). At the end each client's table must hold every record once: its rows and its change log's changes both equal
 * the records pushed. The change logs are built from the records' stream, later: up to {@code -DcatchUp} seconds
 * (600; under AWS's limits / K the new tables' initial rate is K times lower), with the records logged printed every
 * 10 s, and how long they took in the verdict.
 */
public class ViralImportSimulation extends Simulation {
    static final String TABLE = "events";
    private static final long FIRST_CLIENT_ID = 70_000;

    private final int clients = LoadRun.parameter("clients", 50);
    private final int records = LoadRun.parameter("records", 400);
    private final int patience = LoadRun.parameter("patience", 120);
    /** How long the change logs may take to catch up: a new table's first writes are throttled to its initial rate. */
    private final int catchUp = LoadRun.parameter("catchUp", 600);
    private final String adminKey = System.getProperty("adminKey", "local-admin-key");
    private final HttpClient client = HttpClient.newHttpClient();
    private final long runId = System.currentTimeMillis() % 1_000_000;
    private final List<ImportClient> importClients = createKeys();
    private final LongAdder accepted = new LongAdder();
    private final LongAdder refused = new LongAdder();
    private final LongAdder busy = new LongAdder();

    /** One client: its id, its key's token and id, and its one push's body. */
    record ImportClient(long clientId, String token, String keyId, String body) {
    }

    record NewImportKey(long clientId, String name) {
    }

    record Record(long client_id, String table_name, long sequence, String action, List<String> key_names,
                  Map<String, Object> data) {
    }

    {
        var feeder = importClients.stream().map(c -> Map.<String, Object>of("token", c.token(), "body", c.body()))
                .iterator();
        var push = http("POST /v2/import/push").post("/v2/import/push")
                .header("Authorization", "Bearer #{token}").header("Content-Type", "application/json")
                .body(StringBody("#{body}"))
                .check(status().saveAs("status"), status().in(201, 429, 503),
                        header("Retry-After").optional().saveAs("retryAfter"));
        setUp(scenario("viral-import").feed(feeder)
                .exec(session -> session.set("accepted", false)
                        .set("giveUpAt", System.currentTimeMillis() + patience * 1000L))
                .asLongAs(session -> !session.getBoolean("accepted")
                        && System.currentTimeMillis() < session.getLong("giveUpAt"))
                .on(exec(push).exec(this::record).doIf(session -> !session.getBoolean("accepted"))
                        .then(pause(ViralImportSimulation::retryAfter)))
                .injectOpen(atOnceUsers(clients)))
                .protocols(http.baseUrl(LoadRun.baseUrl()).shareConnections())
                .assertions(LoadRun.assertions());
    }

    private Session record(Session session) {
        int status = session.contains("status") ? session.getInt("status") : 0;
        if (status == 201) {
            accepted.increment();
        } else if (status == 429) {
            refused.increment();
        } else {
            busy.increment();
        }
        return session.set("accepted", status == 201).remove("status");
    }

    private static Duration retryAfter(Session session) {
        long seconds = session.contains("retryAfter") ? Long.parseLong(session.getString("retryAfter")) : 1;
        return Duration.ofSeconds(Math.max(1, seconds));
    }

    @Override
    public void before() {
        System.out.printf("viral-import: %d clients push %,d records each at once (%,d in all) against %s%n",
                clients, records, (long) clients * records, LoadRun.baseUrl());
    }

    @Override
    public void after() {
        ViralOutcomes.conclude("viral-import", "the tables", this::verdict);
        revokeKeys();
    }

    /** Every client's table holds each record once, once the change log caught up (or what it lacks). */
    private String verdict() throws IOException, InterruptedException {
        long start = System.nanoTime();
        long deadline = start + Duration.ofSeconds(catchUp).toNanos();
        long total = (long) clients * records;
        long logged = loggedRows();
        long printedAt = start;
        while (logged < total && System.nanoTime() < deadline) {
            Thread.sleep(1_000);
            logged = loggedRows();
            if (System.nanoTime() - printedAt > Duration.ofSeconds(10).toNanos()) {
                System.out.printf("viral-import: %,d of %,d records logged%n", logged, total);
                printedAt = System.nanoTime();
            }
        }
        double caughtUpSeconds = (System.nanoTime() - start) / 1e9;
        var wrong = new ArrayList<String>();
        for (ImportClient importClient : importClients) {
            long rows = rows(importClient);
            long changes = changes(importClient);
            if (rows != records || changes != records) {
                wrong.add("client " + importClient.clientId() + ": " + rows + " rows, " + changes + " changes");
            }
        }
        String pushes = accepted.sum() + " pushes answered 201 (of " + clients + "), " + refused.sum()
                + " answered 429 and " + busy.sum() + " answered 503 and sent again";
        return wrong.isEmpty() ? "reconciled: " + pushes + "; every client's table holds its " + records
                + " records once (rows and change log), all logged " + String.format(java.util.Locale.ROOT, "%.0f",
                caughtUpSeconds) + " s after the last push was accepted"
                : "NOT reconciled: " + pushes + "; " + wrong.size() + " of " + clients + " tables differ from the "
                + records + " records pushed: " + String.join("; ", wrong.subList(0, Math.min(5, wrong.size())));
    }

    private long loggedRows() throws IOException, InterruptedException {
        long rows = 0;
        for (ImportClient importClient : importClients) {
            rows += rows(importClient);
        }
        return rows;
    }

    private long rows(ImportClient importClient) throws IOException, InterruptedException {
        for (var table : LoadRun.getJson(client, "/v2/import/tables", bearer(importClient)).path("items")) {
            if (table.path("name").asText().equals(TABLE)) {
                return table.path("rows").asLong();
            }
        }
        return 0;
    }

    /** The change log's changes, paged through; a key seen twice counts once more than it should. */
    private long changes(ImportClient importClient) throws IOException, InterruptedException {
        long count = 0;
        String after = null;
        do {
            var page = LoadRun.getJson(client, "/v2/import/tables/" + TABLE + "/changes?limit=1000"
                    + (after == null ? "" : "&after=" + after), bearer(importClient));
            count += page.path("items").size();
            after = page.hasNonNull("next") ? page.get("next").asText() : null;
        } while (after != null);
        return count;
    }

    private static Map<String, String> bearer(ImportClient importClient) {
        return Map.of("Authorization", "Bearer " + importClient.token());
    }

    private List<ImportClient> createKeys() {
        var made = new ArrayList<ImportClient>();
        try {
            for (int i = 0; i < clients; i++) {
                long clientId = FIRST_CLIENT_ID + runId * 100 + i;
                var key = LoadRun.postJson(client, "/admin/import-keys", Map.of("X-Admin-Key", adminKey),
                        new NewImportKey(clientId, "viral-import client " + i), 201, Duration.ofMinutes(1));
                made.add(new ImportClient(clientId, key.path("token").asText(), key.path("keyId").asText(),
                        body(clientId)));
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted making the clients' keys", e);
        }
        System.out.println("viral-import: " + made.size() + " import keys made");
        return List.copyOf(made);
    }

    /** One push of {@code records} records of about 100 B, each its own key, sequences fixed. */
    private String body(long clientId) {
        var batch = new ArrayList<Record>(records);
        for (int i = 0; i < records; i++) {
            batch.add(new Record(clientId, TABLE, i + 1, "upsert", List.of("id"),
                    Map.of("id", i, "kind", "page_view", "path", "/albums/" + (i % 97))));
        }
        return LoadRun.json(batch);
    }

    private void revokeKeys() {
        for (ImportClient importClient : importClients) {
            try {
                var revoke = java.net.http.HttpRequest.newBuilder(java.net.URI.create(LoadRun.baseUrl()
                        + "/admin/import-keys/" + importClient.keyId())).header("X-Admin-Key", adminKey).DELETE()
                        .build();
                client.send(revoke, java.net.http.HttpResponse.BodyHandlers.discarding());
            } catch (IOException e) {
                System.out.println("viral-import: could not revoke key " + importClient.keyId() + ": " + e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
