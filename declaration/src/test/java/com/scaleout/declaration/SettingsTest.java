package com.scaleout.declaration;

import static com.scaleout.declaration.TableSpec.KeyAttribute.string;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class SettingsTest {
    private final Declaration declaration = ScaleoutDeclaration.declaration();

    @Test
    void everySettingAFunctionReadsIsDeclaredOnce() {
        var declared = new HashSet<>(Settings.named());
        declaration.tables().forEach(table -> declared.add(Settings.table(table.name())));
        declaration.buckets().forEach(bucket -> declared.add(Settings.bucket(bucket.name())));
        declaration.functions().forEach(function -> declared.add(Settings.function(function.name())));
        declaration.buckets().stream().filter(bucket -> bucket.dataLake().isPresent())
                .forEach(lake -> declared.add(Settings.catalog(lake.name())));
        for (FunctionSpec function : declaration.functions()) {
            assertThat(declaration.settingsOf(function.name())).as(function.name())
                    .isSubsetOf(declared)
                    .doesNotHaveDuplicates()
                    .containsAll(Settings.EVERY_FUNCTION);
        }
        assertThat(declared.stream().map(Setting::name)).as("one setting per name").doesNotHaveDuplicates();
    }

    @Test
    void aSettingNotInTheCatalogueIsRefused() {
        var stray = Setting.of("STRAY_KNOB", "1", Setting.Source.TUNING, "declared nowhere");
        var builder = Declaration.builder().function(FunctionSpec.of("Echo", "x.Echo").readsSettings(stray));

        assertThatThrownBy(builder::build).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("function Echo reads undeclared setting STRAY_KNOB");
    }

    @Test
    void onlyADataLakeBucketHasACatalog() {
        var lake = Declaration.builder().bucket(new BucketSpec("Lake").dataLake(10_000_000L, 1))
                .function(FunctionSpec.of("Keeper", "x.Keeper").readsSettings(Settings.catalog("Lake")));
        var plain = Declaration.builder().bucket(new BucketSpec("Files"))
                .function(FunctionSpec.of("Keeper", "x.Keeper").readsSettings(Settings.catalog("Files")));

        assertThat(lake.build().readersOf(Settings.catalog("Lake"))).containsExactly("Keeper");
        assertThatThrownBy(plain::build).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("function Keeper reads undeclared setting CATALOG_FILES");
    }

    @Test
    void aFunctionReadsWhatItsResourcesRoutesAndSpecImply() {
        var test = Declaration.builder()
                .table(TableSpec.of("Plain", string("pk")))
                .bucket(new BucketSpec("Files"))
                .function(FunctionSpec.of("Keys", "x.Keys").reads("Plain").readsAndWritesBucket("Files").withRedis()
                        .readsSettings(Settings.BCRYPT_COST))
                .function(FunctionSpec.of("Quiet", "x.Quiet"))
                .route(RouteSpec.checkedByHandler(HttpMethod.POST, "/admin/keys", "Keys",
                        RouteSpec.HandlerCredential.ADMIN_KEY))
                .build();

        var expected = new java.util.ArrayList<>(Settings.EVERY_FUNCTION);
        expected.addAll(List.of(Settings.table("Plain"), Settings.bucket("Files")));
        expected.addAll(Settings.CACHE);
        expected.addAll(Settings.ADMIN_ROUTES);
        expected.add(Settings.BCRYPT_COST);
        assertThat(test.settingsOf("Keys")).containsExactlyElementsOf(expected);
        assertThat(test.settingsOf("Quiet")).containsExactlyElementsOf(Settings.EVERY_FUNCTION);
        assertThat(test.readersOf(Settings.REDIS_URL)).containsExactly("Keys");
        assertThat(test.readersOf(Settings.STAGE)).containsExactly("Keys", "Quiet");
    }

    @Test
    void theAdminKeyIsReadOnlyByTheFunctionsWithAdminRoutes() {
        assertThat(declaration.readersOf(Settings.ADMIN_KEY_SECRET_ARN))
                .containsExactlyInAnyOrder(ScaleoutDeclaration.ADMIN, ScaleoutDeclaration.IMPORT_KEYS_ADMIN);
    }

    @Test
    void namesAreEnvironmentVariablesAndDefaultsParse() {
        assertThatThrownBy(() -> Setting.of("lower", Setting.Source.TUNING, "x"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(Settings.table("ImportRecords").name()).isEqualTo("TABLE_IMPORT_RECORDS");
        assertThat(Settings.bucket("AlbumImages").name()).isEqualTo("BUCKET_ALBUM_IMAGES");
        assertThat(Settings.FANOUT_MAX_FOLLOWERS.defaultInt()).isEqualTo(10_000);
        assertThatThrownBy(Settings.REDIS_URL::defaultInt).isInstanceOf(IllegalStateException.class);
    }
}
