package com.scaleout.loadtest;

import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.http.HttpDsl.status;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import io.gatling.javaapi.http.HttpRequestActionBuilder;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * What a soak run's clients were told, for the reconciler ({@code com.scaleout.bench.soak}) to check afterwards:
 * every write the API accepted (and every write whose outcome the client never learned: no answer, or an
 * unexpected status, which may or may not have been stored) as JSON lines in {@code <soakDir>/<suite>-writes.jsonl},
 * and the time and status of every response in {@code <soakDir>/<suite>-responses.tsv}, from which the report
 * counts requests, failures and 5xx per phase of the run. Off (every method a no-op) unless {@code -DsoakDir} is
 * set: the ordinary load runs record nothing.
 */
final class SoakRecorder implements AutoCloseable {
    static final SoakRecorder OFF = new SoakRecorder(null, null);
    private static final String STATUS = "soakWriteStatus";

    private final BufferedWriter writes;
    private final BufferedWriter responses;

    private SoakRecorder(BufferedWriter writes, BufferedWriter responses) {
        this.writes = writes;
        this.responses = responses;
    }

    /** The recorder of one suite (social, albums, import) when {@code -DsoakDir} is set, else {@link #OFF}. */
    static SoakRecorder forSuite(String suite) {
        String dir = System.getProperty("soakDir", "");
        if (dir.isEmpty()) {
            return OFF;
        }
        try {
            Path directory = Files.createDirectories(Path.of(dir));
            return new SoakRecorder(Files.newBufferedWriter(directory.resolve(suite + "-writes.jsonl"),
                    StandardCharsets.UTF_8), Files.newBufferedWriter(directory.resolve(suite + "-responses.tsv"),
                    StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot record the soak run in " + dir, e);
        }
    }

    boolean on() {
        return writes != null;
    }

    /**
     * The suite's protocol, with (when on) a check that runs on every response: it notes when the response came and
     * its status, and never fails a request (the request's own checks decide that).
     */
    HttpProtocolBuilder watching(HttpProtocolBuilder protocol) {
        return !on() ? protocol : protocol.check(status().transform(code -> {
            line(responses, System.currentTimeMillis() + "\t" + code);
            return code;
        }));
    }

    /**
     * {@code request}, then a line for the write it makes: {@code "outcome":"accepted"} when it answered one of
     * the {@code accepted} statuses, {@code "unsure"} otherwise (no answer, or another status: it may have been stored or not).
     * {@code write} describes it from the session (after the request's own checks saved what they save).
     */
    ChainBuilder write(HttpRequestActionBuilder request, Function<Session, Map<String, Object>> write,
                       int... accepted) {
        if (!on()) {
            return exec(request);
        }
        return exec(request.check(status().saveAs(STATUS))).exec(session -> {
            boolean ok = session.contains(STATUS)
                    && java.util.Arrays.stream(accepted).anyMatch(code -> code == session.getInt(STATUS));
            record(write.apply(session), ok);
            return session.remove(STATUS);
        });
    }

    /** A write learned some other way than through {@link #write} (e.g. each record of an accepted push). */
    void record(Map<String, Object> write, boolean accepted) {
        if (!on()) {
            return;
        }
        var line = new LinkedHashMap<String, Object>(write);
        line.put("outcome", accepted ? "accepted" : "unsure");
        line(writes, LoadRun.json(line));
    }

    private static void line(BufferedWriter out, String text) {
        if (out == null) {
            return;
        }
        synchronized (out) {
            try {
                out.write(text);
                out.newLine();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    @Override
    public void close() {
        if (!on()) {
            return;
        }
        try {
            synchronized (writes) {
                writes.close();
            }
            synchronized (responses) {
                responses.close();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
