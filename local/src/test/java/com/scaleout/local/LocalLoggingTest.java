package com.scaleout.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.util.internal.logging.InternalLoggerFactory;
import io.netty.util.internal.logging.Slf4JLoggerFactory;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.junit.jupiter.api.Test;

/**
 * The quieted libraries stay quiet: Netty and Lettuce log through SLF4J into log4j2, whose configuration (not a
 * level set on a weakly held java.util.logging logger, lost when it is collected) keeps them at warnings.
 */
class LocalLoggingTest {
    @Test
    void nettyAndLettuceLogThroughSlf4jAndStayAtWarningAfterGarbageCollection() throws InterruptedException {
        LocalLogging.configure();
        for (int i = 0; i < 5; i++) {
            System.gc();
            Thread.sleep(20);
        }
        assertThat(InternalLoggerFactory.getDefaultFactory()).isInstanceOf(Slf4JLoggerFactory.class);
        assertThat(LogManager.getLogger("io.netty").getLevel()).isEqualTo(Level.WARN);
        assertThat(LogManager.getLogger("io.lettuce").getLevel()).isEqualTo(Level.WARN);
    }
}
