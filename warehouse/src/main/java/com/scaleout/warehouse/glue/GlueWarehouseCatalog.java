package com.scaleout.warehouse.glue;

import com.scaleout.functions.imports.domain.ImportedTable;
import com.scaleout.warehouse.application.WarehouseCatalog;
import com.scaleout.warehouse.domain.CatalogTables;
import com.scaleout.warehouse.domain.SystemColumn;
import com.scaleout.warehouse.domain.WarehouseFiles;
import com.scaleout.warehouse.domain.WarehouseSchema;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.glue.GlueClient;
import software.amazon.awssdk.services.glue.model.AlreadyExistsException;
import software.amazon.awssdk.services.glue.model.Column;
import software.amazon.awssdk.services.glue.model.ConcurrentModificationException;
import software.amazon.awssdk.services.glue.model.EntityNotFoundException;
import software.amazon.awssdk.services.glue.model.SerDeInfo;
import software.amazon.awssdk.services.glue.model.StorageDescriptor;
import software.amazon.awssdk.services.glue.model.Table;
import software.amazon.awssdk.services.glue.model.TableInput;

/**
 * Each warehouse table as a Glue table ({@link CatalogTables#name}) over its files' folder, partitioned by {@code dt}
 * with partition projection: Athena computes the day folders from the table's parameters, so no crawler runs and
 * no partition is ever added. Column names are lower-cased, as Glue and Athena keep them (the schema's names are
 * unique without regard to case); Athena matches them to the Parquet files' columns by name.
 */
public final class GlueWarehouseCatalog implements WarehouseCatalog {
    static final String PARQUET_INPUT = "org.apache.hadoop.hive.ql.io.parquet.MapredParquetInputFormat";
    static final String PARQUET_OUTPUT = "org.apache.hadoop.hive.ql.io.parquet.MapredParquetOutputFormat";
    static final String PARQUET_SERDE = "org.apache.hadoop.hive.ql.io.parquet.serde.ParquetHiveSerDe";
    static final String PARTITION = WarehouseSchema.PARTITION;
    static final String RANGE = "projection." + PARTITION + ".range";
    /** Glue's limit on a column's comment. */
    static final int MAX_COMMENT = 255;
    /** Tries of an update that another load's update of the same table raced. */
    private static final int UPDATE_TRIES = 5;

    private final GlueClient glue;
    private final String database;
    private final String bucket;

    public GlueWarehouseCatalog(GlueClient glue, String database, String bucket) {
        this.glue = glue;
        this.database = database;
        this.bucket = bucket;
    }

    /**
     * Creates the table, or updates it to the schema's columns and any the catalog has beyond them: the catalog never
     * loses a column, so a load that lost a race to another (or a retry with other declared types) cannot take back
     * what a file already has. An update names the version it read, so two racing updates do not overwrite each
     * other: the one refused reads again. The day range starts a day before the first file's: a table's first rows
     * may be received out of position order around midnight.
     */
    @Override
    public void publish(ImportedTable table, WarehouseSchema schema, LocalDate firstDay) {
        String name = CatalogTables.name(table);
        LocalDate day = firstDay.minusDays(1);
        for (int attempt = 1; attempt <= UPDATE_TRIES; attempt++) {
            Optional<Table> existing = existing(name);
            if (existing.isEmpty()) {
                try {
                    glue.createTable(create -> create.databaseName(database)
                            .tableInput(tableInput(name, table, schema, day, List.of())));
                    return;
                } catch (AlreadyExistsException raced) {
                    continue; // another load created it meanwhile: update it
                }
            }
            Table current = existing.get();
            LocalDate start = rangeStart(current).filter(earlier -> earlier.isBefore(day)).orElse(day);
            TableInput wanted = tableInput(name, table, schema, start, current.storageDescriptor() == null
                    ? List.of() : current.storageDescriptor().columns());
            if (matches(current, wanted)) {
                return; // a replayed load: no new version of the table
            }
            try {
                glue.updateTable(update -> update.databaseName(database).tableInput(wanted)
                        .versionId(current.versionId()));
                return;
            } catch (ConcurrentModificationException raced) {
                // another load updated it since it was read: read it again
            }
        }
        throw new IllegalStateException("the Glue table " + name + " kept changing under " + UPDATE_TRIES
                + " updates; the load is retried");
    }

    private Optional<Table> existing(String name) {
        try {
            return Optional.of(glue.getTable(get -> get.databaseName(database).name(name)).table());
        } catch (EntityNotFoundException e) {
            return Optional.empty();
        }
    }

    TableInput tableInput(String name, ImportedTable table, WarehouseSchema schema, LocalDate start,
                          List<Column> catalogued) {
        String location = "s3://" + bucket + "/" + WarehouseFiles.tablePrefix(table);
        var parameters = new LinkedHashMap<String, String>();
        parameters.put("classification", "parquet");
        parameters.put("EXTERNAL", "TRUE");
        parameters.put("projection.enabled", "true");
        parameters.put("projection." + PARTITION + ".type", "date");
        parameters.put("projection." + PARTITION + ".format", "yyyy-MM-dd");
        parameters.put(RANGE, start + ",NOW");
        parameters.put("projection." + PARTITION + ".interval", "1");
        parameters.put("projection." + PARTITION + ".interval.unit", "DAYS");
        parameters.put("storage.location.template", location + PARTITION + "=${" + PARTITION + "}/");
        // what a query needs to pick the current version of each record (latest _sdc_sequence per key)
        parameters.put("scaleout.key_names", String.join(",", schema.keyNames()));
        parameters.put("scaleout.client_id", Long.toString(table.clientId()));
        parameters.put("scaleout.table_name", table.name());
        return TableInput.builder()
                .name(name)
                .description("Every change of an import table of client " + table.clientId() + " (its name: the "
                        + "parameter scaleout.table_name); the current version of a record is its row with the "
                        + "greatest _sdc_sequence per key")
                .tableType("EXTERNAL_TABLE")
                .parameters(parameters)
                .partitionKeys(Column.builder().name(PARTITION).type("string")
                        .comment("the day (UTC) the file's first record was received").build())
                .storageDescriptor(StorageDescriptor.builder()
                        .location(location)
                        .inputFormat(PARQUET_INPUT)
                        .outputFormat(PARQUET_OUTPUT)
                        .serdeInfo(SerDeInfo.builder().serializationLibrary(PARQUET_SERDE).build())
                        .columns(columns(schema, catalogued))
                        .build())
                .build();
    }

    /**
     * The files' columns, in their order (the system columns, then the record's fields'), then those the catalog
     * has beyond them.
     */
    static List<Column> columns(WarehouseSchema schema, List<Column> catalogued) {
        var columns = new ArrayList<Column>();
        for (SystemColumn system : SystemColumn.values()) {
            columns.add(Column.builder().name(system.columnName()).type(system.stored().glueType()).build());
        }
        for (var column : schema.columns()) {
            String name = column.name().toLowerCase(Locale.ROOT);
            var glueColumn = Column.builder().name(name).type(column.type().stored().glueType());
            // the field's own name, when the catalog's differs by case or suffix; a field whose name had to
            // change to be a column name says nothing (its characters may not fit a comment either)
            String comment = "the field " + column.field() + ", its " + column.type().name().toLowerCase(Locale.ROOT)
                    + " values";
            if (!name.equals(column.field()) && column.name().startsWith(column.field())
                    && comment.length() <= MAX_COMMENT) {
                glueColumn.comment(comment);
            }
            columns.add(glueColumn.build());
        }
        var names = new java.util.HashSet<String>();
        columns.forEach(c -> names.add(c.name()));
        catalogued.stream().filter(c -> !names.contains(c.name())).forEach(columns::add);
        return columns;
    }

    private static boolean matches(Table existing, TableInput wanted) {
        Map<String, String> parameters = existing.parameters();
        return existing.storageDescriptor() != null
                && existing.storageDescriptor().columns().equals(wanted.storageDescriptor().columns())
                && existing.storageDescriptor().location().equals(wanted.storageDescriptor().location())
                && wanted.parameters().entrySet().stream()
                        .allMatch(p -> p.getValue().equals(parameters.get(p.getKey())));
    }

    private static Optional<LocalDate> rangeStart(Table existing) {
        String range = existing.parameters().getOrDefault(RANGE, "");
        int comma = range.indexOf(',');
        try {
            return Optional.of(LocalDate.parse(comma < 0 ? range : range.substring(0, comma)));
        } catch (java.time.format.DateTimeParseException e) {
            return Optional.empty(); // not ours, or edited by hand: this load's day
        }
    }
}
