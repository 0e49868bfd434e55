package com.scaleout.local.limits;

import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.local.testing.RuntimeFixture;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * A stack of the production declaration with AWS's limits / 100 enforced, one per test class: a load of 1 % of AWS's
 * rates meets them as AWS's traffic would. The viral scenarios' small tests run on it.
 */
abstract class ScaledLimitsIT {
    /** The failsafe configuration's SCALEOUT_ADMIN_KEY. */
    static final String ADMIN_KEY = "it-admin-key";
    static RuntimeFixture fixture;

    @BeforeAll
    static void start() throws Exception {
        fixture = scaledStack(100);
    }

    /**
     * A stack of the production declaration with AWS's limits / {@code k}: a test class that needs another K starts
     * its own with this, not by extending this class (JUnit would run this class's {@code @BeforeAll} beside its own).
     */
    static RuntimeFixture scaledStack(double k) throws Exception {
        return RuntimeFixture.start(ScaleoutDeclaration.declaration(),
                config -> config.withAwsLimits(Optional.of(new AwsLimits(k))));
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }
}
