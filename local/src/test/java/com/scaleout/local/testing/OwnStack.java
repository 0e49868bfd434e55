package com.scaleout.local.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * Marks a {@link ProductionApiIT} that cannot share the JVM's production stack: it empties the stores, counts what
 * the whole stack holds, or configures environments before they start. It gets a stack of its own, and runs in the
 * integration tests' first run, not beside the classes that share (the failsafe executions select by this tag).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag(OwnStack.TAG)
public @interface OwnStack {
    String TAG = "own-stack";
}
