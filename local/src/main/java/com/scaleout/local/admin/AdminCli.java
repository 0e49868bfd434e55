package com.scaleout.local.admin;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.client.ApiResponse;
import com.scaleout.declaration.Settings;
import com.scaleout.functions.shared.config.RuntimeEnvironment;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.local.LocalLogging;
import com.scaleout.local.LocalRuntime;
import java.io.IOException;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code ./scaleout seed | reset | status | stress | import-key}: the test interface of a running stack, from the
 * command line ({@link AdminCommandLine} reads the arguments). The stack is {@code --url} (default the local runtime on
 * {@code PORT} or 3000), the admin key {@code SCALEOUT_ADMIN_KEY} (default the local runtime's
 * {@code local-admin-key}).
 */
public final class AdminCli {
    private final AdminClient client;
    private final PrintStream out;
    private final boolean terminal;
    private final AdminCommandLine.Prompt prompt;

    AdminCli(AdminClient client, PrintStream out, boolean terminal, AdminCommandLine.Prompt prompt) {
        this.client = client;
        this.out = out;
        this.terminal = terminal;
        this.prompt = prompt;
    }

    /** The admin route did not do what the command asked (the shell script's {@code die}: exit 1). */
    static final class NotDone extends RuntimeException {
        private static final long serialVersionUID = 1L;

        NotDone(String message) {
            super(message);
        }
    }

    public static void main(String[] args) {
        LocalLogging.configure();
        String adminKey = RuntimeEnvironment.variable(Settings.ADMIN_KEY).orElse(LocalRuntime.DEFAULT_ADMIN_KEY);
        var console = System.console();
        var context = new AdminCommandLine.Context(url -> new AdminClient(url, adminKey), System.out,
                console != null, DefaultStack::fromEnvironment,
                question -> console == null ? Optional.empty() : Optional.ofNullable(console.readLine("%s", question)));
        System.exit(AdminCommandLine.create(context, System.err).execute(args));
    }

    /** Seeds in chunks, resuming a run of the same arguments that stopped: see {@link SeedRun}. */
    void seed(String run, int users, int tweetsPerUser, int followsPerUser, int chunkCap, boolean waitForStreams)
            throws Exception {
        if (users < 1) {
            throw new IllegalArgumentException("--users N (1 or more) is required");
        }
        new SeedRun(client, out, terminal).seed(run, users, tweetsPerUser, followsPerUser, chunkCap, waitForStreams);
    }

    /** Empties the stack; one that is not on this machine only with {@code --yes} or the person's yes. */
    void reset(boolean yes) throws Exception {
        if (!yes && !LocalUrl.isLocal(client.url())) {
            String question = "Empty every table and the cache of " + client.url() + "? Type yes to go on: ";
            String answer = prompt.ask(question).orElseThrow(() -> new IllegalArgumentException("reset: "
                    + client.url() + " is not a local stack and there is no terminal to ask: give --yes to reset it"));
            if (!"yes".equals(answer.strip())) {
                throw new NotDone("not reset: " + client.url() + " is as it was");
            }
        }
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

    void status(boolean json) throws Exception {
        JsonNode status = client.status();
        if (json) {
            out.println(Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(status));
        } else {
            StatusSummary.lines(client.url(), status).forEach(out::println);
        }
    }

    void stress(String star, int n, int fan) throws Exception {
        if (star == null) {
            throw new IllegalArgumentException("--star USERNAME is required");
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

    /**
     * Issues an import key, once (a resend could issue a second): the answer as it came on the first line (scripts read
     * the token from it), then what to do with it.
     */
    void createImportKey(long clientId, String name) throws InterruptedException {
        answered(() -> client.createImportKey(clientId, name), 201,
                "created: keep the token now; only its hash is stored");
    }

    /** Revokes an import key: the functions' revocation marks refuse it at once. */
    void revokeImportKey(String keyId) throws InterruptedException {
        answered(() -> client.revokeImportKey(keyId), 204,
                "revoked: import functions stop accepting it at once");
    }

    /** One call of the API client. */
    @FunctionalInterface
    private interface Call {
        ApiResponse send() throws IOException, InterruptedException;
    }

    private void answered(Call call, int expected, String done) throws InterruptedException {
        ApiResponse answer;
        try {
            answer = call.send();
        } catch (IOException noAnswer) {
            throw new NotDone("the admin route answered nothing (is the stack up at " + client.url() + "?)");
        }
        out.println(answer.body());
        if (answer.status() != expected) {
            throw new NotDone("the admin route answered " + answer.status() + " (is the stack up at " + client.url()
                    + "?)");
        }
        out.println(done);
    }
}
