package com.scaleout.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * What a benchmark ran on, detected rather than typed in: cores and CPU model, the JVM, and the versions of the
 * redis-server and moto_server found on PATH (the ones the local runtime starts). Anything not found is
 * "unknown".
 */
public record Machine(int cores, String cpu, String jvm, String redis, String moto) {
    private static final String UNKNOWN = "unknown";
    private static final Pattern REDIS_VERSION = Pattern.compile("v=(\\S+)");

    public static Machine detect() {
        return new Machine(Runtime.getRuntime().availableProcessors(), cpuModel(),
                System.getProperty("java.vm.name") + " " + Runtime.version() + " ("
                        + System.getProperty("java.vendor") + ")",
                redisVersion(), motoVersion());
    }

    public String describe() {
        return String.format("%d cores (%s), %s, redis-server %s, moto %s", cores, cpu, jvm, redis, moto);
    }

    /** The 1-, 5- and 15-minute load averages (Linux), to say how busy the shared machine was. */
    public static String loadAverage() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return fields[0] + " / " + fields[1] + " / " + fields[2];
        } catch (IOException | RuntimeException e) {
            return UNKNOWN;
        }
    }

    /**
     * Connection attempts the kernel dropped since boot because a listening socket's accept queue was full (Linux's
     * TcpExt ListenDrops), or empty where that is not known: read before and after a run, a server that accepts
     * too slowly shows.
     */
    public static java.util.OptionalLong listenDrops() {
        try {
            List<String> lines = Files.readAllLines(Path.of("/proc/net/netstat"));
            for (int i = 0; i + 1 < lines.size(); i++) {
                if (lines.get(i).startsWith("TcpExt:") && lines.get(i + 1).startsWith("TcpExt:")) {
                    List<String> names = List.of(lines.get(i).split("\\s+"));
                    String[] values = lines.get(i + 1).split("\\s+");
                    int at = names.indexOf("ListenDrops");
                    return at < 0 || at >= values.length ? java.util.OptionalLong.empty()
                            : java.util.OptionalLong.of(Long.parseLong(values[at]));
                }
            }
            return java.util.OptionalLong.empty();
        } catch (IOException | RuntimeException e) {
            return java.util.OptionalLong.empty();
        }
    }

    private static String cpuModel() {
        try (var lines = Files.lines(Path.of("/proc/cpuinfo"))) {
            return lines.filter(l -> l.startsWith("model name")).map(l -> l.substring(l.indexOf(':') + 1).strip())
                    .findFirst().orElse(UNKNOWN);
        } catch (IOException | RuntimeException e) {
            return UNKNOWN;
        }
    }

    private static String redisVersion() {
        return output(List.of("redis-server", "--version")).flatMap(out -> {
            var m = REDIS_VERSION.matcher(out);
            return m.find() ? Optional.of(m.group(1)) : Optional.empty();
        }).orElse(UNKNOWN);
    }

    /**
     * moto_server has no --version: the version of the moto package, asked of the Python interpreter in the
     * shebang of the moto_server script on PATH (behind a pyenv shim, of the script pyenv resolves to).
     */
    private static String motoVersion() {
        Optional<String> python = onPath("moto_server").map(Machine::shebang).filter(l -> l.contains("python"));
        if (python.isEmpty()) { // a shim in front of the script
            python = output(List.of("pyenv", "which", "moto_server")).map(String::strip).map(Path::of)
                    .map(Machine::shebang).filter(l -> l.contains("python"));
        }
        return python.flatMap(line -> output(interpreter(line.substring(2).strip())))
                .map(String::strip).filter(v -> !v.isEmpty()).orElse(UNKNOWN);
    }

    /** The interpreter of a shebang ({@code /usr/bin/env python3} included) asked for moto's version. */
    private static List<String> interpreter(String shebang) {
        var command = new java.util.ArrayList<>(List.of(shebang.split("\\s+")));
        command.addAll(List.of("-c", "import importlib.metadata as m; print(m.version('moto'))"));
        return command;
    }

    private static Optional<Path> onPath(String program) {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(java.io.File.pathSeparator)) {
            Path candidate = Path.of(dir, program);
            if (Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    private static String shebang(Path script) {
        try (var reader = Files.newBufferedReader(script, StandardCharsets.ISO_8859_1)) {
            String first = reader.readLine();
            return first != null && first.startsWith("#!") ? first : "";
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    /** What a command prints (stdout and stderr), when it exits 0 within 10 s. */
    private static Optional<String> output(List<String> command) {
        try {
            var process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return Optional.empty();
            }
            return process.exitValue() == 0 ? Optional.of(out) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
