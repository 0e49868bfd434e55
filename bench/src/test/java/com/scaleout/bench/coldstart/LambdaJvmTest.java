package com.scaleout.bench.coldstart;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LambdaJvmTest {
    @Test
    void sizesTheJvmAsTheRuntimeDoes() {
        // as the runtime's command line shows them for a 256 MB and a 512 MB function
        assertThat(LambdaJvm.options(256)).startsWith("-XX:MaxHeapSize=222823k", "-XX:MaxMetaspaceSize=26214k",
                "-XX:ReservedCodeCacheSize=13107k");
        assertThat(LambdaJvm.options(512)).startsWith("-XX:MaxHeapSize=445645k", "-XX:MaxMetaspaceSize=52429k",
                "-XX:ReservedCodeCacheSize=26214k");
    }

    @Test
    void usesTheSerialCollectorAndTheC1CompilerOnly() {
        assertThat(LambdaJvm.options(1024)).contains("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xshare:auto");
    }

    @Test
    void seesTheFunctionsMemoryAsTheMachines() {
        assertThat(LambdaJvm.options(512)).contains("-XX:MaxRAM=512m");
    }
}
