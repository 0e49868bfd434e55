package com.scaleout.local.warehouse;

import com.scaleout.functions.imports.domain.ImportedTable;
import com.scaleout.functions.shared.config.RuntimeEnvironment;
import com.scaleout.local.LocalSettings;
import com.scaleout.local.StackUrlFile;
import com.scaleout.local.backends.MotoClients;
import com.scaleout.warehouse.application.WarehouseState.TableState;
import com.scaleout.warehouse.domain.CatalogTables;
import com.scaleout.warehouse.domain.Column;
import com.scaleout.warehouse.domain.WarehouseSchema;
import com.scaleout.warehouse.dynamodb.DynamoWarehouseState;
import com.scaleout.warehouse.query.ClientWarehouse;
import com.scaleout.warehouse.s3.ClientFiles;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * {@code ./scaleout warehouse tables|sql --client N}: the import warehouse of the running local stack, as a client
 * sees it. Its files are copied from the local S3 into {@code .scaleout/warehouse/client=N/} (only new or changed
 * ones), and DuckDB queries them there, locked to that directory (see {@link ClientWarehouse}).
 */
@Command(name = "./scaleout warehouse", synopsisSubcommandLabel = "COMMAND",
        description = "SQL over the import warehouse of the stack ./scaleout up runs",
        subcommands = {WarehouseCli.Tables.class, WarehouseCli.Sql.class})
public final class WarehouseCli implements Runnable {
    @Mixin
    private Options.Help help;

    @Override
    public void run() {
        new CommandLine(this).usage(System.out);
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new WarehouseCli()).execute(args));
    }

    /** What every command takes: the client, the stack's backend, and {@code --help}. */
    static final class Options {
        static final class Help {
            @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help and exit")
            boolean requested;
        }

        @Option(names = "--client", required = true, paramLabel = "ID", description = "the client whose tables")
        long client;
        @Option(names = "--endpoint", paramLabel = "URL", description = "the stack's DynamoDB and S3 (default: the "
                + "one ./scaleout up runs, as written to .scaleout/backend-url)")
        String endpoint;
        @Mixin
        Help help;

        Stack stack() {
            String url = endpoint != null ? endpoint : StackUrlFile.fromEnvironment().readBackend()
                    .orElseThrow(() -> new CommandLine.ParameterException(new CommandLine(this),
                            "no running stack: start ./scaleout up, or give --endpoint"));
            return new Stack(URI.create(url));
        }
    }

    /** The local stack's DynamoDB and S3, with the warehouse's names there. */
    record Stack(URI endpoint) {
        DynamoDbClient dynamoDb() {
            return DynamoDbClient.builder().endpointOverride(endpoint).region(region()).credentialsProvider(local())
                    .overrideConfiguration(c -> c.apiCallTimeout(Duration.ofSeconds(60))).build();
        }

        S3Client s3() {
            return MotoClients.s3(endpoint);
        }

        Map<String, TableState> tables(long client) {
            try (var dynamoDb = dynamoDb()) {
                return new DynamoWarehouseState(dynamoDb, DynamoWarehouseState.TABLE, Clock.systemUTC())
                        .tablesOf(client);
            }
        }

        private static Region region() {
            return Region.of(RuntimeEnvironment.region());
        }

        private static StaticCredentialsProvider local() {
            return StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local"));
        }
    }

    @Command(name = "tables", description = "the client's tables: rows, files, columns")
    static final class Tables implements Callable<Integer> {
        @Mixin
        private Options options;

        @Override
        public Integer call() {
            var tables = options.stack().tables(options.client);
            PrintStream out = System.out;
            if (tables.isEmpty()) {
                out.println("client " + options.client + " has no table in the warehouse yet");
                return 0;
            }
            for (var table : tables.entrySet()) {
                TableState state = table.getValue();
                out.printf("%s: %,d rows in %,d files (log loaded to position %,d); key %s; in Glue and Athena %s%n",
                        table.getKey(), state.rows(), state.files(), state.loadedPosition(),
                        state.schema().keyNames().isEmpty() ? "none (append-only)" : state.schema().keyNames(),
                        CatalogTables.name(new ImportedTable(options.client, table.getKey())));
                for (Column column : state.schema().columns()) {
                    out.printf("  %-30s %s%n", column.name(), column.type().stored().sqlType());
                }
            }
            return 0;
        }
    }

    @Command(name = "sql", description = {"runs a query over the client's tables: <table> is the latest row per key, "
            + "<table>__changes every change"})
    static final class Sql implements Callable<Integer> {
        @Mixin
        private Options options;
        @Parameters(paramLabel = "SQL", description = "e.g. \"SELECT status, count(*) FROM orders GROUP BY 1\"")
        private String sql;

        @Override
        public Integer call() throws SQLException {
            Stack stack = options.stack();
            var schemas = new LinkedHashMap<String, WarehouseSchema>();
            stack.tables(options.client).forEach((name, state) -> schemas.put(name, state.schema()));
            Path dir = Path.of(RuntimeEnvironment.variable(LocalSettings.DATA_DIR).orElseThrow(), "warehouse",
                    "client=" + options.client).toAbsolutePath();
            try (var s3 = stack.s3()) {
                var copied = new ClientFiles(s3, LocalWarehouse.bucket()).copy(options.client, dir);
                System.err.printf("%d files (%,d bytes), %d fetched, %d not the bucket's removed, in %s%n",
                        copied.files(), copied.bytes(), copied.fetched(), copied.removed(), dir);
            }
            try (var warehouse = ClientWarehouse.open(dir, schemas)) {
                warehouse.query(sql, result -> {
                    print(result, System.out);
                    return null;
                });
            } catch (SQLException e) {
                System.err.println("query failed: " + e.getMessage().lines().findFirst().orElse(""));
                return 2;
            }
            return 0;
        }
    }

    /** The result as an aligned table with a header row. */
    static void print(ResultSet result, PrintStream out) throws SQLException {
        int columns = result.getMetaData().getColumnCount();
        var rows = new ArrayList<List<String>>();
        var header = new ArrayList<String>();
        for (int i = 1; i <= columns; i++) {
            header.add(result.getMetaData().getColumnLabel(i));
        }
        rows.add(header);
        while (result.next()) {
            var row = new ArrayList<String>();
            for (int i = 1; i <= columns; i++) {
                row.add(String.valueOf(result.getObject(i)));
            }
            rows.add(row);
        }
        int[] widths = new int[columns];
        rows.forEach(row -> {
            for (int i = 0; i < columns; i++) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        });
        for (var row : rows) {
            var line = new StringBuilder();
            for (int i = 0; i < columns; i++) {
                String cell = row.get(i);
                line.append(i == 0 ? "" : "  ").append(cell).append(" ".repeat(widths[i] - cell.length()));
            }
            out.println(line.toString().stripTrailing());
        }
        out.printf("(%,d rows)%n", rows.size() - 1);
    }
}
