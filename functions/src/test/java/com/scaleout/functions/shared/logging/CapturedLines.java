package com.scaleout.functions.shared.logging;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.WriterAppender;
import org.apache.logging.log4j.core.filter.BurstFilter;

/**
 * The lines the functions' log4j2.xml writes, captured beside its stderr appender with that appender's own layout:
 * what CloudWatch would receive. Close to detach.
 */
public final class CapturedLines implements AutoCloseable {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final LoggerContext context = (LoggerContext) LogManager.getContext(false);
    private final StringWriter written = new StringWriter();
    private final WriterAppender appender;

    public CapturedLines() {
        JulBridge.install();
        var configuration = context.getConfiguration();
        appender = WriterAppender.newBuilder()
                .setName("captured-" + System.identityHashCode(this))
                .setTarget(written)
                .setLayout(configuration.getAppender("stderr").getLayout())
                .build();
        appender.start();
        configuration.addAppender(appender);
        configuration.getRootLogger().addAppender(appender, null, null);
        context.updateLoggers();
    }

    /** The throttle log4j2.xml puts on one of {@link ThrottledLogs}' channels. */
    public static BurstFilter burstFilterOf(String channel) {
        var context = (LoggerContext) LogManager.getContext(false);
        return (BurstFilter) context.getConfiguration().getLoggerConfig(channel).getFilter();
    }

    /** Every line written so far, as text. */
    public List<String> lines() {
        return written.toString().lines().toList(); // StringWriter's buffer is a StringBuffer
    }

    /** Every line written so far, each parsed as the one JSON object it must be. */
    public List<JsonNode> objects() {
        return lines().stream().map(line -> {
            try {
                return MAPPER.readTree(line);
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new UncheckedIOException("not one JSON object: " + line, e);
            }
        }).toList();
    }

    /** The objects whose message contains {@code text}. */
    public List<JsonNode> saying(String text) {
        return objects().stream().filter(line -> line.path("message").asText().contains(text)).toList();
    }

    @Override
    public void close() {
        var configuration = context.getConfiguration();
        configuration.getRootLogger().removeAppender(appender.getName());
        context.updateLoggers();
        appender.stop();
    }
}
