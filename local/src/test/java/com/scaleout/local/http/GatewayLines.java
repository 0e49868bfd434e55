package com.scaleout.local.http;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/** The lines {@link GatewayLog} writes while open, as messages. */
final class GatewayLines extends Handler implements AutoCloseable {
    private static final Logger GATEWAY_LOG = Logger.getLogger(GatewayLog.class.getName());

    private final List<String> lines = new CopyOnWriteArrayList<>();

    GatewayLines() {
        GATEWAY_LOG.addHandler(this);
    }

    List<String> lines() {
        return List.copyOf(lines);
    }

    /** The lines that contain {@code text}. */
    List<String> saying(String text) {
        return lines.stream().filter(line -> line.contains(text)).toList();
    }

    @Override
    public void publish(LogRecord record) {
        lines.add(record.getMessage());
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
        GATEWAY_LOG.removeHandler(this);
    }
}
