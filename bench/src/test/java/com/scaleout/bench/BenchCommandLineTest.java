package com.scaleout.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code ./scaleout bench}'s arguments, parsed only (no benchmark runs): every command line that docs/commands.md and
 * BENCHMARKS.md document gives the values the hand-written parsing gave, and an omitted argument its old default.
 */
class BenchCommandLineTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    /** The benchmark the arguments name, its parameters set. */
    @SuppressWarnings("unchecked")
    private static <T> T parsed(String... args) {
        var parsed = BenchCommandLine.create().parseArgs(args);
        var benchmark = parsed.subcommand() == null ? parsed : parsed.subcommand();
        return (T) benchmark.commandSpec().userObject();
    }

    private int execute(String... args) {
        return BenchCommandLine.create().setOut(new PrintWriter(out)).setErr(new PrintWriter(err)).execute(args);
    }

    @Test
    void noBenchmarkIsTheSuiteAsIsSuiteByName() {
        assertThat((Object) parsed()).isInstanceOf(BenchCommandLine.class);
        assertThat((Object) parsed("suite")).isInstanceOf(BenchCommandLine.Suite.class);
    }

    @Test
    void theDocumentedCommandLinesGiveTheirValues() {
        BenchCommandLine.ColdStart coldStart = parsed("coldstart", "5", "300");
        assertThat(coldStart.rounds).isEqualTo(5);
        assertThat(coldStart.invocations).isEqualTo(300);
        assertThat(((BenchCommandLine.Cost) parsed("cost", "3")).calls).isEqualTo(3);
        assertThat(((BenchCommandLine.Backlog) parsed("backlog", "100000")).records).isEqualTo(100_000);
        assertThat(((BenchCommandLine.Moto) parsed("moto", "0,10000,100000")).sizes).containsExactly(0, 10_000,
                100_000);
        BenchCommandLine.Scale scale = parsed("scale", "2000", "10", "20");
        assertThat(scale.users).isEqualTo(2_000);
        assertThat(scale.tweetsPerUser).isEqualTo(10);
        assertThat(scale.followsPerUser).isEqualTo(20);
        assertThat(((BenchCommandLine.Overload) parsed("overload", "45")).seconds).isEqualTo(45);
        assertThat(((BenchCommandLine.Albums) parsed("albums", "7")).pairs).isEqualTo(7);
        assertThat(((BenchCommandLine.Login) parsed("login", "12")).pairs).isEqualTo(12);
        assertThat(((BenchCommandLine.Fanout) parsed("fanout", "1000")).followers).isEqualTo(1_000);
        assertThat(((BenchCommandLine.Timeline) parsed("timeline", "8")).seconds).isEqualTo(8);
        BenchCommandLine.Search search = parsed("search", "1000", "20");
        assertThat(search.tweets).isEqualTo(1_000);
        assertThat(search.queries).isEqualTo(20);
        assertThat(((BenchCommandLine.Search) parsed("search", "5000")).queries).isEqualTo(200);
        BenchCommandLine.Import importApi = parsed("import", "61", "21", "6");
        assertThat(importApi.bodies).isEqualTo(61);
        assertThat(importApi.seconds).isEqualTo(21);
        assertThat(importApi.rounds).isEqualTo(6);
        assertThat(((BenchCommandLine.Stack) parsed("stack", "12")).seconds).isEqualTo(12);
    }

    @Test
    void anOmittedArgumentTakesTheDefaultItHadBefore() {
        BenchCommandLine.ColdStart coldStart = parsed("coldstart");
        assertThat(coldStart.rounds).isEqualTo(5);
        assertThat(coldStart.invocations).isEqualTo(300);
        assertThat(((BenchCommandLine.ColdStart) parsed("coldstart", "2")).invocations).isEqualTo(300);
        assertThat(((BenchCommandLine.Cost) parsed("cost")).calls).isEqualTo(3);
        assertThat(((BenchCommandLine.Backlog) parsed("backlog")).records).isEqualTo(100_000);
        assertThat(((BenchCommandLine.Moto) parsed("moto")).sizes).containsExactly(0, 10_000, 100_000);
        BenchCommandLine.Scale scale = parsed("scale");
        assertThat(scale.users).isEqualTo(10_000);
        assertThat(scale.tweetsPerUser).isEqualTo(10);
        assertThat(scale.followsPerUser).isEqualTo(20);
        assertThat(((BenchCommandLine.Overload) parsed("overload")).seconds).isEqualTo(60);
        assertThat(((BenchCommandLine.Albums) parsed("albums")).pairs).isEqualTo(100);
        assertThat(((BenchCommandLine.Login) parsed("login")).pairs).isEqualTo(200);
        assertThat(((BenchCommandLine.Fanout) parsed("fanout")).followers).isEqualTo(100_000);
        assertThat(((BenchCommandLine.Timeline) parsed("timeline")).seconds).isEqualTo(15);
        BenchCommandLine.Search search = parsed("search");
        assertThat(search.tweets).isEqualTo(100_000);
        assertThat(search.queries).isEqualTo(200);
        BenchCommandLine.Import importApi = parsed("import");
        assertThat(importApi.bodies).isEqualTo(60);
        assertThat(importApi.seconds).isEqualTo(20);
        assertThat(importApi.rounds).isEqualTo(5);
        assertThat(((BenchCommandLine.Stack) parsed("stack")).seconds).isEqualTo(30);
    }

    @Test
    void liveTakesConnectionsThenTweetsAndDefaultsToAThousandConnectionsAndTwelveTweets() {
        BenchCommandLine.Live live = parsed("live", "50", "5");
        assertThat(live.connections).isEqualTo(50);
        assertThat(live.tweets).isEqualTo(5);
        BenchCommandLine.Live defaults = parsed("live");
        assertThat(defaults.connections).isEqualTo(1_000);
        assertThat(defaults.tweets).isEqualTo(12);
        assertThat(execute("live", "--help")).isZero();
        assertThat(out.toString()).contains("[<connections>] [<tweets>]").contains("default 1000");
    }

    @Test
    void motoSizesMayHaveSpacesAroundTheirCommasAsBefore() {
        assertThat(((BenchCommandLine.Moto) parsed("moto", "0, 500 ,2000")).sizes).containsExactly(0, 500, 2_000);
    }

    @Test
    void aBadNumberIsAUsageErrorThatRunsNothing() {
        assertThat(execute("cost", "three")).isEqualTo(CommandLine.ExitCode.USAGE);
        assertThat(err.toString()).contains("'three' is not an int").contains("Usage: ./scaleout bench cost");
        assertThat(execute("moto", "0,ten")).isEqualTo(CommandLine.ExitCode.USAGE);
        assertThat(err.toString()).contains("'0,ten'").contains("Usage: ./scaleout bench moto");
    }

    @Test
    void anUnknownBenchmarkOrAnExtraArgumentIsAUsageError() {
        assertThat(execute("fanin")).isEqualTo(CommandLine.ExitCode.USAGE);
        assertThat(err.toString()).contains("Unmatched argument").contains("fanin");
        assertThat(execute("overload", "60", "90")).isEqualTo(CommandLine.ExitCode.USAGE);
        assertThat(err.toString()).contains("Unmatched argument").contains("90");
    }

    @Test
    void helpPrintsTheBenchmarksAndEachOnesArguments() {
        assertThat(execute("--help")).isZero();
        assertThat(out.toString()).contains("Usage: ./scaleout bench").contains("coldstart").contains("backlog")
                .contains("albums").contains("suite");
        assertThat(execute("coldstart", "--help")).isZero();
        assertThat(out.toString()).contains("[<rounds>] [<invocations>]").contains("default 300");
    }
}
