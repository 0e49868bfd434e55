package com.scaleout.local;

import java.util.List;
import java.util.logging.ConsoleHandler;
import java.util.logging.Formatter;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/** One readable line per log record on stderr: time, level, short logger name, message. */
public final class LocalLogging {
    /**
     * The quieted loggers, held here: the log manager keeps loggers only weakly, so a level set on one that nobody
     * references is lost when it is collected, and Netty and Lettuce would be chatty again.
     */
    private static final List<Logger> QUIETED =
            List.of(Logger.getLogger("io.netty"), Logger.getLogger("io.lettuce"));

    private LocalLogging() {
    }

    public static void configure() {
        Logger root = Logger.getLogger("");
        for (var handler : root.getHandlers()) {
            root.removeHandler(handler);
        }
        var console = new ConsoleHandler();
        console.setLevel(Level.ALL);
        console.setFormatter(new Formatter() {
            @Override
            public String format(LogRecord record) {
                String name = record.getLoggerName() == null ? "" : record.getLoggerName();
                String shortName = name.substring(name.lastIndexOf('.') + 1);
                var line = new StringBuilder(String.format("%1$tT.%1$tL %2$-7s %3$s: %4$s%n",
                        record.getMillis(), record.getLevel(), shortName, formatMessage(record)));
                if (record.getThrown() != null) {
                    var trace = new java.io.StringWriter();
                    record.getThrown().printStackTrace(new java.io.PrintWriter(trace));
                    line.append(trace);
                }
                return line.toString();
            }
        });
        root.addHandler(console);
        root.setLevel(Level.INFO);
        // Netty and Lettuce are chatty at INFO about things a developer need not see.
        QUIETED.forEach(logger -> logger.setLevel(Level.WARNING));
    }
}
