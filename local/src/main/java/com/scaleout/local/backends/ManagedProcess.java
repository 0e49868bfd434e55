package com.scaleout.local.backends;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.logging.Logger;

/**
 * A server the runtime starts as its child (moto_server, redis-server): output to a log file, started only once
 * it answers, and stopped with its whole process tree so that no orphan outlives the runtime.
 */
public final class ManagedProcess implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(ManagedProcess.class.getName());
    /** Children being started, so that a shutdown during start-up can still stop them. */
    private static final java.util.Set<Process> STARTING = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private final String name;
    private final Process process;

    private ManagedProcess(String name, Process process) {
        this.name = name;
        this.process = process;
    }

    /**
     * Starts {@code command}, then polls {@code ready} until it returns true, failing with the log's tail when the
     * process dies or {@code startTimeout} passes.
     */
    public static ManagedProcess start(String name, List<String> command, Path logFile, BooleanSupplier ready,
                                       Duration startTimeout) throws IOException {
        Files.createDirectories(logFile.getParent());
        Process process;
        try {
            process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.to(logFile.toFile()))
                    .start();
        } catch (IOException e) {
            throw new IOException("cannot start " + name + " (" + command.get(0) + "): is it installed and on PATH? "
                    + "./scaleout up installs it", e);
        }
        var managed = new ManagedProcess(name, process);
        STARTING.add(process);
        try {
            awaitReady(managed, logFile, ready, startTimeout);
        } finally {
            STARTING.remove(process);
        }
        LOG.info(() -> name + " started (pid " + process.pid() + ", log " + logFile + ")");
        return managed;
    }

    /** Stops every child still starting up (the shutdown hook's job when start-up is interrupted). */
    public static void stopStarting() {
        for (Process process : STARTING) {
            process.descendants().forEach(ProcessHandle::destroy);
            process.destroy();
        }
    }

    private static void awaitReady(ManagedProcess managed, Path logFile, BooleanSupplier ready,
                                   Duration startTimeout) throws IOException {
        Process process = managed.process;
        String name = managed.name;
        Instant deadline = Instant.now().plus(startTimeout);
        while (!ready.getAsBoolean()) {
            if (!process.isAlive()) {
                throw new IOException(name + " exited with " + process.exitValue() + " during start-up: "
                        + tail(logFile));
            }
            if (Instant.now().isAfter(deadline)) {
                managed.close();
                throw new IOException(name + " did not answer within " + startTimeout.toSeconds() + " s: "
                        + tail(logFile));
            }
            sleep(50);
        }
        if (!process.isAlive()) {
            // something else answered on the port (it was taken between choosing and binding it)
            throw new IOException(name + " exited right after start-up (port taken?): " + tail(logFile));
        }
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public long pid() {
        return process.pid();
    }

    /** Stops the tree: TERM to every descendant and the process, then KILL whatever is left after 5 s. */
    @Override
    public void close() {
        var descendants = process.descendants().toList();
        descendants.forEach(ProcessHandle::destroy);
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
        descendants.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    }

    private static String tail(Path logFile) {
        try {
            List<String> lines = Files.readAllLines(logFile);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size()));
        } catch (IOException e) {
            return "(no log)";
        }
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    @Override
    public String toString() {
        return name + "(pid " + process.pid() + ")";
    }
}
