package com.scaleout.local.testing;

import java.util.UUID;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Base of the workload integration tests: the production declaration served by a local runtime, and a JSON client
 * for it. The classes share one warm stack per JVM and keep their data apart by unique names ({@link #unique});
 * a class that cannot is marked {@link OwnStack} (see {@link ProductionStacks}).
 */
@Tag(ProductionApiIT.SHARED_STACK_TAG)
@ExtendWith(ProductionStacks.class)
public abstract class ProductionApiIT {
    /** The classes that share the JVM's stack run together, in a failsafe execution of their own. */
    public static final String SHARED_STACK_TAG = "shared-stack";

    protected static RuntimeFixture fixture;
    protected static ApiClient api;

    static void use(RuntimeFixture stack) {
        fixture = stack;
        api = new ApiClient(stack.runtime().url());
    }

    /** A valid, unique username with this prefix (15 characters). */
    public static String unique(String prefix) {
        return prefix + UUID.randomUUID().toString().replace("-", "").substring(0, 15 - prefix.length());
    }
}
