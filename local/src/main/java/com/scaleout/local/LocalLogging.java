package com.scaleout.local;

import com.scaleout.functions.shared.logging.JulBridge;

/**
 * The runtime's log is the functions' log: one JSON object per line on stderr (the functions' log4j2.xml). All
 * functions run in this one JVM, so each line says which one logged it and for which request by the fields the
 * handler base classes set per invocation ({@code functionName}, {@code lambdaRequestId}, {@code apiRequestId});
 * the runtime's own lines have none. Netty and Lettuce are quieted there to warnings.
 */
public final class LocalLogging {
    private LocalLogging() {
    }

    public static void configure() {
        JulBridge.install();
    }
}
