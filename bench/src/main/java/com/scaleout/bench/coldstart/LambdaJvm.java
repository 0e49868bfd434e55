package com.scaleout.bench.coldstart;

import java.util.List;

/**
 * The JVM options the Lambda java21 managed runtime starts a function with, derived from its memory size: metaspace
 * 10 % of it, code cache 5 %, the heap the rest (so 85 %), the serial collector, the JDK's class data sharing when
 * it can, and the C1 compiler only (tiered compilation stopped at level 1, the default since the java17 runtime).
 * Read off the runtime's process command line (e.g. 256 MB: {@code -XX:MaxHeapSize=222823k
 * -XX:MaxMetaspaceSize=26214k -XX:ReservedCodeCacheSize=13107k}); and the memory the JVM would see there.
 */
public final class LambdaJvm {
    private LambdaJvm() {
    }

    public static List<String> options(int memoryMb) {
        long kib = memoryMb * 1024L;
        long metaspace = Math.round(kib * 0.10);
        long codeCache = Math.round(kib * 0.05);
        return List.of(
                "-XX:MaxHeapSize=" + (kib - metaspace - codeCache) + "k",
                "-XX:MaxMetaspaceSize=" + metaspace + "k",
                "-XX:ReservedCodeCacheSize=" + codeCache + "k",
                "-XX:+UseSerialGC",
                "-Xshare:auto",
                "-XX:+TieredCompilation",
                "-XX:TieredStopAtLevel=1",
                "-Djava.net.preferIPv4Stack=true",
                // not the runtime's flag but its environment: in Lambda the JVM reads the function's memory from its
                // cgroup and sizes its initial heap from it; here it would size it from the whole machine's memory
                "-XX:MaxRAM=" + memoryMb + "m");
    }
}
