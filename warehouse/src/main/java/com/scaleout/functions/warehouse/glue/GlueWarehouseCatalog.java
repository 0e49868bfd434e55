package com.scaleout.functions.warehouse.glue;

import com.scaleout.functions.imports.domain.ImportedTable;
import com.scaleout.functions.warehouse.application.WarehouseCatalog;
import com.scaleout.functions.warehouse.domain.CatalogTables;
import com.scaleout.functions.warehouse.domain.SystemColumn;
import com.scaleout.functions.warehouse.domain.WarehouseFiles;
import com.scaleout.functions.warehouse.domain.WarehouseSchema;
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
    static final String PARTITION = "dt";
    static final String RANGE = "projection." + PARTITION + ".range";

    private final GlueClient glue;
    private final String database;
    private final String bucket;

    public GlueWarehouseCatalog(GlueClient glue, String database, String bucket) {
        this.glue = glue;
        this.database = database;
        this.bucket = bucket;
    }

    @Override
    public void publish(ImportedTable table, WarehouseSchema schema, LocalDate firstDay) {
        String name = CatalogTables.name(table);
        Optional<Table> existing = existing(name);
        LocalDate start = existing.map(GlueWarehouseCatalog::rangeStart).filter(day -> day.isBefore(firstDay))
                .orElse(firstDay);
        TableInput wanted = tableInput(name, table, schema, start);
        if (existing.isEmpty()) {
            try {
                glue.createTable(create -> create.databaseName(database).tableInput(wanted));
                return;
            } catch (AlreadyExistsException raced) {
                // another load created it meanwhile: its schema is a prefix of this one, so update it
            }
        } else if (matches(existing.get(), wanted)) {
            return; // a replayed load: no new version of the table
        }
        glue.updateTable(update -> update.databaseName(database).tableInput(wanted));
    }

    private Optional<Table> existing(String name) {
        try {
            return Optional.of(glue.getTable(get -> get.databaseName(database).name(name)).table());
        } catch (EntityNotFoundException e) {
            return Optional.empty();
        }
    }

    TableInput tableInput(String name, ImportedTable table, WarehouseSchema schema, LocalDate start) {
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
                .description("Every change of the import table " + table.name() + " of client " + table.clientId()
                        + "; the current version of a record is its row with the greatest _sdc_sequence per key")
                .tableType("EXTERNAL_TABLE")
                .parameters(parameters)
                .partitionKeys(Column.builder().name(PARTITION).type("string")
                        .comment("the day (UTC) the file's first record was received").build())
                .storageDescriptor(StorageDescriptor.builder()
                        .location(location)
                        .inputFormat(PARQUET_INPUT)
                        .outputFormat(PARQUET_OUTPUT)
                        .serdeInfo(SerDeInfo.builder().serializationLibrary(PARQUET_SERDE).build())
                        .columns(columns(schema))
                        .build())
                .build();
    }

    /** The files' columns, in their order: the system columns, then the record's fields'. */
    static List<Column> columns(WarehouseSchema schema) {
        var columns = new ArrayList<Column>();
        for (SystemColumn system : SystemColumn.values()) {
            columns.add(Column.builder().name(system.columnName()).type(system.stored().glueType()).build());
        }
        for (var column : schema.columns()) {
            var glueColumn = Column.builder().name(column.name().toLowerCase(Locale.ROOT))
                    .type(column.type().stored().glueType());
            if (!column.field().equals(column.name().toLowerCase(Locale.ROOT))) {
                glueColumn.comment("the field " + column.field() + ", its " + column.type().name().toLowerCase(Locale.ROOT)
                        + " values");
            }
            columns.add(glueColumn.build());
        }
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

    private static LocalDate rangeStart(Table existing) {
        String range = existing.parameters().getOrDefault(RANGE, "");
        int comma = range.indexOf(',');
        try {
            return LocalDate.parse(comma < 0 ? range : range.substring(0, comma));
        } catch (java.time.format.DateTimeParseException e) {
            return LocalDate.MAX; // not ours, or edited by hand: this load's day
        }
    }
}
