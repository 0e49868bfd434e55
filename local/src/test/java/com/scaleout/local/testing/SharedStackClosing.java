package com.scaleout.local.testing;

import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * Closes the JVM's shared production stack when the test JVM's launcher session ends, after its last class: a
 * runtime writes the AWS calls it saw (iam-calls.tsv, which the gate's permission check reads) as it closes, and a
 * shutdown hook may not get that far before the forked JVM is stopped.
 */
public final class SharedStackClosing implements LauncherSessionListener {
    @Override
    public void launcherSessionClosed(LauncherSession session) {
        ProductionStacks.closeShared();
    }
}
