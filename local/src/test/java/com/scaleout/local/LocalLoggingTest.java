package com.scaleout.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The quieted libraries stay quiet: the log manager holds loggers weakly, so the levels must survive a collection. */
class LocalLoggingTest {
    private final Logger root = Logger.getLogger("");
    private List<Handler> handlers;
    private Level level;

    @BeforeEach
    void keepTheRootLogger() {
        handlers = List.of(root.getHandlers());
        level = root.getLevel();
    }

    @AfterEach
    void restoreTheRootLogger() {
        for (var handler : root.getHandlers()) {
            root.removeHandler(handler);
        }
        handlers.forEach(root::addHandler);
        root.setLevel(level);
    }

    @Test
    void nettyAndLettuceStayAtWarningAfterGarbageCollection() throws InterruptedException {
        LocalLogging.configure();
        for (int i = 0; i < 5; i++) {
            System.gc();
            Thread.sleep(20);
        }
        assertThat(Logger.getLogger("io.netty").getLevel()).isEqualTo(Level.WARNING);
        assertThat(Logger.getLogger("io.lettuce").getLevel()).isEqualTo(Level.WARNING);
    }
}
