package com.scaleout.bench.soak;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The soak's arguments as ./scaleout soak passes them: its options, then -- and the load command whole. */
class SoakArgumentsTest {
    @Test
    void theLoadCommandAfterTheDoubleDashIsKeptWholeWithItsOwnOptions() {
        var commandLine = Soak.commandLine();
        commandLine.parseArgs("--url", "http://127.0.0.1:3001", "--redis", "redis://127.0.0.1:6400", "--minutes",
                "0.5", "--dir", "/tmp/soak", "--benchmarks", "no", "--", "mvn", "-B", "-pl", "loadtest", "gatling:test",
                "-Dseconds=30");
        Soak.Arguments arguments = commandLine.getCommand();

        assertThat(arguments.url).isEqualTo("http://127.0.0.1:3001");
        assertThat(arguments.redis).isEqualTo("redis://127.0.0.1:6400");
        assertThat(arguments.minutes).isEqualTo(0.5);
        assertThat(arguments.dir).isEqualTo(Path.of("/tmp/soak"));
        assertThat(arguments.benchmarks).isEqualTo("no");
        assertThat(arguments.load).containsExactly("mvn", "-B", "-pl", "loadtest", "gatling:test", "-Dseconds=30");
        assertThat(arguments.windowSeconds).isEqualTo(30);
        assertThat(arguments.command).isEqualTo("./scaleout soak");
    }

    @Test
    void aMissingOptionIsAUsageErrorAndHelpIsGenerated() {
        var err = new StringWriter();
        var out = new StringWriter();
        var commandLine = Soak.commandLine().setErr(new PrintWriter(err)).setOut(new PrintWriter(out));

        assertThat(commandLine.execute("--url", "http://x", "--", "true")).isEqualTo(2);
        assertThat(err.toString()).contains("Missing required options").contains("--redis=URL");
        assertThat(Soak.commandLine().setOut(new PrintWriter(out)).execute("--help")).isZero();
        assertThat(out.toString()).contains("--window=SECONDS").contains("LOAD COMMAND");
    }
}
