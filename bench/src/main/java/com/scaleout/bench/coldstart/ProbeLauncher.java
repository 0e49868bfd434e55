package com.scaleout.bench.coldstart;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Starts {@link ColdStartProbe} in a JVM of its own, as Lambda starts an execution environment, and reads what it
 * printed. Times are taken from the launch: the JVM's own start-up is part of a cold start.
 */
public final class ProbeLauncher {
    private static final long TIMEOUT_SECONDS = 120;

    private final Path java;
    private final Map<String, String> environment;
    private final Path logDirectory;

    public ProbeLauncher(Path java, Map<String, String> environment, Path logDirectory) throws IOException {
        this.java = java;
        this.environment = Map.copyOf(environment);
        this.logDirectory = logDirectory;
        var variables = new StringBuilder();
        environment.forEach((name, value) -> variables.append(name).append('=').append(value).append('\n'));
        Files.writeString(logDirectory.resolve("probe.env"), variables, StandardCharsets.UTF_8);
    }

    /** One environment's start; {@code primed}: with the handler's SnapStart hooks run before the first request. */
    public record Probe(String name, String handler, int memoryMb, List<String> classpath, Path sample,
                        List<String> extraOptions, int invocations, boolean primed) {
        public Probe with(List<String> newClasspath, List<String> options) {
            return new Probe(name, handler, memoryMb, newClasspath, sample, options, invocations, primed);
        }

        public Probe withMemory(int otherMemoryMb) {
            return new Probe(name, handler, otherMemoryMb, classpath, sample, extraOptions, invocations, primed);
        }

        public Probe withSample(Path otherSample) {
            return new Probe(name, handler, memoryMb, classpath, otherSample, extraOptions, invocations, primed);
        }

        public Probe invocations(int count) {
            return new Probe(name, handler, memoryMb, classpath, sample, extraOptions, count, primed);
        }

        public Probe withSnapStartHooks() {
            return new Probe(name, handler, memoryMb, classpath, sample, extraOptions, invocations, true);
        }
    }

    /**
     * What one start measured, in milliseconds: the JVM's start, init (launch to handler constructed), the SnapStart
     * hooks (zero unless primed), and the first invocation (event read, handler, answer written) with the handler's
     * share of it. The memory figures only when more than one invocation was asked for.
     */
    public record Result(double jvmStartMs, double initMs, double checkpointMs, double restoreMs,
                         double firstInvocationMs, double handlerMs, String outcome, int classes,
                         String lastOutcome, Map<String, Long> memory) {
        public double coldStartMs() {
            return initMs + firstInvocationMs;
        }

        /** What a request meets after a SnapStart restore: the restore hook, then the first invocation. */
        public double afterRestoreMs() {
            return restoreMs + firstInvocationMs;
        }
    }

    public Result run(Probe probe) throws IOException, InterruptedException {
        var command = new ArrayList<String>();
        command.add(java.toString());
        command.addAll(LambdaJvm.options(probe.memoryMb()));
        command.addAll(probe.extraOptions());
        command.add("-cp");
        command.add(String.join(File.pathSeparator, probe.classpath()));
        command.add(ColdStartProbe.class.getName());
        command.add(probe.handler());
        command.add(probe.sample().toString());
        command.add(Integer.toString(probe.invocations()));
        command.add(probe.primed() ? "primed" : "cold");
        var builder = new ProcessBuilder(command);
        builder.environment().putAll(environment);
        builder.environment().put("AWS_LAMBDA_FUNCTION_NAME", probe.name());
        builder.environment().put("AWS_LAMBDA_FUNCTION_MEMORY_SIZE", Integer.toString(probe.memoryMb()));
        Path errors = logDirectory.resolve(probe.name() + ".log");
        // the log starts each run with its command, to repeat one start by hand (with probe.env's variables)
        Files.writeString(errors, "$ " + String.join(" ", command) + System.lineSeparator(), StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        builder.redirectError(ProcessBuilder.Redirect.appendTo(errors.toFile()));

        long launchedAt = ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IOException(probe.name() + ": the probe did not end within " + TIMEOUT_SECONDS + " s");
        }
        return parse(probe, launchedAt, output, process.exitValue(), errors);
    }

    static Result parse(Probe probe, long launchedAt, String output, int exitCode, Path errors) throws IOException {
        Map<String, String> coldStart = fields(output, "COLDSTART");
        if (exitCode != 0 || coldStart.isEmpty()) {
            throw new IOException(probe.name() + ": the probe failed (exit " + exitCode + "); see " + errors
                    + (Files.exists(errors) ? "\n" + tail(errors) : ""));
        }
        long main = micros(coldStart, "main");
        long init = micros(coldStart, "init");
        long checkpoint = micros(coldStart, "checkpoint");
        long restore = micros(coldStart, "restore");
        var memory = new HashMap<String, Long>();
        var memoryFields = fields(output, "MEMORY");
        memoryFields.forEach((key, value) -> {
            if (value.matches("-?\\d+")) {
                memory.put(key, Long.parseLong(value));
            }
        });
        return new Result((main - launchedAt) / 1000.0, (init - launchedAt) / 1000.0, (checkpoint - init) / 1000.0,
                (restore - checkpoint) / 1000.0, (micros(coldStart, "first") - restore) / 1000.0,
                (micros(coldStart, "handled") - micros(coldStart, "read")) / 1000.0, coldStart.get("outcome"),
                Integer.parseInt(coldStart.get("classes")),
                memoryFields.getOrDefault("outcome", coldStart.get("outcome")), memory);
    }

    private static long micros(Map<String, String> fields, String name) {
        return Long.parseLong(fields.get(name));
    }

    private static Map<String, String> fields(String output, String tag) {
        var fields = new HashMap<String, String>();
        output.lines().filter(line -> line.startsWith(tag + " ")).findFirst().ifPresent(line -> {
            for (String field : line.substring(tag.length() + 1).split(" ")) {
                int at = field.indexOf('=');
                if (at > 0) {
                    fields.put(field.substring(0, at), field.substring(at + 1));
                }
            }
        });
        return fields;
    }

    private static String tail(Path file) throws IOException {
        var lines = Files.readAllLines(file);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
    }
}
