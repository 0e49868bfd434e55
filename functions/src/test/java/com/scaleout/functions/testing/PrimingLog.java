package com.scaleout.functions.testing;

import com.scaleout.functions.shared.snapstart.Priming;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * What {@link Priming} logs while a test holds it open: a warm-up that failed is logged there (priming swallows
 * the failure so as never to fail a checkpoint), so a test asserts on the log that priming went through.
 */
public final class PrimingLog extends Handler implements AutoCloseable {
    private final Logger logger = Logger.getLogger(Priming.class.getName());
    private final List<LogRecord> records = new ArrayList<>();

    public PrimingLog() {
        logger.addHandler(this);
    }

    @Override
    public synchronized void publish(LogRecord record) {
        records.add(record);
    }

    /** The warnings logged so far, as their messages. */
    public synchronized List<String> warnings() {
        return records.stream().filter(r -> r.getLevel().intValue() >= Level.WARNING.intValue())
                .map(r -> r.getMessage() + (r.getThrown() == null ? "" : ": " + r.getThrown()))
                .toList();
    }

    public synchronized List<String> messages() {
        return records.stream().map(LogRecord::getMessage).toList();
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
        logger.removeHandler(this);
    }
}
