package com.scaleout.bench.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.declaration.ScaleoutDeclaration;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class CapacityCommandLineTest {
    /** A template with what the model reads of it: the HTTP stage's default route throttle and the cache's maximum. */
    private static final String TEMPLATE = """
            {"Resources": {
              "Stage": {"Type": "AWS::ApiGatewayV2::Stage", "Properties": {"DefaultRouteSettings":
                  {"ThrottlingRateLimit": 2000, "ThrottlingBurstLimit": 4000}}},
              "Cache": {"Type": "AWS::ElastiCache::ServerlessCache", "Properties": {"CacheUsageLimits":
                  {"ECPUPerSecond": {"Maximum": 100000}}}}}}
            """;

    @TempDir
    Path directory;

    private record Run(int exit, String out, String err) {
    }

    private Run run(String... args) throws Exception {
        Path profile = directory.resolve("route-costs.json");
        new CostProfile("2026-12-06", "./scaleout bench cost 3", List.of(new RouteDemand("POST /albums", "Albums",
                1024, 60, List.of(new PartitionUnits("Albums", null, "{id}", 0, 1, false)), 0, 0,
                Map.of("PutObject", 1), Map.of(), 8e-6, 0), new RouteDemand("GET /albums/{albumID}", "Albums", 1024,
                20, List.of(new PartitionUnits("Albums", null, "{id}", 0.5, 0, false)), 0, 0, Map.of(), Map.of(),
                1.5e-6, 0))).write(profile);
        Path template = Files.writeString(directory.resolve("template.json"), TEMPLATE);
        var err = new StringWriter();
        var out = new ByteArrayOutputStream();
        var stdout = System.out;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            var all = new java.util.ArrayList<>(List.of(args));
            all.addAll(List.of("--profile", profile.toString(), "--template", template.toString()));
            int exit = new CommandLine(new CapacityCommandLine()).setErr(new PrintWriter(err))
                    .execute(all.toArray(String[]::new));
            return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString());
        } finally {
            System.setOut(stdout);
        }
    }

    @Test
    void aMixAtSomeRatesPrintsItsCeilingsInOrderAndTheFirstToBreak() throws Exception {
        var run = run("--mix", "albums", "--rps", "100,1000");

        assertThat(run.exit()).isZero();
        // POST /albums has a declared throttle of 200/s: half the requests reach it at 400/s
        double albums = ScaleoutDeclaration.declaration().routeThrottles().stream()
                .filter(t -> t.routeKey().equals("POST /albums")).findFirst().orElseThrow().ratePerSecond();
        assertThat(run.out()).contains("### `albums`")
                .contains("First to break: **API Gateway: the route throttle of `POST /albums`**, at **"
                        + String.format(java.util.Locale.ROOT, "%,.0f", 2 * albums) + " requests/s**")
                .contains("| at 100/s | at 1,000/s |");
    }

    @Test
    void anUnknownMixOrABadRateIsAUsageErrorThatNamesWhatIsAccepted() throws Exception {
        var mix = run("--mix", "twitter");
        assertThat(mix.exit()).isEqualTo(2);
        assertThat(mix.err()).contains("no mix 'twitter': one of social, albums");

        var rate = run("--rps", "0");
        assertThat(rate.exit()).isEqualTo(2);
        assertThat(rate.err()).contains("--rps takes rates above 0");
    }

    @Test
    void helpDescribesTheOptions() throws Exception {
        var help = new StringWriter();
        int exit = new CommandLine(new CapacityCommandLine()).setOut(new PrintWriter(help)).execute("--help");
        assertThat(exit).isZero();
        assertThat(help.toString()).contains("--mix", "--rps", "--docs");
    }
}
