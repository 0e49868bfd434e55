package com.scaleout.local.imports;

import static com.scaleout.local.imports.ImportRoutesClient.ADMIN_KEY;
import static com.scaleout.local.imports.ImportRoutesClient.newClientId;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.local.LocalConfig;
import com.scaleout.local.imports.ImportRoutesClient.Key;
import com.scaleout.local.lambda.FunctionPool;
import com.scaleout.local.testing.AllAtOnce;
import com.scaleout.local.testing.OwnStack;
import com.scaleout.local.testing.ProductionApiIT;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A revoked import key is refused within seconds by every warm environment of the import function, although each
 * keeps the keys it has read for the production hour: the revocation mark in the cache is looked up on each use.
 */
@OwnStack // its own stack: the import environments must start after it sets their key cache
class ImportKeyRevocationIT extends ProductionApiIT {
    private static final String KEY_CACHE_VARIABLE = "IMPORT_KEY_CACHE_SECONDS";
    /**
     * Requests sent at once: as many environments serve them (8, or fewer where the local stack keeps fewer of one
     * function alive: SCALEOUT_ENVIRONMENTS, 2 a core by default).
     */
    private static final int TOGETHER = Math.min(8, LocalConfig.fromEnvironment().environments().most());

    private static ImportRoutesClient imports;
    private static String failsafeKeyCache;

    @BeforeAll
    static void keysKeptForAnHour() {
        // read by each environment as it starts; none has started yet
        failsafeKeyCache = System.getProperty(KEY_CACHE_VARIABLE);
        System.setProperty(KEY_CACHE_VARIABLE, "3600");
        imports = new ImportRoutesClient(fixture.runtime().url(), fixture.runtime().backends().dynamoDbEndpoint());
    }

    @AfterAll
    static void restoreKeyCache() {
        imports.close();
        if (failsafeKeyCache == null) {
            System.clearProperty(KEY_CACHE_VARIABLE);
        } else {
            System.setProperty(KEY_CACHE_VARIABLE, failsafeKeyCache);
        }
    }

    /** The statuses of {@code TOGETHER} authentications with the key, sent at once. */
    private static List<Integer> authenticateTogether(Key key) throws Exception {
        return AllAtOnce.run(TOGETHER, () -> imports.rjMetricsAuthenticate(key.clientId(), key.token()).status());
    }

    @Test
    void aRevokedKeyIsRefusedWithinSecondsByEveryWarmEnvironmentThatHeldIt() throws Exception {
        FunctionPool importApi = fixture.runtime().function(ScaleoutDeclaration.IMPORT_API);
        Key key = imports.createKey(newClientId());
        // every environment serves a request with the key as it starts, and keeps the key from then on; with as
        // many environments as requests sent at once, no later burst needs a new one
        await().atMost(Duration.ofSeconds(60)).until(() -> {
            assertThat(authenticateTogether(key)).containsOnly(200);
            return importApi.environments() >= TOGETHER;
        });
        int warm = importApi.coldStarts();

        assertThat(imports.revokeAs(ADMIN_KEY, key.keyId()).status()).isEqualTo(204);

        long revoked = System.nanoTime();
        await().atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(100))
                .until(() -> authenticateTogether(key).stream().allMatch(status -> status == 401));
        assertThat(Duration.ofNanos(System.nanoTime() - revoked)).isLessThan(Duration.ofSeconds(5));
        for (int round = 0; round < 3; round++) {
            assertThat(authenticateTogether(key)).as("round %d", round).containsOnly(401);
        }
        assertThat(importApi.coldStarts()).as("every answer came from an environment that held the key")
                .isEqualTo(warm);
    }
}
