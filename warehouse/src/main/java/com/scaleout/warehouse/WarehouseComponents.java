package com.scaleout.warehouse;

import com.scaleout.declaration.Settings;
import com.scaleout.functions.imports.dynamodb.DynamoChangeLog;
import com.scaleout.functions.imports.dynamodb.ImportTables;
import com.scaleout.functions.shared.aws.AwsClients;
import com.scaleout.functions.shared.config.RuntimeEnvironment;
import com.scaleout.warehouse.application.WarehouseCatalog;
import com.scaleout.warehouse.application.WarehouseLoader;
import com.scaleout.warehouse.duckdb.DuckDbParquetFiles;
import com.scaleout.warehouse.dynamodb.DynamoWarehouseState;
import com.scaleout.warehouse.glue.GlueWarehouseCatalog;
import com.scaleout.warehouse.s3.S3WarehouseFileStore;
import java.time.Clock;
import software.amazon.awssdk.services.glue.GlueClient;

/** The warehouse's parts, wired from the function's environment. */
public final class WarehouseComponents {
    /** The bucket of the warehouse's Parquet files, as the declaration names it. */
    public static final String BUCKET = "Warehouse";

    private WarehouseComponents() {
    }

    public static WarehouseLoader loaderFromEnvironment() {
        var dynamoDb = AwsClients.dynamoDb();
        var clock = Clock.systemUTC();
        var imports = ImportTables.fromEnvironment();
        String bucket = variable(Settings.bucket(BUCKET));
        return new WarehouseLoader(new DynamoChangeLog(dynamoDb, imports.changes(), imports.stats(), clock),
                new DynamoWarehouseState(dynamoDb, variable(Settings.table(DynamoWarehouseState.TABLE)), clock),
                new DuckDbParquetFiles(), new S3WarehouseFileStore(AwsClients.s3(), bucket), catalog(bucket), clock);
    }

    /** The Glue tables, in the database the stack made for the bucket. */
    private static WarehouseCatalog catalog(String bucket) {
        var glue = AwsClients.configured(GlueClient.builder(), Settings.GLUE_ENDPOINT).build();
        return new GlueWarehouseCatalog(glue, variable(Settings.catalog(BUCKET)), bucket);
    }

    private static String variable(com.scaleout.declaration.Setting setting) {
        return RuntimeEnvironment.variable(setting).orElse(null);
    }
}
