package com.scaleout.bench.capacity;

import com.scaleout.bench.BenchmarksBlock;
import com.scaleout.declaration.ScaleoutDeclaration;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./scaleout capacity}: the capacity model's answer for a mix at some rates, printed as Markdown;
 * {@code --docs} also writes it into docs/capacity.md's generated block with a chart per mix.
 */
@Command(name = "./scaleout capacity", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"What a traffic mix at each rate asks of every ceiling of the stack (API Gateway's account and "
                + "route throttles, Lambda's concurrency, each DynamoDB table's and index's throughput, shared and "
                + "viral keys' partitions, the cache's ECPU/s), the first to break and at what rate, the Lambda "
                + "concurrency needed and the monthly AWS cost, from the cost bench's per-route demand."})
public final class CapacityCommandLine implements Callable<Integer> {
    static final Path DOCS = Path.of("docs", "capacity.md");
    static final Path CHARTS = Path.of("docs", "capacity");
    static final Path TEMPLATE = Path.of("cdk", "target", "cdk.out");

    @Spec
    CommandSpec spec;

    @Option(names = "--mix", split = ",", paramLabel = "MIX", description = "one or more of social, albums, import, "
            + "all, viral-likes, viral-follows, viral-tweet, viral-hashtag, viral-import, viral-celebrity, or every "
            + "(default: social,albums,import,all)")
    List<String> mixes = List.of("social", "albums", "import", "all");

    @Option(names = "--rps", split = ",", paramLabel = "RATE", description = "requests a second of the mix "
            + "(default: 1000,10000,100000)")
    List<Double> rates = List.of(1_000.0, 10_000.0, 100_000.0);

    @Option(names = "--profile", paramLabel = "FILE", description = "the cost profile (default: "
            + "docs/capacity/route-costs.json, written by ./scaleout bench cost)")
    Path profile = CostProfile.COMMITTED;

    @Option(names = "--template", paramLabel = "PATH", description = "the synthesized dev stage: its cloud "
            + "assembly directory or a template file (default: cdk/target/cdk.out)")
    Path template = TEMPLATE;

    @Option(names = "--docs", description = "also write the answer into docs/capacity.md's generated block, with a "
            + "chart per mix in docs/capacity/")
    boolean docs;

    public static void main(String[] args) {
        System.exit(new CommandLine(new CapacityCommandLine()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        List<TrafficMix> chosen = new ArrayList<>();
        try {
            for (String name : mixes) {
                if (name.equals("every")) {
                    chosen.addAll(TrafficMix.NAMED);
                } else {
                    chosen.add(TrafficMix.named(name));
                }
            }
            if (rates.isEmpty() || rates.stream().anyMatch(rate -> !(rate > 0) || rate.isInfinite())) {
                throw new IllegalArgumentException("--rps takes rates above 0, was " + rates);
            }
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        var costs = CostProfile.read(profile);
        var model = new CapacityModel(costs, AwsCeilings.of(ScaleoutDeclaration.declaration(), template));
        var report = new CapacityReport(model, costs, rates);
        var lines = report.lines(chosen, docs ? CHARTS : null, "capacity");
        System.out.println(String.join("\n", lines));
        if (docs) {
            BenchmarksBlock.named("capacity").updateIn(DOCS, String.join("\n", lines));
            System.out.println("\nupdated " + DOCS + " (capacity block) and the charts in " + CHARTS);
        }
        return 0;
    }
}
