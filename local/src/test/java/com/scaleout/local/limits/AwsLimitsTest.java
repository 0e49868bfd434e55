package com.scaleout.local.limits;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class AwsLimitsTest {
    private static final String NAME = "SCALEOUT_AWS_LIMITS";

    @Test
    void offByDefaultAwsOwnOrScaledByK() {
        assertThat(AwsLimits.parse(NAME, null)).isEmpty();
        assertThat(AwsLimits.parse(NAME, " off ")).isEmpty();
        assertThat(AwsLimits.parse(NAME, "aws")).contains(new AwsLimits(1));
        assertThat(AwsLimits.parse(NAME, "scaled:50")).contains(new AwsLimits(50));
        assertThat(AwsLimits.parse(NAME, "scaled:2.5")).contains(new AwsLimits(2.5));
    }

    @Test
    void anythingElseIsRefusedWithTheAcceptedForms() {
        for (String wrong : new String[] {"on", "scaled:", "scaled:x", "scaled:0.5", "scaled:-3", "scaled:NaN",
                "scaled:Infinity"}) {
            assertThatThrownBy(() -> AwsLimits.parse(NAME, wrong)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining(NAME + " must be off, aws or scaled:K");
        }
    }

    @Test
    void eachLimitIsAwsDividedByK() {
        var limits = new AwsLimits(100);

        assertThat(limits.partitionWriteUnits()).isEqualTo(10);
        assertThat(limits.partitionReadUnits()).isEqualTo(30);
        assertThat(limits.tableWriteUnits()).isEqualTo(400);
        assertThat(limits.initialWriteUnits()).isEqualTo(40);
        assertThat(limits.initialReadUnits()).isEqualTo(120);
        assertThat(limits.lambdaConcurrency()).isEqualTo(10);
        assertThat(limits.lambdaEnvironmentsPer10Seconds()).isEqualTo(10);
        assertThat(limits.gatewayRate()).isEqualTo(100);
        assertThat(limits.gatewayBurst()).isEqualTo(50);
        assertThat(limits.reservedConcurrency(500)).isEqualTo(5);
        assertThat(limits).hasToString("AWS's limits / 100");
    }

    @Test
    void countsNeverFallBelowOne() {
        var limits = new AwsLimits(100_000);

        assertThat(limits.lambdaConcurrency()).isEqualTo(1);
        assertThat(limits.reservedConcurrency(50)).isEqualTo(1);
        assertThat(limits.lambdaEnvironmentsPer10Seconds()).isEqualTo(1);
        assertThat(limits.gatewayBurst()).isEqualTo(1);
    }
}
