package com.scaleout.local.admin;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.local.LocalLogging;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code ./scaleout seed | reset | status | stress}: the test interface of a running stack, from the command line.
 * The stack is {@code --url} (default the local runtime on {@code PORT} or 3000), the admin key
 * {@code SCALEOUT_ADMIN_KEY} (default the local runtime's {@code local-admin-key}).
 */
public final class AdminCli {
    private static final String USAGE = """
            usage: ./scaleout seed --users N [--tweets-per-user T] [--follows-per-user F] [--chunk C] [--wait yes|no] [--run NAME] [--url URL]
                     (the same command again resumes a seed that stopped; another --run NAME seeds more)
                   ./scaleout reset [--url URL]
                   ./scaleout status [--url URL]
                   ./scaleout stress --star USERNAME [--n N] [--fan F] [--url URL]""";

    private final AdminClient client;
    private final PrintStream out;
    private final boolean terminal;

    AdminCli(AdminClient client, PrintStream out, boolean terminal) {
        this.client = client;
        this.out = out;
        this.terminal = terminal;
    }

    public static void main(String[] args) throws Exception {
        LocalLogging.configure();
        if (args.length == 0) {
            System.err.println(USAGE);
            System.exit(2);
        }
        var options = options(Arrays.copyOfRange(args, 1, args.length));
        String url = options.getOrDefault("url", "http://127.0.0.1:" + env("PORT", "3000"));
        var cli = new AdminCli(new AdminClient(url, env("SCALEOUT_ADMIN_KEY", "local-admin-key")), System.out,
                System.console() != null);
        try {
            switch (args[0]) {
                case "seed" -> cli.seed(options.getOrDefault("run", "1"), integer(options, "users", -1),
                        integer(options, "tweets-per-user", 10),
                        integer(options, "follows-per-user", 10), integer(options, "chunk", SeedChunks.MAX_USERS),
                        !"no".equals(options.getOrDefault("wait", "yes")));
                case "reset" -> cli.reset();
                case "status" -> cli.status();
                case "stress" -> cli.stress(options.get("star"), integer(options, "n", 10), integer(options, "fan", 0));
                default -> throw new IllegalArgumentException(USAGE);
            }
        } catch (IllegalArgumentException | AdminClient.Refused | AdminClient.GaveUp e) {
            System.err.println(e.getMessage());
            System.exit(2);
        }
        System.exit(0);
    }

    /** Seeds in chunks, resuming a run of the same arguments that stopped: see {@link SeedRun}. */
    void seed(String run, int users, int tweetsPerUser, int followsPerUser, int chunkCap, boolean waitForStreams)
            throws Exception {
        if (users < 1) {
            throw new IllegalArgumentException("--users N (1 or more) is required\n" + USAGE);
        }
        new SeedRun(client, out, terminal).seed(run, users, tweetsPerUser, followsPerUser, chunkCap, waitForStreams);
    }

    void reset() throws Exception {
        var deleted = new LinkedHashMap<String, Long>();
        for (int round = 1; ; round++) {
            JsonNode answer = client.reset();
            answer.get("deleted").properties().forEach(e -> deleted.merge(e.getKey(), e.getValue().asLong(), Long::sum));
            long total = deleted.values().stream().mapToLong(Long::longValue).sum();
            boolean complete = answer.get("complete").asBoolean();
            out.printf(Locale.ROOT, "round %d: %,d deleted so far%s%n", round, total, complete ? ", complete" : "");
            if (complete) {
                break;
            }
        }
        deleted.forEach((store, count) -> {
            if (count > 0) {
                out.printf(Locale.ROOT, "  %-14s %,d%n", store, count);
            }
        });
        out.println("cache flushed; import keys kept");
    }

    void status() throws Exception {
        out.println(Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(client.status()));
    }

    void stress(String star, int n, int fan) throws Exception {
        if (star == null) {
            throw new IllegalArgumentException("--star USERNAME is required\n" + USAGE);
        }
        JsonNode answer = client.stress(star, n, fan);
        out.printf(Locale.ROOT, "star %s with %,d new fans%s%n", answer.get("star").asText(), answer.get("fans").asInt(),
                answer.get("complete").asBoolean() ? "" : " (stopped early: the request's time ran out)");
        out.printf(Locale.ROOT, "%-10s %6s %10s %10s %10s%n", "operation", "count", "avg ms", "p99 ms", "max ms");
        for (String operation : List.of("tweet", "follow", "timeline")) {
            var timing = answer.get(operation);
            out.printf(Locale.ROOT, "%-10s %6d %10.1f %10.1f %10.1f%n", operation, timing.get("count").asInt(),
                    timing.get("averageMs").asDouble(), timing.get("p99Ms").asDouble(), timing.get("maxMs").asDouble());
        }
    }

    public static Map<String, String> options(String[] args) {
        var options = new LinkedHashMap<String, String>();
        for (int i = 0; i < args.length; i++) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                throw new IllegalArgumentException("unexpected argument " + args[i] + "\n" + USAGE);
            }
            options.put(args[i].substring(2), args[++i]);
        }
        return options;
    }

    private static int integer(Map<String, String> options, String name, int fallback) {
        String value = options.get(name);
        if (value == null) {
            return fallback;
        }
        try {
            return Integer.parseInt(value.replace("_", "").replace(",", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--" + name + " must be a whole number, was " + value);
        }
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
