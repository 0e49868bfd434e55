package com.scaleout.local.imports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.cognitect.transit.TransitFactory;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.declaration.Settings;
import com.scaleout.functions.imports.domain.ImportedTable;
import com.scaleout.local.backends.MotoClients;
import com.scaleout.local.testing.ProductionApiIT;
import com.scaleout.local.warehouse.LocalWarehouse;
import com.scaleout.warehouse.domain.CatalogTables;
import com.scaleout.warehouse.domain.WarehouseSchema;
import com.scaleout.warehouse.duckdb.DuckDb;
import com.scaleout.warehouse.dynamodb.DynamoWarehouseState;
import com.scaleout.warehouse.query.ClientWarehouse;
import com.scaleout.warehouse.s3.ClientFiles;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * The warehouse end to end through the local runtime: records pushed in Stitch's JSON and Transit, its batch with a
 * schema, and RJMetrics' shape reach Parquet files in the local S3 through the change log and the loader's stream, and SQL over a
 * client's files (as {@code ./scaleout warehouse sql} runs it) answers exactly the rows accepted: every change once,
 * the latest version per key as the table, a type change as a second column, and nothing of another client.
 */
class WarehouseIT extends ProductionApiIT {
    /** The change log's stream, then the loader's (batched for up to 5 s), on a busy machine. */
    private static final Duration LOADED = Duration.ofSeconds(120);
    private static final String BUCKET = LocalWarehouse.bucket();

    private static ImportRoutesClient imports;
    private static S3Client s3;
    private static DynamoWarehouseState state;

    @BeforeAll
    static void clients() {
        imports = new ImportRoutesClient(fixture.runtime().url(), fixture.runtime().backends().dynamoDbEndpoint());
        s3 = MotoClients.s3(fixture.runtime().backends().dynamoDbEndpoint());
        state = new DynamoWarehouseState(fixture.runtime().dynamoDb(), DynamoWarehouseState.TABLE, Clock.systemUTC());
    }

    @AfterAll
    static void close() {
        imports.close();
        s3.close();
    }

    private static String record(long client, String table, long sequence, String data) {
        return "{\"client_id\": " + client + ", \"table_name\": \"" + table + "\", \"sequence\": " + sequence
                + ", \"action\": \"upsert\", \"key_names\": [\"id\"], \"data\": " + data + "}";
    }

    private static void accepted(ImportRoutesClient.Reply reply) {
        assertThat(reply.status()).as(reply.body()).isIn(200, 201);
    }

    /** Waits until the warehouse holds the table's log as far as the change log has committed it. */
    private static void awaitLoaded(long client, String table) {
        awaitLoaded(client, table, 1);
    }

    /** As above, once the change log has committed at least {@code changes} of the table (the pushes so far). */
    private static void awaitLoaded(long client, String table, long changes) {
        var imported = new ImportedTable(client, table);
        await().atMost(LOADED).pollInterval(Duration.ofMillis(250)).until(() -> {
            var statistics = fixture.runtime().dynamoDb().getItem(get -> get.tableName("ImportTables")
                    .consistentRead(true).key(Map.of("clientId", AttributeValue.fromS(Long.toString(client)),
                            "tableName", AttributeValue.fromS(table)))).item();
            if (statistics == null || !statistics.containsKey("lastPosition")) {
                return false;
            }
            long committed = Long.parseLong(statistics.get("lastPosition").n());
            return committed >= changes && state.read(imported).map(s -> s.loadedPosition() == committed).orElse(false);
        });
    }

    private static ClientWarehouse open(long client, Path dir) throws SQLException {
        Path clientDir = dir.resolve("client=" + client);
        new ClientFiles(s3, BUCKET).copy(client, clientDir);
        var schemas = new LinkedHashMap<String, WarehouseSchema>();
        state.tablesOf(client).forEach((name, table) -> schemas.put(name, table.schema()));
        return ClientWarehouse.open(clientDir, schemas);
    }

    private static List<String> rows(ClientWarehouse warehouse, String sql) throws SQLException {
        return warehouse.query(sql, result -> {
            var rows = new ArrayList<String>();
            int columns = result.getMetaData().getColumnCount();
            while (result.next()) {
                var row = new ArrayList<String>();
                for (int i = 1; i <= columns; i++) {
                    row.add(String.valueOf(result.getObject(i)));
                }
                rows.add(String.join("|", row));
            }
            return rows;
        });
    }

    @Test
    void pushedRecordsAreQueryableAsEveryChangeOnceAndTheLatestVersionPerKey(@TempDir Path dir) throws Exception {
        long client = ImportRoutesClient.newClientId();
        var key = imports.createKey(client);
        String first = "[" + String.join(", ", List.of(
                record(client, "orders", 100, "{\"id\": 1, \"status\": \"open\", \"price\": 10}"),
                record(client, "orders", 101, "{\"id\": 2, \"status\": \"paid\", \"price\": 7}"))) + "]";
        accepted(imports.push(key.token(), first));
        accepted(imports.push(key.token(), "[" + record(client, "orders", 120,
                "{\"id\": 1, \"status\": \"paid\", \"price\": \"ten\", \"lines\": [{\"sku\": \"A\"}]}") + "]"));
        // older than what is stored for id 1 (not applied), and a replay of the first push (nothing new)
        accepted(imports.push(key.token(), "[" + record(client, "orders", 90,
                "{\"id\": 1, \"status\": \"stale\", \"price\": 1}") + "]"));
        accepted(imports.push(key.token(), first));
        // Stitch's Java client sends Transit; RJMetrics' client its own shape, to the same table
        var transit = new ByteArrayOutputStream();
        TransitFactory.writer(TransitFactory.Format.JSON, transit).write(List.of(Map.of("client_id",
                Math.toIntExact(client), "table_name", "orders", "key_names", List.of("id"), "action", "upsert",
                "sequence", 130L, "data", Map.of("id", 3, "status", "open", "price", 5))));
        accepted(imports.stitch("push", key.token(), "application/transit+json", transit.toByteArray()));
        accepted(imports.rjMetricsData(client, "page_views", key.token(),
                "[{\"keys\": [\"id\"], \"id\": 17, \"url\": \"/pricing\"}, {\"keys\": [\"id\"], \"id\": 18}]"));
        // Stitch's batch endpoint, checked against its JSON Schema before it is stored
        // its types are the schema's: a number is a double from its first whole value, a field never sent a column
        accepted(imports.batch(key.token(), "{\"table_name\": \"customers\", \"schema\": {\"properties\": "
                + "{\"id\": {\"type\": \"integer\"}, \"name\": {\"type\": \"string\"}, \"balance\": {\"type\": "
                + "\"number\"}, \"notes\": {\"type\": [\"null\", \"string\"]}}}, \"key_names\": [\"id\"], "
                + "\"messages\": [{\"action\": \"upsert\", \"sequence\": 1, \"data\": {\"id\": 1, \"name\": \"Ada\", "
                + "\"balance\": 10}}, {\"action\": \"upsert\", \"sequence\": 2, \"data\": {\"id\": 2, \"name\": "
                + "\"Grace\", \"balance\": 10.5}}]}"));

        awaitLoaded(client, "orders", 4);
        awaitLoaded(client, "page_views", 2);
        awaitLoaded(client, "customers", 2);

        try (var warehouse = open(client, dir)) {
            assertThat(rows(warehouse, "SELECT id, status, price, price__st, _sdc_sequence FROM orders ORDER BY id"))
                    .as("the table: the latest version per key")
                    .containsExactly("1|paid|null|ten|120", "2|paid|7|null|101", "3|open|5|null|130");
            // a push's records are stored in parallel, so their order in the log is the store's, not the body's
            assertThat(rows(warehouse, "SELECT id, _sdc_sequence FROM orders__changes ORDER BY _sdc_sequence"))
                    .as("every change once: no replayed or stale one")
                    .containsExactly("1|100", "2|101", "1|120", "3|130");
            assertThat(rows(warehouse, "SELECT count(DISTINCT _sdc_log_position), min(_sdc_log_position), "
                    + "max(_sdc_log_position) FROM orders__changes")).containsExactly("4|1|4");
            assertThat(rows(warehouse, "SELECT json_extract_string(lines, '$[0].sku') FROM orders WHERE id = 1"))
                    .containsExactly("A");
            assertThat(rows(warehouse, "SELECT count(*) FROM orders__changes WHERE _sdc_received_at IS NULL"
                    + " OR _sdc_batched_at < _sdc_received_at")).containsExactly("0");
            assertThat(rows(warehouse, "SELECT id, url FROM page_views ORDER BY id"))
                    .containsExactly("17|/pricing", "18|null");
            assertThat(rows(warehouse, "SELECT id, name, balance, notes, _sdc_sequence FROM customers ORDER BY id"))
                    .containsExactly("1|Ada|10.0|null|1", "2|Grace|10.5|null|2");
            assertThat(state.read(new ImportedTable(client, "customers")).orElseThrow().schema().columns())
                    .extracting(c -> c.name() + " " + c.type()).as("the schema's types, no split column")
                    .containsExactlyInAnyOrder("id INTEGER", "name STRING", "balance DECIMAL", "notes STRING");
            assertThat(rows(warehouse, "SELECT count(*) FROM customers__changes")).containsExactly("2");
        }
    }

    /**
     * Lambda delivers a stream batch again after a failure or a timeout: the loader gets the table's commits once
     * more (the first one, from nothing, and a later one) and adds no row, nor a file.
     */
    @Test
    void aReplayedStreamBatchAddsNoRow(@TempDir Path dir) throws Exception {
        long client = ImportRoutesClient.newClientId();
        var key = imports.createKey(client);
        accepted(imports.push(key.token(), "[" + record(client, "orders", 1, "{\"id\": 1}") + ", "
                + record(client, "orders", 2, "{\"id\": 2}") + "]"));
        accepted(imports.push(key.token(), "[" + record(client, "orders", 3, "{\"id\": 3}") + "]"));
        awaitLoaded(client, "orders", 3);
        var before = state.read(new ImportedTable(client, "orders")).orElseThrow();
        long committed = before.loadedPosition();
        var filesBefore = objects(client);

        var replay = new DynamodbEvent();
        replay.setRecords(List.of(commit(client, "orders", 0, 1, "1"), commit(client, "orders", 1, committed, "2")));
        var answer = (StreamsEventResponse) fixture.runtime().function(ScaleoutDeclaration.WAREHOUSE_LOADER)
                .invoke(replay);

        assertThat(answer.getBatchItemFailures()).isEmpty();
        assertThat(state.read(new ImportedTable(client, "orders")).orElseThrow()).isEqualTo(before);
        assertThat(objects(client)).isEqualTo(filesBefore);
        try (var warehouse = open(client, dir)) {
            assertThat(rows(warehouse, "SELECT count(*), count(DISTINCT _sdc_log_position) FROM orders__changes"))
                    .containsExactly(committed + "|" + committed);
        }
    }

    /** An ImportTables stream record: the table's log committed from {@code from} to {@code to}. */
    private static DynamodbEvent.DynamodbStreamRecord commit(long client, String table, long from, long to,
                                                             String sequenceNumber) {
        var images = new com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamRecord();
        images.setNewImage(image(client, table, to));
        images.setOldImage(from == 0 ? null : image(client, table, from));
        images.setSequenceNumber(sequenceNumber);
        var record = new DynamodbEvent.DynamodbStreamRecord();
        record.setEventName(from == 0 ? "INSERT" : "MODIFY");
        record.setEventSource("aws:dynamodb");
        record.setDynamodb(images);
        return record;
    }

    private static Map<String, com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue> image(
            long client, String table, long lastPosition) {
        return Map.of(
                "clientId", new com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue()
                        .withS(Long.toString(client)),
                "tableName", new com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue()
                        .withS(table),
                "lastPosition", new com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue()
                        .withN(Long.toString(lastPosition)));
    }

    /** The client's objects in the bucket: key and size. */
    private static Map<String, Long> objects(long client) {
        var objects = new java.util.TreeMap<String, Long>();
        s3.listObjectsV2Paginator(list -> list.bucket(BUCKET).prefix("client=" + client + "/")).contents()
                .forEach(object -> objects.put(object.key(), object.size()));
        return objects;
    }

    @Test
    void aClientsQueriesSeeItsOwnFilesOnly(@TempDir Path dir) throws Exception {
        long mine = ImportRoutesClient.newClientId();
        long theirs = ImportRoutesClient.newClientId();
        for (long client : List.of(mine, theirs)) {
            var key = imports.createKey(client);
            accepted(imports.push(key.token(), "[" + record(client, "secrets", 1,
                    "{\"id\": 1, \"owner\": " + client + "}") + "]"));
        }
        awaitLoaded(mine, "secrets");
        awaitLoaded(theirs, "secrets");
        // their files on this machine too, beside mine: only the query's settings keep them out
        new ClientFiles(s3, BUCKET).copy(theirs, dir.resolve("client=" + theirs));

        try (var warehouse = open(mine, dir)) {
            assertThat(rows(warehouse, "SELECT owner FROM secrets")).containsExactly(Long.toString(mine));
            String theirFile;
            try (var files = Files.walk(dir.resolve("client=" + theirs))) {
                theirFile = files.filter(p -> p.toString().endsWith(".parquet")).findFirst().orElseThrow().toString();
            }
            assertThatThrownBy(() -> rows(warehouse, "SELECT * FROM read_parquet('" + theirFile + "')"))
                    .hasMessageContaining("Permission Error");
            assertThatThrownBy(() -> rows(warehouse, "SET enable_external_access = true"))
                    .isInstanceOf(SQLException.class);
        }
    }

    /** Issue 45: the local folder is a copy of the bucket's, so a file planted there is gone at the next copy. */
    @Test
    void aFileTheBucketDoesNotHaveIsRemovedByTheNextCopy(@TempDir Path dir) throws Exception {
        long client = ImportRoutesClient.newClientId();
        var key = imports.createKey(client);
        accepted(imports.push(key.token(), "[" + record(client, "planted", 1, "{\"id\": 1, \"v\": \"real\"}") + "]"));
        awaitLoaded(client, "planted");
        Path clientDir = dir.resolve("client=" + client);
        new ClientFiles(s3, BUCKET).copy(client, clientDir);
        Path real;
        try (var files = Files.walk(clientDir)) {
            real = files.filter(p -> p.toString().endsWith(".parquet")).findFirst().orElseThrow();
        }
        Path planted = real.resolveSibling("planted.parquet");
        Files.copy(real, planted);

        var copied = new ClientFiles(s3, BUCKET).copy(client, clientDir);

        assertThat(planted).doesNotExist();
        assertThat(real).exists();
        assertThat(copied.removed()).isEqualTo(1);
    }

    /**
     * What Athena reads after {@code cdk deploy}: each table in the stack's Glue database, over its client's folder,
     * partitioned by day with partition projection, with a column of the same name and type for every column of
     * every file; created with the first file and updated when a file grows the schema.
     */
    @Test
    void theCatalogDescribesEveryFileAsAthenaReadsIt(@TempDir Path dir) throws Exception {
        long client = ImportRoutesClient.newClientId();
        var key = imports.createKey(client);
        accepted(imports.push(key.token(), "[" + record(client, "Orders", 1,
                "{\"id\": 1, \"Status\": \"open\", \"price\": 10}") + "]"));
        awaitLoaded(client, "Orders");
        accepted(imports.push(key.token(), "[" + record(client, "Orders", 2,
                "{\"id\": 2, \"price\": \"ten\", \"paid\": true}") + "]"));
        awaitLoaded(client, "Orders", 2);
        String database = fixture.runtime().environments().get(ScaleoutDeclaration.WAREHOUSE_LOADER)
                .get(Settings.catalog("Warehouse").name());

        try (var glue = MotoClients.glue(fixture.runtime().backends().dynamoDbEndpoint())) {
            var table = glue.getTable(get -> get.databaseName(database)
                    .name(CatalogTables.name(new ImportedTable(client, "Orders")))).table();
            String folder = "s3://" + BUCKET + "/client=" + client + "/table=Orders/";
            assertThat(table.name()).startsWith("client_" + client + "__orders_");
            assertThat(table.storageDescriptor().location()).isEqualTo(folder);
            assertThat(table.partitionKeys()).extracting(c -> c.name() + " " + c.type()).containsExactly("dt string");
            assertThat(table.parameters()).containsEntry("projection.enabled", "true")
                    .containsEntry("projection.dt.type", "date")
                    .containsEntry("storage.location.template", folder + "dt=${dt}/")
                    .containsEntry("scaleout.key_names", "id");
            var files = objects(client).keySet();
            String firstDay = files.stream().map(k -> k.replaceAll(".*/dt=([0-9-]+)/.*", "$1")).sorted()
                    .findFirst().orElseThrow();
            assertThat(table.parameters().get("projection.dt.range"))
                    .isEqualTo(java.time.LocalDate.parse(firstDay).minusDays(1) + ",NOW");
            assertThat(glue.getTableVersions(versions -> versions.databaseName(database).tableName(table.name()))
                    .tableVersions()).as("created with the first file, updated once by the second").hasSize(2);

            var catalogColumns = table.storageDescriptor().columns().stream().map(c -> c.name() + " " + c.type())
                    .toList();
            assertThat(catalogColumns).contains("status string", "price bigint", "price__st string",
                    "paid boolean", "_sdc_sequence bigint", "_sdc_received_at timestamp");
            assertThat(files).hasSize(2);
            new ClientFiles(s3, BUCKET).copy(client, dir);
            var fileColumns = new java.util.LinkedHashSet<String>();
            try (var duckDb = DuckDb.inMemory(); var statement = duckDb.createStatement();
                 var paths = Files.walk(dir)) {
                for (Path file : paths.filter(p -> p.toString().endsWith(".parquet")).toList()) {
                    try (var result = statement.executeQuery("DESCRIBE SELECT * FROM read_parquet('" + file
                            + "', hive_partitioning = false)")) {
                        while (result.next()) {
                            fileColumns.add(result.getString("column_name").toLowerCase(java.util.Locale.ROOT)
                                    + " " + hiveType(result.getString("column_type")));
                        }
                    }
                }
            }
            assertThat(catalogColumns).as("every file's columns, named and typed as in the catalog")
                    .containsExactlyInAnyOrderElementsOf(fileColumns);
        }
    }

    /** The Glue (Hive) type Athena reads a Parquet column of DuckDB's type as. */
    private static String hiveType(String duckDbType) {
        return switch (duckDbType) {
            case "BIGINT" -> "bigint";
            case "DOUBLE" -> "double";
            case "BOOLEAN" -> "boolean";
            case "VARCHAR" -> "string";
            default -> duckDbType.startsWith("TIMESTAMP") ? "timestamp" : duckDbType;
        };
    }
}
