package com.scaleout.functions.imports.http;

import static java.util.Map.entry;
import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.declaration.RouteSpec;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.functions.shared.http.AdminKey;
import java.io.File;
import java.net.URISyntaxException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every sample of the Stitch, RJMetrics and admin key routes in {@code events/imports/} with the status it must
 * get, each run on a fresh world: a good sample and a bad one beside it for every route they cover, and no such
 * sample on disk that this table (and so some test) does not know.
 */
class ImportSampleStatusesTest {
    /** The sample name prefixes of these routes (other import routes keep samples of their own names). */
    static final List<String> PREFIXES = List.of("push-", "validate-", "batch-", "rjmetrics-", "status-",
            "admin-keys-");

    static final Map<String, Integer> STATUS = Map.ofEntries(
            entry("status-get", 200),

            entry("push-two-tables", 201),
            entry("push-transit", 201),
            entry("push-transit-as-json", 201),
            entry("push-not-an-array", 400),
            entry("push-malformed-json", 400),
            entry("push-empty-array", 400),
            entry("push-mixed-clients", 422),
            entry("push-other-client", 403),
            entry("push-blank-table-name", 422),
            entry("push-sequence-not-integer", 422),
            entry("push-sequence-too-large", 422),
            entry("push-data-not-object", 422),
            entry("push-missing-key-field", 422),
            entry("push-null-key", 422),
            entry("push-long-key", 422),
            entry("push-several-bad-records", 422),
            entry("push-wrong-content-type", 415),
            entry("push-no-token", 401),
            entry("push-unknown-token", 401),
            entry("push-revoked-token", 401),

            entry("validate-valid", 200),
            entry("validate-invalid", 422),
            entry("validate-no-token", 401),

            entry("batch-customers", 201),
            entry("batch-append-only", 201),
            entry("batch-schema-violation", 422),
            entry("batch-not-an-object", 400),
            entry("batch-missing-schema", 400),
            entry("batch-wrong-content-type", 415),

            entry("rjmetrics-data-apikey", 201),
            entry("rjmetrics-data-bearer-array", 201),
            entry("rjmetrics-data-other-client", 403),
            entry("rjmetrics-data-no-key", 401),
            entry("rjmetrics-data-revoked-key", 401),
            entry("rjmetrics-data-bad-table", 400),
            entry("rjmetrics-data-missing-keys", 400),
            entry("rjmetrics-data-empty-array", 400),
            entry("rjmetrics-data-malformed-json", 400),
            entry("rjmetrics-data-wrong-content-type", 415),
            entry("rjmetrics-authenticate", 200),
            entry("rjmetrics-authenticate-bearer", 200),
            entry("rjmetrics-authenticate-other-client", 401),
            entry("rjmetrics-authenticate-unknown-key", 401),
            entry("rjmetrics-authenticate-revoked-key", 401),
            entry("rjmetrics-authenticate-no-key", 401),

            entry("admin-keys-create", 201),
            entry("admin-keys-create-no-admin-key", 401),
            entry("admin-keys-create-wrong-admin-key", 403),
            entry("admin-keys-create-missing-client-id", 400),
            entry("admin-keys-create-zero-client-id", 400),
            entry("admin-keys-create-blank-name", 400),
            entry("admin-keys-create-malformed-json", 400),
            entry("admin-keys-revoke", 204),
            entry("admin-keys-revoke-unknown", 404),
            entry("admin-keys-revoke-no-admin-key", 401));

    static List<String> samples() {
        return STATUS.keySet().stream().sorted().toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("samples")
    void eachSampleGetsItsStatus(String sample) {
        var world = new ImportRoutesWorld();
        var event = ImportRoutesWorld.sample(sample);
        var handler = event.getRouteKey().contains(" /admin/")
                ? new ImportKeysAdminHandler(world.keys, new AdminKey(Optional.of("test-admin-key")))
                : world.handler;

        var response = handler.handleRequest(event, null);

        assertThat(response.getStatusCode()).as(response.getBody()).isEqualTo(STATUS.get(sample));
    }

    @Test
    void everySampleIsARequestOfADeclaredRouteToTheImportFunctions() {
        Map<String, String> functionByRoute = ScaleoutDeclaration.declaration().routes().stream()
                .collect(Collectors.toMap(RouteSpec::routeKey, RouteSpec::function));

        for (String sample : samples()) {
            String routeKey = ImportRoutesWorld.sample(sample).getRouteKey();
            assertThat(functionByRoute.get(routeKey)).as(sample + " (" + routeKey + ")")
                    .isIn(ScaleoutDeclaration.IMPORT_API, ScaleoutDeclaration.IMPORT_KEYS_ADMIN);
        }
    }

    @Test
    void everyRouteOfTheSamplesHasAGoodSampleAndABadOneBesideIt() {
        Map<String, List<Integer>> statusesByRoute = samples().stream().collect(Collectors.groupingBy(
                sample -> ImportRoutesWorld.sample(sample).getRouteKey(),
                Collectors.mapping(STATUS::get, Collectors.toList())));

        assertThat(statusesByRoute).hasSize(8);
        statusesByRoute.forEach((route, statuses) -> {
            if (!route.equals("GET /v2/import/status")) { // no input, no bad input
                assertThat(statuses).as(route).anyMatch(status -> status >= 400);
            }
            assertThat(statuses).as(route).anyMatch(status -> status < 300);
        });
    }

    @Test
    void everySampleOfTheseRoutesOnDiskIsInTheTable() throws URISyntaxException {
        var folder = new File(Objects.requireNonNull(getClass().getClassLoader()
                .getResource(ImportRoutesWorld.FOLDER)).toURI());
        var onDisk = Arrays.stream(Objects.requireNonNull(folder.list()))
                .filter(file -> file.endsWith(".json"))
                .map(file -> file.substring(0, file.length() - ".json".length()))
                .filter(name -> PREFIXES.stream().anyMatch(name::startsWith))
                .toList();

        assertThat(onDisk).containsExactlyInAnyOrderElementsOf(STATUS.keySet());
    }
}
