package com.scaleout.cdk;

import com.scaleout.declaration.BucketSpec;
import com.scaleout.declaration.Declaration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import software.amazon.awscdk.ArnComponents;
import software.amazon.awscdk.ArnFormat;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.Stack;
import software.amazon.awscdk.services.athena.CfnWorkGroup;
import software.amazon.awscdk.services.glue.CfnDatabase;
import software.amazon.awscdk.services.iam.Grant;
import software.amazon.awscdk.services.iam.GrantOnPrincipalOptions;
import software.amazon.awscdk.services.lambda.Function;
import software.amazon.awscdk.services.s3.Bucket;
import software.amazon.awscdk.services.s3.LifecycleRule;
import software.constructs.Construct;

/**
 * For each bucket declared as a data lake ({@link BucketSpec#dataLake()}): a Glue database for its tables and an
 * Athena workgroup to query them, which keeps its results, encrypted, in a bucket of its own for a week and stops any
 * query past the declared scan limit. The workgroup's settings are enforced: a query cannot send its results
 * elsewhere or lift the limit.
 */
public final class DataLakes extends Construct {
    /** Query results are for the person who ran the query, not a second copy of the data. */
    private static final Duration RESULTS_EXPIRY = Duration.days(7);

    /** What keeping a lake's catalog takes: its tables' definitions, read, created and updated. */
    static final List<String> CATALOG_ACTIONS = List.of("glue:GetTable", "glue:CreateTable", "glue:UpdateTable");

    /** One lake: its Glue database, its workgroup, and the bucket of its queries' results. */
    public record Lake(CfnDatabase database, String databaseName, CfnWorkGroup workGroup, Bucket results) {
    }

    private final Map<String, Lake> byBucket = new LinkedHashMap<>();

    public DataLakes(Construct scope, String id, Declaration declaration, Storage storage, ScaleoutStackConfig config) {
        super(scope, id);
        for (BucketSpec spec : declaration.buckets()) {
            spec.dataLake().ifPresent(lake -> {
                String name = "scaleout_" + config.stage().replace('-', '_') + "_" + snake(spec.name());
                CfnDatabase database = CfnDatabase.Builder.create(this, spec.name() + "Database")
                        .catalogId(Stack.of(this).getAccount())
                        .databaseInput(CfnDatabase.DatabaseInputProperty.builder().name(name)
                                .description("Scaleout " + config.stage() + ": the tables of the " + spec.name()
                                        + " bucket's files (Parquet)")
                                .build())
                        .build();
                Bucket results = storage.privateBucket(this, spec.name() + "QueryResults",
                        spec.name() + "QueryResults/");
                results.addLifecycleRule(LifecycleRule.builder().id("expire-results").expiration(RESULTS_EXPIRY)
                        .build());
                var workGroup = CfnWorkGroup.Builder.create(this, spec.name() + "WorkGroup")
                        .name(name.replace('_', '-'))
                        .description("Queries of the " + spec.name() + " bucket's tables, at most "
                                + lake.bytesScannedPerQuery() + " bytes scanned each")
                        .recursiveDeleteOption(true)
                        .state("ENABLED")
                        .workGroupConfiguration(CfnWorkGroup.WorkGroupConfigurationProperty.builder()
                                .enforceWorkGroupConfiguration(true)
                                .publishCloudWatchMetricsEnabled(true)
                                .bytesScannedCutoffPerQuery(lake.bytesScannedPerQuery())
                                .engineVersion(CfnWorkGroup.EngineVersionProperty.builder()
                                        .selectedEngineVersion("Athena engine version 3").build())
                                .resultConfiguration(CfnWorkGroup.ResultConfigurationProperty.builder()
                                        .outputLocation("s3://" + results.getBucketName() + "/")
                                        .encryptionConfiguration(CfnWorkGroup.EncryptionConfigurationProperty
                                                .builder().encryptionOption("SSE_S3").build())
                                        .build())
                                .build())
                        .build();
                // a replaced or deleted database loses every table definition the loader made; a workgroup, its
                // history: retained outside dev, as the data they describe
                database.applyRemovalPolicy(config.removalPolicy());
                workGroup.applyRemovalPolicy(config.removalPolicy());
                byBucket.put(spec.name(), new Lake(database, name, workGroup, results));
            });
        }
    }

    /** The lakes, by bucket name. */
    public Map<String, Lake> all() {
        return byBucket;
    }

    /**
     * Lets {@code function} keep the lake's tables (a catalog call names the catalog, the database and the table),
     * and creates it after the database, whose name it is given as a plain string.
     */
    public void grantCatalog(Function function, String bucket) {
        Lake lake = byBucket.get(bucket);
        Stack stack = Stack.of(this);
        Grant.addToPrincipal(GrantOnPrincipalOptions.builder()
                .grantee(function)
                .actions(CATALOG_ACTIONS)
                .resourceArns(List.of(
                        stack.formatArn(ArnComponents.builder().service("glue").resource("catalog").build()),
                        glueArn(stack, "database", lake.databaseName()),
                        glueArn(stack, "table", lake.databaseName() + "/*")))
                .build());
        function.getNode().addDependency(lake.database());
    }

    private static String glueArn(Stack stack, String resource, String name) {
        return stack.formatArn(ArnComponents.builder().service("glue").resource(resource).resourceName(name)
                .arnFormat(ArnFormat.SLASH_RESOURCE_NAME).build());
    }

    private static String snake(String name) {
        return name.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT);
    }
}
