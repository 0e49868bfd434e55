package com.scaleout.local.testing;

import com.scaleout.declaration.ScaleoutDeclaration;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * Base of the workload integration tests: the production declaration served by a local runtime over freshly
 * emptied backends, one runtime per test class, and a JSON client for it.
 */
public abstract class ProductionApiIT {
    protected static RuntimeFixture fixture;
    protected static ApiClient api;

    @BeforeAll
    static void startRuntime() throws Exception {
        fixture = RuntimeFixture.start(ScaleoutDeclaration.declaration());
        api = new ApiClient(fixture.runtime().url());
    }

    @AfterAll
    static void stopRuntime() {
        fixture.close();
    }

    /** A valid, unique username with this prefix (15 characters). */
    public static String unique(String prefix) {
        return prefix + UUID.randomUUID().toString().replace("-", "").substring(0, 15 - prefix.length());
    }
}
