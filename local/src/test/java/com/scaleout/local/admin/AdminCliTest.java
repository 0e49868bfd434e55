package com.scaleout.local.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AdminCliTest {
    private final ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    /** Every request the admin routes got: method, path, admin key and body. */
    private final List<String> requests = new CopyOnWriteArrayList<>();
    private final AdminRoutes stack = new AdminRoutes(requests);
    /** The stack ./scaleout up says it runs. */
    private String stackUpRuns = "http://127.0.0.1:3000";

    AdminCliTest() throws IOException {
    }

    @AfterEach
    void stop() {
        stack.close();
    }

    @Test
    void chunksFillTheRoutesItemLimitAndNoMore() {
        // 2 + 10 + 10 = 22 items per account: 90 accounts per request
        assertThat(SeedChunks.accountsPerRequest(10, 10, 1_000)).isEqualTo(90);
        assertThat(SeedChunks.split(200, 10, 10, 1_000)).containsExactly(90, 90, 20);
        assertThat(SeedChunks.split(7, 0, 0, 1_000)).containsExactly(7);
        assertThat(SeedChunks.split(2_500, 0, 0, 1_000)).containsExactly(1_000, 1_000, 500);
        assertThat(SeedChunks.split(10, 0, 0, 4)).containsExactly(4, 4, 2);
        assertThat(SeedChunks.accountsPerRequest(200, 1_000, 1_000)).isEqualTo(1);
    }

    @Test
    void theProgressBarShowsShareDetailAndTimeLeft() {
        assertThat(Progress.line(300, 1_000, "300/1,000 accounts", Duration.ofSeconds(12)))
                .isEqualTo("[#########.....................]  30%  300/1,000 accounts  12 s, about 28 s left");
        assertThat(Progress.line(1_000, 1_000, "done", Duration.ofSeconds(40)))
                .isEqualTo("[##############################] 100%  done  40 s");
        assertThat(Progress.line(0, 1_000, "starting", Duration.ZERO)).startsWith("[......").contains("  0%");
    }

    @Test
    void optionsComeInPairs() {
        var seed = commandLine().parseArgs("seed", "--users", "10", "--url", "http://x").subcommand();
        assertThat(seed.matchedOptionValue("--users", -1)).isEqualTo(10);
        assertThat(seed.matchedOptionValue("--url", "")).isEqualTo("http://x");

        assertThat(run("seed", "--users")).isEqualTo(2);
        assertThat(err()).contains("Missing required parameter for option '--users'").contains("Usage: ./scaleout seed");
        assertThat(run("seed", "10")).isEqualTo(2);
        assertThat(err()).contains("Unmatched argument at index 1: '10'");
        assertThat(requests).isEmpty();
    }

    @Test
    void aCommandIsRequiredAndEachHasItsHelp() {
        assertThat(run()).isEqualTo(2);
        assertThat(err()).contains("a command is required").contains("seed").contains("import-key");
        assertThat(run("teleport")).isEqualTo(2);

        assertThat(run("seed", "--help")).isEqualTo(0);
        assertThat(out()).contains("--tweets-per-user=T").contains("--follows-per-user=F").contains("--run=NAME")
                .contains("--wait=yes|no").contains("--url=URL");
        assertThat(run("import-key", "create", "--help")).isEqualTo(0);
        assertThat(out()).contains("--client=ID").contains("--name=NAME");
    }

    @Test
    void everyCommandTalksToTheStackUpRunsUnlessAUrlIsGiven() {
        stackUpRuns = "http://127.0.0.1:4123";

        for (var command : List.of(List.of("seed"), List.of("reset"), List.of("status"), List.of("stress"),
                List.of("import-key", "create", "--client", "1"), List.of("import-key", "revoke", "k1"))) {
            var parsed = commandLine().parseArgs(command.toArray(String[]::new));
            while (parsed.subcommand() != null) {
                parsed = parsed.subcommand();
            }
            assertThat((String) parsed.commandSpec().findOption("--url").getValue()).as(command.toString())
                    .isEqualTo("http://127.0.0.1:4123");
        }
        assertThat(run("import-key", "create", "--help")).isZero();
        assertThat(out()).contains("--url=URL").contains(".scaleout/api-url").contains("now http://127.0.0.1:4123");
        assertThat(commandLine().parseArgs("status", "--url", "http://x").subcommand()
                .matchedOptionValue("--url", "")).isEqualTo("http://x");
    }

    @Test
    void theDefaultStackIsTheOneUpWroteElseThePortElse3000(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws IOException {
        var written = new com.scaleout.local.StackUrlFile(dir);
        assertThat(DefaultStack.url(written.read(), "3000")).isEqualTo("http://127.0.0.1:3000");
        assertThat(DefaultStack.url(written.read(), "4000")).isEqualTo("http://127.0.0.1:4000");

        java.nio.file.Files.writeString(dir.resolve("api-url"), "http://127.0.0.1:41234\n");

        assertThat(DefaultStack.url(written.read(), "4000")).isEqualTo("http://127.0.0.1:41234");
    }

    @Test
    void unknownOptionsAreNamedWithTheCommandsUsageAndNoCommandOffersAVersion() {
        assertThat(run("seed", "--bogus")).isEqualTo(2);
        assertThat(err()).contains("Unknown option: '--bogus'").contains("Usage: ./scaleout seed")
                .contains("--users=N").doesNotContain("Exception");
        for (String[] help : List.of(new String[] {"--help"}, new String[] {"seed", "-h"}, new String[] {"reset", "--help"},
                new String[] {"status", "--help"}, new String[] {"stress", "--help"}, new String[] {"import-key", "--help"},
                new String[] {"import-key", "revoke", "--help"})) {
            assertThat(run(help)).as(String.join(" ", help)).isZero();
            assertThat(out()).as(String.join(" ", help)).startsWith("Usage: ./scaleout").contains("-h, --help")
                    .doesNotContain("--version");
        }
        assertThat(run("--version")).isEqualTo(2);
        assertThat(err()).contains("Unknown option: '--version'");
    }

    @Test
    void statusPrintsASummaryAndTheDocumentWithJson() {
        String document = """
                {"users": 1204, "tweets": 12040, "follows": 24080, "albums": 3, "importRecords": 0,
                 "tables": {"Users": 1204, "Tweets": 12040}, "countsNote": "exact locally",
                 "cacheReachable": true,
                 "cache": {"keys": 1500, "usedMemoryBytes": 3145728, "hits": 931, "misses": 69, "hitRate": 0.931},
                 "streams": {"SocialFanout": {"lagMs": 1500, "at": "2026-12-01T10:00:00Z"},
                             "ImportChangeLog": {"lagMs": null, "at": null}},
                 "at": "2026-12-01T10:00:30Z"}""";
        stack.answer(200, document);

        assertThat(run("status", "--url", stack.url())).isZero();

        assertThat(out().lines().toList()).containsExactly(
                "status of " + stack.url() + " at 2026-12-01T10:00:30Z",
                "  social    1,204 users, 12,040 tweets, 24,080 follows",
                "  albums    3",
                "  import    0 records",
                "  tables    Users 1,204, Tweets 12,040",
                "            (exact locally)",
                "  cache     93.1 % hit rate (931 hits, 69 misses), 1,500 keys, 3.0 MiB",
                "  streams   SocialFanout 1.5 s behind, ImportChangeLog no batch lately");

        stack.answer(200, document);
        assertThat(run("status", "--json", "--url", stack.url())).isZero();
        assertThat(out()).contains("\"hitRate\" : 0.931").contains("\"countsNote\" : \"exact locally\"");
    }

    @Test
    void statusSaysWhatItDoesNotKnow() {
        stack.answer(200, """
                {"users": 0, "tweets": 0, "follows": 0, "albums": 0, "importRecords": 0, "tables": {},
                 "countsNote": "n", "cacheReachable": false, "cache": null, "streams": {}, "at": "2026-12-01T10:00:30Z"}""");

        assertThat(run("status", "--url", stack.url())).isZero();

        assertThat(out()).contains("  cache     unreachable").contains("  tables    none")
                .contains("  streams   lag unknown (the metrics did not answer)");
    }

    @Test
    void aLocalStackIsResetWithoutAQuestion() {
        stack.answer(200, "{\"deleted\": {\"Users\": 2}, \"complete\": true}");

        assertThat(run("reset", "--url", stack.url())).isZero();

        assertThat(out()).contains("cache flushed");
        assertThat(requests).containsExactly("POST /admin/reset key=it-key ");
        assertThat(LocalUrl.isLocal("http://localhost:3000")).isTrue();
        assertThat(LocalUrl.isLocal("http://[::1]:3000/")).isTrue();
        assertThat(LocalUrl.isLocal("https://abc.execute-api.eu-west-1.amazonaws.com")).isFalse();
        assertThat(LocalUrl.isLocal("http://127.0.0.1.example.com")).isFalse();
    }

    @Test
    void aStackElsewhereIsResetOnlyWithYesOrThePersonsYes() throws Exception {
        var remote = new FakeStack();
        var out = new PrintStream(outBytes, true, StandardCharsets.UTF_8);
        var questions = new java.util.ArrayList<String>();

        assertThatThrownBy(() -> new AdminCli(remote.client(), out, false, question -> Optional.empty()).reset(false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("http://stack.test is not a local stack").hasMessageContaining("--yes");
        assertThatThrownBy(() -> new AdminCli(remote.client(), out, true, question -> {
            questions.add(question);
            return Optional.of("y");
        }).reset(false)).isInstanceOf(AdminCli.NotDone.class).hasMessageContaining("not reset");
        assertThat(remote.routes).isEmpty();
        assertThat(questions).containsExactly("Empty every table and the cache of http://stack.test? Type yes to go on: ");

        new AdminCli(remote.client(), out, true, question -> Optional.of("yes")).reset(false);
        new AdminCli(remote.client(), out, false, question -> {
            throw new AssertionError("asked with --yes");
        }).reset(true);

        assertThat(remote.routes).containsExactly("POST /admin/reset", "POST /admin/reset");
    }

    @Test
    void resetWithoutATerminalAgainstAStackElsewhereIsAUsageError() {
        assertThat(run("reset", "--url", "https://abc.execute-api.eu-west-1.amazonaws.com")).isEqualTo(2);

        assertThat(err()).contains("is not a local stack and there is no terminal to ask: give --yes")
                .contains("Usage: ./scaleout reset").contains("--yes");
        assertThat(requests).isEmpty();
    }

    @Test
    void wholeNumbersMayGroupThousandsAndAnythingElseIsAUsageError() {
        assertThat(commandLine().parseArgs("seed", "--users", "10,000").subcommand()
                .matchedOptionValue("--users", -1)).isEqualTo(10_000);
        assertThat(commandLine().parseArgs("stress", "--star", "ada", "--fan", "1_000").subcommand()
                .matchedOptionValue("--fan", -1)).isEqualTo(1_000);

        assertThat(run("seed", "--users", "ten")).isEqualTo(2);
        assertThat(err()).contains("must be a whole number, was ten");
    }

    @Test
    void aSeedWithoutUsersAndAStressWithoutAStarAreUsageErrors() {
        assertThat(run("seed", "--url", stack.url())).isEqualTo(2);
        assertThat(err()).contains("--users N (1 or more) is required").contains("Usage: ./scaleout seed");
        assertThat(run("stress", "--url", stack.url())).isEqualTo(2);
        assertThat(err()).contains("--star USERNAME is required");
        assertThat(requests).isEmpty();
    }

    @Test
    void importKeyCreateIssuesAKeyAndPrintsTheAnswerFirst() {
        stack.answer(201, "{\"keyId\":\"k1\",\"token\":\"k1.secret\",\"clientId\":42}");

        assertThat(run("import-key", "create", "--client", "42", "--url", stack.url())).isEqualTo(0);

        assertThat(out().lines().toList()).containsExactly("{\"keyId\":\"k1\",\"token\":\"k1.secret\",\"clientId\":42}",
                "created: keep the token now; only its hash is stored");
        assertThat(requests).containsExactly("POST /admin/import-keys key=it-key {\"clientId\":42,\"name\":\"key for client 42\"}");
    }

    @Test
    void importKeyCreateTakesAName() {
        stack.answer(201, "{\"keyId\":\"k2\",\"token\":\"k2.secret\",\"clientId\":7}");

        assertThat(run("import-key", "create", "--client", "7", "--name", "smoke", "--url", stack.url())).isEqualTo(0);

        assertThat(requests).containsExactly("POST /admin/import-keys key=it-key {\"clientId\":7,\"name\":\"smoke\"}");
    }

    @Test
    void importKeyRevokeSaysTheKeyStopsWorkingAtOnce() {
        stack.answer(204, "");

        assertThat(run("import-key", "revoke", "k1", "--url", stack.url())).isEqualTo(0);

        assertThat(out().lines().toList()).containsExactly("", "revoked: import functions stop accepting it at once");
        assertThat(requests).containsExactly("DELETE /admin/import-keys/k1 key=it-key ");
    }

    /** Key ids issued before they were made to begin with a letter or digit may begin with '-': not an option. */
    @ParameterizedTest
    @ValueSource(strings = {"-bcdefghijklmnop", "--urlefghijklmno", "-_bcdefghijklmno"})
    void importKeyRevokeTakesAKeyIdThatBeginsWithADash(String keyId) {
        stack.answer(204, "");

        assertThat(run("import-key", "revoke", keyId, "--url", stack.url())).as(this::err).isEqualTo(0);

        assertThat(requests).containsExactly("DELETE /admin/import-keys/" + keyId + " key=it-key ");
    }

    /** After {@code --}, even a key id that begins with an option's name ("-h") is the key id. */
    @Test
    void importKeyRevokeTakesAnyKeyIdAfterTheEndOfOptions() {
        stack.answer(204, "");

        assertThat(run("import-key", "revoke", "--url", stack.url(), "--", "-hAbcdefghijklmn")).as(this::err)
                .isEqualTo(0);

        assertThat(requests).containsExactly("DELETE /admin/import-keys/-hAbcdefghijklmn key=it-key ");
    }

    @Test
    void anImportKeyTheRouteDidNotIssueExits1AndIsNotAskedForAgain() {
        stack.answer(503, "{\"message\":\"Service Unavailable\"}");

        assertThat(run("import-key", "create", "--client", "42", "--url", stack.url())).isEqualTo(1);

        assertThat(out()).contains("Service Unavailable");
        assertThat(err()).contains("scaleout: the admin route answered 503 (is the stack up at " + stack.url() + "?)");
        assertThat(requests).hasSize(1);
    }

    @Test
    void aStackThatDoesNotAnswerExits1() throws Exception {
        int closed;
        try (var socket = new java.net.ServerSocket(0)) {
            closed = socket.getLocalPort();
        }

        assertThat(run("import-key", "revoke", "k1", "--url", "http://127.0.0.1:" + closed)).isEqualTo(1);

        assertThat(err()).contains("the admin route answered nothing (is the stack up at http://127.0.0.1:" + closed);
    }

    @Test
    void aCommandOnAStackThatIsNotUpSaysSoAtOnceAndExits1() throws Exception {
        int closed;
        try (var socket = new java.net.ServerSocket(0)) {
            closed = socket.getLocalPort();
        }
        long started = System.nanoTime();

        assertThat(run("status", "--url", "http://127.0.0.1:" + closed)).isEqualTo(1);

        assertThat(err()).contains("scaleout: nothing answers at http://127.0.0.1:" + closed
                + ": is ./scaleout up running?").doesNotContain("Exception");
        // no backoff: it used to try 8 times over 35 s
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(30));
    }

    @Test
    void importKeyUsageErrorsExit2() {
        assertThat(run("import-key")).isEqualTo(2);
        assertThat(err()).contains("create or revoke is required");
        assertThat(run("import-key", "create", "--url", stack.url())).isEqualTo(2);
        assertThat(err()).contains("Missing required option: '--client=ID'");
        assertThat(run("import-key", "create", "--client", "0", "--url", stack.url())).isEqualTo(2);
        assertThat(err()).contains("--client takes a client id of 1 or more, was 0");
        assertThat(run("import-key", "revoke", "--url", stack.url())).isEqualTo(2);
        assertThat(err()).contains("Missing required parameter: 'KEY_ID'");
        assertThat(requests).isEmpty();
    }

    private picocli.CommandLine commandLine() {
        var context = new AdminCommandLine.Context(url -> new AdminClient(url, "it-key"),
                new PrintStream(outBytes, true, StandardCharsets.UTF_8), false, () -> stackUpRuns,
                question -> Optional.empty());
        return AdminCommandLine.create(context, new PrintStream(errBytes, true, StandardCharsets.UTF_8));
    }

    private int run(String... args) {
        outBytes.reset();
        errBytes.reset();
        return commandLine().execute(args);
    }

    private String out() {
        return outBytes.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return errBytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void theStreamsHaveCaughtUpWhenEachConsumerReportedSinceTheWriteAndIsCloseBehind() throws Exception {
        var since = java.time.Instant.parse("2026-11-30T10:00:00Z");
        var consumers = StreamCatchUp.consumersOf(3, 5);
        var status = com.scaleout.functions.shared.json.Json.MAPPER.readTree("""
                {"streams": {
                  "TweetIndexer": {"lagMs": 800, "at": "2026-11-30T10:00:04Z"},
                  "SearchIndexer": {"lagMs": 12000, "at": "2026-11-30T10:00:04Z"},
                  "SocialFanout": {"lagMs": 100, "at": "2026-11-30T09:59:00Z"}}}""");

        assertThat(consumers).containsExactly("TweetIndexer", "SearchIndexer", "SocialFanout");
        var now = java.time.Instant.parse("2026-11-30T10:00:06Z");
        assertThat(StreamCatchUp.behind(status, consumers, since, now, StreamCatchUp.IDLE))
                .containsExactly("SearchIndexer 12 s behind", "SocialFanout not started");
        assertThat(StreamCatchUp.behind(status, java.util.Set.of("TweetIndexer"), since, now,
                StreamCatchUp.IDLE)).isEmpty();
        assertThat(StreamCatchUp.behind(status, java.util.Set.of("ImportChangeLog"), since, now, StreamCatchUp.IDLE))
                .containsExactly("ImportChangeLog not started");
        // a consumer that has reported nothing for a while has nothing left to do, whatever its last lag
        assertThat(StreamCatchUp.behind(status, java.util.Set.of("SearchIndexer"), since, now.plusSeconds(20),
                StreamCatchUp.IDLE))
                .isEmpty();
        // one that has reported nothing since the write for as long has nothing to do: it finished before the
        // write was answered (a seed's chunk stalled three minutes on this before)
        assertThat(StreamCatchUp.behind(status, java.util.Set.of("SocialFanout"), since, now.plusSeconds(20),
                StreamCatchUp.IDLE))
                .isEmpty();
        // between chunks, a shorter window: such a consumer is taken for done sooner
        assertThat(StreamCatchUp.behind(status, java.util.Set.of("SocialFanout"), since, now.plusSeconds(6),
                StreamCatchUp.IDLE)).containsExactly("SocialFanout not started");
        assertThat(StreamCatchUp.behind(status, java.util.Set.of("SocialFanout"), since, now.plusSeconds(6),
                StreamCatchUp.PACING_IDLE)).isEmpty();
        assertThat(StreamCatchUp.consumersOf(0, 4)).containsExactly("SocialFanout");
        assertThat(StreamCatchUp.consumersOf(0, 0)).isEmpty();
    }
}
