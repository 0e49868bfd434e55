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
        // as log4j2.xml says (shutdownHook="disable"), before log4j reads it: a command that logged nothing would
        // otherwise start log4j at exit, from java.util.logging's cleaner, and print an ERROR that it is too late to
        // register the hook
        System.setProperty("log4j2.shutdownHookEnabled", "false");
        JulBridge.install();
    }
}
