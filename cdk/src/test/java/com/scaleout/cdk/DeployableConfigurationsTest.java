package com.scaleout.cdk;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awscdk.App;
import software.amazon.awscdk.AppProps;
import software.amazon.awscdk.Stack;
import software.amazon.awscdk.assertions.Match;
import software.amazon.awscdk.assertions.Matcher;
import software.amazon.awscdk.cxapi.CloudAssembly;
import software.amazon.awscdk.cxapi.SynthesisMessageLevel;

/**
 * Every configuration the documentation names synthesizes, each stack within CloudFormation's limits with 20 %
 * headroom, with no unsuppressed cdk-nag finding: every pair of the options' values (stage, capacity, provisioned
 * concurrency, admin routes, a Redis of your own, the web site, LocalStack, architecture) and every command the
 * README, docs/commands.md, docs/deploy.md and localstack/README.md show, read from their code blocks. Each configuration's cloud
 * assembly is kept in {@code target/configurations/<name>/}, where {@code ./scaleout test} runs cfn-lint over it,
 * and each stack's counts are printed, so that the headroom is in CI's log.
 */
class DeployableConfigurationsTest {
    /** CloudFormation's quotas per template (500 resources, 200 outputs, parameters and mappings), less 20 %. */
    static final int MAX_RESOURCES = 400;
    static final int MAX_OUTPUTS = 160;
    static final int MAX_PARAMETERS = 160;
    static final int MAX_MAPPINGS = 160;
    /** A template deployed from S3 (as cdk deploy does) may be 1 MB; 20 % less. */
    static final int MAX_TEMPLATE_BYTES = 800_000;

    static final Path OUT = Path.of("target", "configurations");
    private static final Matcher NAG_FINDING = Match.stringLikeRegexp("AwsSolutions-.*");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<Path> DOCUMENTS = List.of(Path.of("../README.md"), Path.of("../docs/commands.md"),
            Path.of("../docs/deploy.md"), Path.of("../localstack/README.md"));

    @TempDir
    static Path tmp;
    private static Map<String, Object> artifacts;

    @BeforeAll
    static void artifacts() throws IOException {
        // only this run's configurations: ./scaleout test lints every one found here
        deleteRecursively(OUT);
        var config = TestStacks.config("dev", tmp);
        artifacts = Map.of("functionsJar", config.functionsJarPath(), "adminJar", config.adminJarPath(),
                "warehouseJar", config.warehouseJarPath());
    }

    /** A configuration: its name and the {@code -c key=value} context it is synthesized with. */
    record Configuration(String name, Map<String, String> context) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Configuration> configurations() {
        var all = new LinkedHashMap<Map<String, String>, Configuration>();
        Stream.concat(PairwiseOptions.configurations(tmp).stream(), documented().stream())
                .forEach(c -> all.putIfAbsent(c.context(), c));
        return all.values().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("configurations")
    void synthesizesWithinCloudFormationsLimits(Configuration configuration) throws IOException {
        Path out = OUT.resolve(configuration.name().replaceAll("[^A-Za-z0-9=._-]+", "_"));
        deleteRecursively(out);
        var context = new LinkedHashMap<String, Object>(CdkJson.context(Path.of(CdkJson.FILE)));
        context.putAll(artifacts);
        context.putAll(configuration.context());
        App app = new App(AppProps.builder().context(context).outdir(out.toString()).build());
        ScaleoutStacks stacks = ScaleoutApp.stacks(app, "amd64");
        CloudAssembly assembly = app.synth();

        var lines = new ArrayList<String>();
        for (Stack stack : stacks.all()) {
            Path file = out.resolve(stack.getStackName() + ".template.json");
            JsonNode template = JSON.readTree(file.toFile());
            int resources = template.path("Resources").size();
            lines.add(String.format("  %-26s %3d resources  %3d outputs  %3d parameters  %3d mappings  %7d bytes",
                    stack.getStackName(), resources, template.path("Outputs").size(),
                    template.path("Parameters").size(), template.path("Mappings").size(), Files.size(file)));
            assertThat(resources).as(stack.getStackName() + "'s resources").isLessThanOrEqualTo(MAX_RESOURCES);
            assertThat(template.path("Outputs").size()).as(stack.getStackName() + "'s outputs")
                    .isLessThanOrEqualTo(MAX_OUTPUTS);
            assertThat(template.path("Parameters").size()).as(stack.getStackName() + "'s parameters")
                    .isLessThanOrEqualTo(MAX_PARAMETERS);
            assertThat(template.path("Mappings").size()).as(stack.getStackName() + "'s mappings")
                    .isLessThanOrEqualTo(MAX_MAPPINGS);
            assertThat(Files.size(file)).as(stack.getStackName() + "'s template bytes")
                    .isLessThanOrEqualTo(MAX_TEMPLATE_BYTES);
            // from the assembly: Annotations.fromStack would synthesize the whole app again for each call
            assertThat(TestStacks.messages(assembly, stack, SynthesisMessageLevel.ERROR, NAG_FINDING))
                    .as(stack.getStackName() + "'s cdk-nag errors").isEmpty();
            assertThat(TestStacks.messages(assembly, stack, SynthesisMessageLevel.WARNING, NAG_FINDING))
                    .as(stack.getStackName() + "'s cdk-nag warnings").isEmpty();
        }
        System.out.println("configuration " + configuration.name() + " " + configuration.context() + "\n"
                + String.join("\n", lines));
    }

    @Test
    void theDocumentsShowTheConfigurationsTheyDescribe() {
        var documented = documented();
        assertThat(documented).as("commands with -c options in " + DOCUMENTS).hasSizeGreaterThanOrEqualTo(5);
        // the autoscaled configuration the project promises, which once stopped at CloudFormation's 500
        assertThat(documented).anySatisfy(c -> assertThat(c.context())
                .containsEntry("capacity", "provisioned").containsKey("provisionedConcurrency"));
    }

    @Test
    void everyPairOfOptionValuesIsInSomeConfiguration() {
        var rows = PairwiseOptions.levels();
        int factors = PairwiseOptions.FACTORS.size();
        for (int a = 0; a < factors; a++) {
            for (int b = a + 1; b < factors; b++) {
                var seen = new HashSet<String>();
                for (int[] row : rows) {
                    seen.add(row[a] + "" + row[b]);
                }
                assertThat(seen).as(PairwiseOptions.FACTORS.get(a) + " x " + PairwiseOptions.FACTORS.get(b))
                        .containsExactlyInAnyOrder("00", "01", "10", "11");
            }
        }
    }

    /**
     * The deploy and synth commands in the documents' code blocks ({@code ./scaleout synth|deploy [stage]},
     * {@code cdk synth|deploy}, LocalStack's {@code deploy.sh}), each as the context it passes to the app.
     */
    static List<Configuration> documented() {
        var configurations = new ArrayList<Configuration>();
        for (Path document : DOCUMENTS) {
            boolean inCode = false;
            for (String line : read(document)) {
                if (line.strip().startsWith("```")) {
                    inCode = !inCode;
                    continue;
                }
                if (inCode) {
                    DocumentedCommand.parse(line).ifPresent(context -> configurations.add(new Configuration(
                            "docs " + document.getFileName() + ": " + line.replaceAll("\\s+#.*", "").strip(),
                            context)));
                }
            }
        }
        return configurations;
    }

    private static List<String> read(Path document) {
        try {
            return Files.readAllLines(document);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteRecursively(Path directory) throws IOException {
        if (!Files.exists(directory)) {
            return;
        }
        try (var paths = Files.walk(directory)) {
            for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    /** The options the docs and ScaleoutApp's javadoc name, each with two values, in 6 configurations. */
    static final class PairwiseOptions {
        static final List<String> FACTORS = List.of("stage", "capacity", "provisionedConcurrency", "adminRoutes",
                "redisUrl", "webSite", "localstack", "lambdaArchitecture");

        private PairwiseOptions() {
        }

        /**
         * Each option's level (0 or 1) per configuration: option i is 1 in the rows of the i-th 3-element subset of
         * {1..5}. Any two such subsets share a row and each has a row the other lacks, and row 0 is in none, so the
         * six rows hold every pair of levels of every two options (up to ten options).
         */
        static List<int[]> levels() {
            var subsets = new ArrayList<Set<Integer>>();
            for (int a = 1; a <= 5; a++) {
                for (int b = a + 1; b <= 5; b++) {
                    for (int c = b + 1; c <= 5; c++) {
                        subsets.add(Set.of(a, b, c));
                    }
                }
            }
            var rows = new ArrayList<int[]>();
            for (int row = 0; row <= 5; row++) {
                int[] levels = new int[FACTORS.size()];
                for (int factor = 0; factor < FACTORS.size(); factor++) {
                    levels[factor] = subsets.get(factor).contains(row) ? 1 : 0;
                }
                rows.add(levels);
            }
            return rows;
        }

        static List<Configuration> configurations(Path tmp) {
            Path webDist = TestStacks.webDist(tmp);
            var configurations = new ArrayList<Configuration>();
            for (int[] levels : levels()) {
                var context = new LinkedHashMap<String, String>();
                context.put("stage", levels[0] == 0 ? "dev" : "prod");
                context.put("capacity", levels[1] == 0 ? "on-demand" : "provisioned");
                context.put("provisionedConcurrency", levels[2] == 0 ? "0" : "2");
                context.put("adminRoutes", String.valueOf(levels[3] == 1));
                if (levels[4] == 1) {
                    context.put("redisUrl", "redis://redis:6379");
                }
                context.put("webSite", String.valueOf(levels[5] == 0));
                context.put("webDist", webDist.toString());
                context.put("localstack", String.valueOf(levels[6] == 1));
                context.put("lambdaArchitecture", levels[7] == 0 ? "arm64" : "x86_64");
                var name = new StringBuilder("pairwise");
                context.forEach((key, value) -> {
                    if (!key.equals("webDist")) {
                        name.append(' ').append(key).append('=').append(value.replace("redis://redis:6379", "own"));
                    }
                });
                configurations.add(new Configuration(name.toString(), Map.copyOf(context)));
            }
            return configurations;
        }
    }
}
