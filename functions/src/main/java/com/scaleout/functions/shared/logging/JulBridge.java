package com.scaleout.functions.shared.logging;

import org.apache.logging.log4j.jul.Log4jBridgeHandler;

/**
 * The code logs with java.util.logging; its records go to log4j2 (and so into the JSON lines) through log4j-jul's
 * bridge handler on the root logger, installed once per JVM. Installed in code rather than with
 * {@code -Djava.util.logging.manager}, which Lambda could only take through {@code JAVA_TOOL_OPTIONS}, and which
 * the local runtime and every test JVM would need too.
 */
public final class JulBridge {
    private static volatile boolean installed;

    private JulBridge() {
    }

    public static void install() {
        if (installed) {
            return;
        }
        synchronized (JulBridge.class) {
            if (!installed) {
                // the JDK's console handler goes; java.util.logging's levels follow log4j2.xml's
                Log4jBridgeHandler.install(true, null, true);
                installed = true;
            }
        }
    }
}
