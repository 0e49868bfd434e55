package com.scaleout.local.imports;

import static com.scaleout.local.imports.ImportRoutesClient.newClientId;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.local.imports.ImportRoutesClient.Key;
import com.scaleout.local.imports.ImportRoutesClient.Stored;
import com.scaleout.local.testing.AllAtOnce;
import com.scaleout.local.testing.ProductionApiIT;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Concurrent pushes through the local runtime (20 execution environments of the import function) into moto's
 * DynamoDB: overlapping keys converge to each key's highest sequence, and distinct keys are all stored.
 */
class ImportConvergenceIT extends ProductionApiIT {
    private static final int WRITERS = 20;

    private static ImportRoutesClient imports;

    @BeforeAll
    static void importClient() {
        imports = new ImportRoutesClient(fixture.runtime().url(), fixture.runtime().backends().dynamoDbEndpoint());
    }

    @AfterAll
    static void closeImportClient() {
        imports.close();
    }

    private static String record(long clientId, long sequence, int key, String data) {
        return "{\"client_id\": " + clientId + ", \"table_name\": \"accounts\", \"sequence\": " + sequence
                + ", \"action\": \"upsert\", \"key_names\": [\"id\"], \"data\": {\"id\": " + key + ", " + data + "}}";
    }

    /** Runs the writers all at once and returns the status each request ended with. */
    private static List<Integer> runTogether(List<Callable<List<Integer>>> writers) throws Exception {
        return AllAtOnce.run(writers).stream().flatMap(List::stream).toList();
    }

    @Test
    void twentyConcurrentWritersToOverlappingKeysConvergeToTheHighestSequencePerKey() throws Exception {
        long client = newClientId();
        Key key = imports.createKey(client);
        int keys = 10;
        int requestsPerWriter = 4;
        // every (writer, request, key) gets a distinct sequence, dealt at random: no writer is "the last" for all keys
        var sequences = new ArrayList<Long>();
        for (long s = 1; s <= (long) WRITERS * requestsPerWriter * keys; s++) {
            sequences.add(s * 1_000 + 7);
        }
        Collections.shuffle(sequences, new Random(42));
        var highest = new HashMap<Integer, Long>();
        var requests = new ArrayList<List<String>>();
        int dealt = 0;
        for (int writer = 0; writer < WRITERS; writer++) {
            for (int request = 0; request < requestsPerWriter; request++) {
                var records = new ArrayList<String>();
                for (int k = 0; k < keys; k++) {
                    long sequence = sequences.get(dealt++);
                    highest.merge(k, sequence, Math::max);
                    records.add(record(client, sequence, k, "\"writer\": " + writer + ", \"sequence\": " + sequence));
                }
                requests.add(records);
            }
        }
        var writers = new ArrayList<Callable<List<Integer>>>();
        for (int writer = 0; writer < WRITERS; writer++) {
            var mine = requests.subList(writer * requestsPerWriter, (writer + 1) * requestsPerWriter);
            writers.add(() -> {
                var statuses = new ArrayList<Integer>();
                for (var records : mine) {
                    statuses.add(imports.push(key.token(), "[" + String.join(", ", records) + "]").status());
                }
                return statuses;
            });
        }

        var statuses = runTogether(writers);

        assertThat(statuses).hasSize(WRITERS * requestsPerWriter).containsOnly(201);
        Map<Integer, Stored> stored = imports.stored(client).stream()
                .collect(Collectors.toMap(record -> record.key().get("id").asInt(), record -> record));
        assertThat(stored).hasSize(keys);
        for (int k = 0; k < keys; k++) {
            var record = stored.get(k);
            assertThat(record.sequence()).as("key %d", k).isEqualTo(highest.get(k));
            assertThat(record.data().get("sequence").asLong()).as("key %d's data is its highest record's", k)
                    .isEqualTo(highest.get(k));
        }
    }

    @Test
    void recordsPushedConcurrentlyWithDistinctKeysAreAllStoredAndAllInTheChangeLog() throws Exception {
        long client = newClientId();
        Key key = imports.createKey(client);
        int requestsPerWriter = 2;
        int recordsPerRequest = 25;
        var writers = new ArrayList<Callable<List<Integer>>>();
        for (int writer = 0; writer < WRITERS; writer++) {
            int first = writer * requestsPerWriter * recordsPerRequest;
            writers.add(() -> {
                var statuses = new ArrayList<Integer>();
                for (int request = 0; request < requestsPerWriter; request++) {
                    var records = new ArrayList<String>();
                    for (int i = 0; i < recordsPerRequest; i++) {
                        int id = first + request * recordsPerRequest + i;
                        records.add(record(client, 1, id, "\"name\": \"account " + id + "\""));
                    }
                    statuses.add(imports.push(key.token(), "[" + String.join(", ", records) + "]").status());
                }
                return statuses;
            });
        }

        var statuses = runTogether(writers);

        int expected = WRITERS * requestsPerWriter * recordsPerRequest;
        assertThat(statuses).hasSize(WRITERS * requestsPerWriter).containsOnly(201);
        var stored = imports.stored(client);
        assertThat(stored).hasSize(expected);
        assertThat(stored).extracting(record -> record.key().get("id").asInt()).doesNotHaveDuplicates();
        assertThat(stored).allSatisfy(record -> assertThat(record.data().get("name").asText())
                .isEqualTo("account " + record.key().get("id").asInt()));

        // and handed off: every record once in the table's change log, at positions 1..N
        await().atMost(Duration.ofSeconds(60)).until(() -> changes(key.token(), 0).size() == expected);
        var logged = changes(key.token(), 0);
        assertThat(logged).extracting(change -> change.get("position").asLong())
                .isEqualTo(LongStream.rangeClosed(1, expected).boxed().toList());
        assertThat(logged).extracting(change -> change.get("key").get("id").asInt()).doesNotHaveDuplicates();
    }

    /** The "accounts" change log after {@code after}, as a replicator pages through it. */
    private static List<JsonNode> changes(String token, long after) {
        var changes = new ArrayList<JsonNode>();
        String next = Long.toString(after);
        while (next != null) {
            var reply = api.get("/v2/import/tables/accounts/changes?limit=1000&after=" + next, token);
            assertThat(reply.status()).as(reply.body()).isEqualTo(200);
            reply.json().get("items").forEach(changes::add);
            next = reply.json().get("next").isNull() ? null : reply.json().get("next").asText();
        }
        return changes;
    }
}
