package com.scaleout.local.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * Marks a scenario-sized integration test: a viral or overload load on a whole stack, a minute of the machine each.
 * The gate leaves them out (the failsafe executions select by this tag, see {@code it.scenarios}); {@code ./scaleout
 * test --scenarios} runs them, and {@code ./scaleout test --it Class} any one of them. The gate keeps one scaled-limits
 * IT ({@code ViralLikesIT}), and docs/testing.md records that the gate's line coverage does not fall without them.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag(Scenario.TAG)
public @interface Scenario {
    String TAG = "scenario";
}
