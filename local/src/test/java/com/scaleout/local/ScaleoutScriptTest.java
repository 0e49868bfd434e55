package com.scaleout.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code ./scaleout} as a person first meets it: every command's {@code --help} prints its usage and exits 0, a
 * wrong command, option or argument says what is known and exits 2, and nothing prints a stack trace. The script's own
 * commands answer before any set-up; the admin commands run on this test's classpath ({@code SCALEOUT_CLASSPATH}), so
 * nothing is built and no stack is needed. ({@code bench --help} is picocli's, covered by BenchCommandLineTest.)
 */
class ScaleoutScriptTest {
    private static final Path SCRIPT = Path.of("..", "scaleout").toAbsolutePath().normalize();
    /** A JVM's start on a busy machine: generous. */
    private static final long BUDGET_SECONDS = 120;

    record Run(int exitCode, String out, String err) {
        String all() {
            return out + err;
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"up", "test", "build", "synth", "deploy", "destroy", "load", "soak", "fuzz", "seed", "reset",
        "status", "stress", "import-key", "warehouse"})
    void everyCommandsHelpPrintsItsUsage(String command) throws Exception {
        var run = scaleout(command, "--help");

        assertThat(run.exitCode()).as(run.all()).isZero();
        assertThat(run.out()).as(run.all()).contains("./scaleout " + command.replace("destroy", "deploy"));
        assertNoStackTrace(run);
    }

    @ParameterizedTest
    @ValueSource(strings = {"up --bogus", "test extra", "test --unit extra", "test --scenarios extra",
        "test --module nosuch", "load social --bogus", "load nosuch", "load live nosuch=1", "soak --bogus",
        "fuzz --bogus", "seed --bogus", "status --bogus", "warehouse tables --client 1 --bogus"})
    void anUnknownOptionSaysWhatIsKnownAndExits2(String commandLine) throws Exception {
        var run = scaleout(commandLine.split(" "));

        assertThat(run.exitCode()).as(run.all()).isEqualTo(2);
        assertThat(run.err()).as(run.all()).containsAnyOf("--bogus", "extra", "nosuch")
                .containsAnyOf("known", "Usage:", "takes none");
        assertThat(run.err()).as(run.all()).contains("./scaleout " + commandLine.split(" ")[0]);
        assertNoStackTrace(run);
    }

    @ParameterizedTest
    @ValueSource(strings = {"nosuch", "--bogus"})
    void anUnknownCommandListsTheCommandsAndExits2(String command) throws Exception {
        var run = scaleout(command);

        assertThat(run.exitCode()).as(run.all()).isEqualTo(2);
        assertThat(run.err()).contains("unknown command: " + command).contains("./scaleout seed")
                .contains("./scaleout up");
        assertNoStackTrace(run);
    }

    @org.junit.jupiter.api.Test
    void aLoadRunShowsGatlingsSummaryWithoutMavensAndLogbacksLines() throws Exception {
        // the script's filter alone, on the output of a real run (one client against a closed port)
        String filter = ScaleoutScript.function("gatling_console");
        var builder = new ProcessBuilder("bash", "-c", filter + "gatling_console")
                .redirectInput(Path.of("src/test/resources/scaleout/gatling-output.txt").toFile());
        Path out = Files.createTempFile("gatling-console", ".txt");
        try {
            var process = builder.redirectOutput(out.toFile()).redirectErrorStream(true).start();
            assertThat(process.waitFor(BUDGET_SECONDS, TimeUnit.SECONDS)).isTrue();
            String console = Files.readString(out, StandardCharsets.UTF_8);

            assertThat(console).contains("Simulation com.scaleout.loadtest.SocialSimulation started...")
                    .contains("---- Global Information").contains("> request count")
                    .contains("> response time 99th percentile (ms)")
                    .contains("Global: count of failed events is 0.0 : false (actual : 2.0)")
                    .doesNotContain("[INFO]").doesNotContain("[ERROR]").doesNotContain("ch.qos.logback")
                    .doesNotContain("sun.misc.Unsafe").doesNotContain("Reports generated")
                    .doesNotContain("\u001b[");
            assertThat(console.lines().count()).isLessThan(50);
        } finally {
            Files.deleteIfExists(out);
        }
    }

    private static void assertNoStackTrace(Run run) {
        assertThat(run.all()).as(run.all()).doesNotContain("Exception").doesNotContain("\tat ")
                .doesNotContain("ERROR");
    }

    private static Run scaleout(String... args) throws IOException, InterruptedException {
        var command = new ArrayList<>(List.of("bash", SCRIPT.toString()));
        command.addAll(List.of(args));
        var builder = new ProcessBuilder(command);
        builder.environment().put("SCALEOUT_CLASSPATH", System.getProperty("java.class.path"));
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Path out = Files.createTempFile("scaleout-out", ".txt");
        Path err = Files.createTempFile("scaleout-err", ".txt");
        try {
            var process = builder.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!process.waitFor(BUDGET_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("./scaleout " + String.join(" ", args) + " ran over " + BUDGET_SECONDS + " s");
            }
            return new Run(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
