package com.scaleout.cdk;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import com.scaleout.declaration.ScaleoutDeclaration;
import software.amazon.awscdk.ArnComponents;
import software.amazon.awscdk.ArnFormat;
import software.amazon.awscdk.assertions.Match;

/**
 * The warehouse bucket, declared a data lake: a Glue database and an Athena workgroup with an enforced scan limit
 * and encrypted results that expire, and a bucket whose files move to Intelligent-Tiering; their names as outputs.
 */
class DataLakesTest {
    @TempDir
    static Path tmp;

    private static TestStacks.Synthesized synth;

    @BeforeAll
    static void synthesize() {
        synth = TestStacks.synth(ScaleoutDeclaration.declaration(), TestStacks.config("dev", tmp));
    }

    @Test
    void theWarehouseHasAGlueDatabaseNamedForItsStage() {
        synth.template().hasResourceProperties("AWS::Glue::Database", Map.of(
                "DatabaseInput", Match.objectLike(Map.of("Name", "scaleout_dev_warehouse"))));
        synth.template().hasOutput("WarehouseDatabase", Map.of("Value", "scaleout_dev_warehouse"));
    }

    @Test
    void itsWorkgroupEnforcesTheDeclaredScanLimitAndEncryptsItsResults() {
        synth.template().hasResourceProperties("AWS::Athena::WorkGroup", Map.of(
                "Name", "scaleout-dev-warehouse",
                "WorkGroupConfiguration", Match.objectLike(Map.of(
                        "EnforceWorkGroupConfiguration", true,
                        "BytesScannedCutoffPerQuery", 10_000_000_000L,
                        "ResultConfiguration", Match.objectLike(Map.of(
                                "EncryptionConfiguration", Map.of("EncryptionOption", "SSE_S3")))))));
        synth.template().hasResourceProperties("AWS::S3::Bucket", Map.of(
                "BucketEncryption", Match.anyValue(),
                "LifecycleConfiguration", Map.of("Rules", List.of(Match.objectLike(Map.of(
                        "Id", "expire-results", "ExpirationInDays", 7, "Status", "Enabled"))))));
    }

    @Test
    void theWarehousesFilesMoveToIntelligentTieringAndUnfinishedUploadsAreAborted() {
        synth.template().hasResourceProperties("AWS::S3::Bucket", Map.of(
                "LifecycleConfiguration", Map.of("Rules", List.of(Match.objectLike(Map.of(
                        "Id", "tiering",
                        "AbortIncompleteMultipartUpload", Map.of("DaysAfterInitiation", 1),
                        "Transitions", List.of(Map.of("StorageClass", "INTELLIGENT_TIERING",
                                "TransitionInDays", 30))))))));
    }

    @Test
    void onlyTheBucketDeclaredALakeGetsACatalog() {
        synth.template().resourceCountIs("AWS::Glue::Database", 1);
        synth.template().resourceCountIs("AWS::Athena::WorkGroup", 1);
    }

    @Test
    void onlyTheLoaderKeepsTheCatalogsTablesAndItIsCreatedAfterTheDatabase() {
        var functions = synth.stack().functions();
        var loader = functions.function(ScaleoutDeclaration.WAREHOUSE_LOADER);
        var stack = synth.part(ScaleoutStacks.API);
        Object tables = stack.resolve(stack.formatArn(ArnComponents.builder().service("glue").resource("table")
                .resourceName("scaleout_dev_warehouse/*").arnFormat(ArnFormat.SLASH_RESOURCE_NAME).build()));

        assertThat(synth.actionsOn(loader, tables)).containsExactlyInAnyOrderElementsOf(DataLakes.CATALOG_ACTIONS);
        var loaderResource = synth.template().findResources("AWS::Lambda::Function").get(synth.logicalId(loader));
        assertThat(loaderResource.toString()).contains("CATALOG_WAREHOUSE=scaleout_dev_warehouse");
        // the database is in the data stack, which the functions' stack deploys after
        assertThat(synth.part(ScaleoutStacks.API).getDependencies()).contains(synth.stack().data());
        for (var spec : synth.stack().declaration().functions()) {
            if (!spec.name().equals(ScaleoutDeclaration.WAREHOUSE_LOADER)) {
                assertThat(synth.actionsOn(functions.function(spec.name()), tables)).as(spec.name()).isEmpty();
            }
        }
    }
}
