package com.scaleout.tools;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The last lines of {@code ./scaleout test}: the totals over every test report of the run, the slowest test classes
 * and what the run's local stacks spent starting, so that CI's log says where the gate's time went.
 */
@Command(name = "test-summary", mixinStandardHelpOptions = true, version = "scaleout test-summary 0.1.0",
        description = "Totals over a test run's reports (Surefire, Failsafe, vitest and node's JUnit XML), its "
                + "slowest test classes and its local stacks' start times.")
public final class TestSummary implements Callable<Integer> {
    /** The reports that carry their totals on the root element: Surefire's and Failsafe's per class, vitest's. */
    private static final List<String> SUITE_REPORTS = List.of("surefire-reports", "failsafe-reports");
    private static final String VITEST_REPORT = "web/test-results/junit.xml";
    /** node's test runner writes test cases without totals. */
    private static final String NODE_REPORT = "e2e/target/junit.xml";
    /** What each local stack writes when it has started (see {@code LocalRuntime}). */
    static final String START_TIMES_FILE = "start-times.tsv";

    @Option(names = "--root", defaultValue = ".", description = "The project's folder (default: ${DEFAULT-VALUE}).")
    private Path root;

    @Option(names = "--slowest", defaultValue = "15", description = "How many of the slowest test classes to list "
            + "(default: ${DEFAULT-VALUE}).")
    private int slowest;

    @Option(names = "--checks", defaultValue = "0", description = "The script's own checks that passed (synth, "
            + "cfn-lint, smoke runs, ...), counted as passed tests (default: ${DEFAULT-VALUE}).")
    private int checks;

    /** One test class's report: where it ran and how long it took. */
    record SuiteReport(String module, String tier, String name, int tests, int failed, int skipped, double seconds) {
    }

    /** Passed, failed and skipped tests. */
    record Totals(int tests, int failed, int skipped) {
        Totals plus(int moreTests, int moreFailed, int moreSkipped) {
            return new Totals(tests + moreTests, failed + moreFailed, skipped + moreSkipped);
        }

        int passed() {
            return tests - failed - skipped;
        }
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new TestSummary()).execute(args));
    }

    @Override
    public Integer call() throws IOException, XMLStreamException {
        print(root, slowest, checks, System.out);
        return 0;
    }

    static void print(Path root, int slowest, int checks, PrintStream out) throws IOException, XMLStreamException {
        var suites = suiteReports(root);
        var totals = new Totals(0, 0, 0);
        for (var suite : suites) {
            totals = totals.plus(suite.tests(), suite.failed(), suite.skipped());
        }
        Path vitest = root.resolve(VITEST_REPORT);
        if (Files.isRegularFile(vitest)) {
            var web = readSuite(vitest, "web", "unit");
            totals = totals.plus(web.tests(), web.failed(), web.skipped());
        }
        Path node = root.resolve(NODE_REPORT);
        if (Files.isRegularFile(node)) {
            int[] cases = nodeCases(node);
            totals = totals.plus(cases[0], cases[1], 0);
        }
        if (slowest > 0 && !suites.isEmpty()) {
            out.println(slowestClasses(suites, slowest));
        }
        startTimes(root).ifPresent(out::println);
        out.printf(Locale.ROOT, "scaleout: %d passed, %d failed, %d skipped%n", totals.passed() + checks,
                totals.failed(), totals.skipped());
    }

    /** Every module's Surefire and Failsafe report, one per test class. */
    static List<SuiteReport> suiteReports(Path root) throws IOException, XMLStreamException {
        var reports = new ArrayList<SuiteReport>();
        try (Stream<Path> modules = Files.list(root)) {
            for (Path module : modules.filter(Files::isDirectory).sorted().toList()) {
                for (String folder : SUITE_REPORTS) {
                    Path reportsDir = module.resolve("target").resolve(folder);
                    if (!Files.isDirectory(reportsDir)) {
                        continue;
                    }
                    String tier = folder.startsWith("failsafe") ? "integration" : "unit";
                    try (Stream<Path> files = Files.list(reportsDir)) {
                        for (Path report : files.filter(TestSummary::isClassReport).sorted().toList()) {
                            reports.add(readSuite(report, module.getFileName().toString(), tier));
                        }
                    }
                }
            }
        }
        return reports;
    }

    private static boolean isClassReport(Path file) {
        String name = file.getFileName().toString();
        return name.startsWith("TEST-") && name.endsWith(".xml");
    }

    /** The totals on a report's root element: only its first element is read, however large its output. */
    static SuiteReport readSuite(Path report, String module, String tier) throws IOException, XMLStreamException {
        try (InputStream in = Files.newInputStream(report)) {
            XMLStreamReader xml = reader(in);
            try {
                while (xml.hasNext()) {
                    if (xml.next() == XMLStreamConstants.START_ELEMENT) {
                        int failed = count(xml, "failures") + count(xml, "errors");
                        return new SuiteReport(module, tier, attribute(xml, "name", String.valueOf(report.getFileName())),
                                count(xml, "tests"), failed, count(xml, "skipped"), seconds(xml));
                    }
                }
                throw new XMLStreamException(report + " has no root element");
            } finally {
                xml.close();
            }
        }
    }

    /** Test cases and failed ones in node's report, which has no totals. */
    static int[] nodeCases(Path report) throws IOException, XMLStreamException {
        int cases = 0;
        int failed = 0;
        try (InputStream in = Files.newInputStream(report)) {
            XMLStreamReader xml = reader(in);
            try {
                while (xml.hasNext()) {
                    if (xml.next() == XMLStreamConstants.START_ELEMENT) {
                        switch (xml.getLocalName()) {
                            case "testcase" -> cases++;
                            case "failure" -> failed++;
                            default -> { }
                        }
                    }
                }
            } finally {
                xml.close();
            }
        }
        return new int[] {cases, failed};
    }

    static String slowestClasses(List<SuiteReport> suites, int slowest) {
        var table = new StringBuilder();
        double all = suites.stream().mapToDouble(SuiteReport::seconds).sum();
        table.append(String.format(Locale.ROOT, "The %d slowest of %d test classes (%.0f s in all, as their reports "
                + "time them):%n", Math.min(slowest, suites.size()), suites.size(), all));
        table.append(String.format(Locale.ROOT, "%9s  %-11s  %-8s  %5s  %s%n", "seconds", "tier", "module", "tests",
                "class"));
        suites.stream().sorted(Comparator.comparingDouble(SuiteReport::seconds).reversed()).limit(slowest)
                .forEach(suite -> table.append(String.format(Locale.ROOT, "%9.1f  %-11s  %-8s  %5d  %s%n",
                        suite.seconds(), suite.tier(), suite.module(), suite.tests(), simpleName(suite.name()))));
        return table.toString().stripTrailing();
    }

    /**
     * The local stacks' starts in this run: how many, their time in all and by phase, from the line each stack
     * appends to its data folder's {@value #START_TIMES_FILE}.
     */
    static java.util.Optional<String> startTimes(Path root) throws IOException {
        var phases = new LinkedHashMap<String, Double>();
        int starts = 0;
        double total = 0;
        for (Path file : startTimeFiles(root)) {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                String[] fields = line.split("\t");
                if (fields.length == 0 || fields[0].isBlank()) {
                    continue;
                }
                starts++;
                total += Double.parseDouble(fields[0]);
                for (int i = 1; i < fields.length; i++) {
                    int equals = fields[i].lastIndexOf('=');
                    if (equals > 0) {
                        phases.merge(fields[i].substring(0, equals), Double.parseDouble(fields[i].substring(equals + 1)),
                                Double::sum);
                    }
                }
            }
        }
        if (starts == 0) {
            return java.util.Optional.empty();
        }
        var byPhase = new StringBuilder();
        phases.entrySet().stream().sorted(Map.Entry.<String, Double>comparingByValue().reversed())
                .forEach(phase -> byPhase.append(byPhase.isEmpty() ? "" : ", ")
                        .append(String.format(Locale.ROOT, "%s %.0f s", phase.getKey(), phase.getValue())));
        return java.util.Optional.of(String.format(Locale.ROOT, "Local stacks started: %d, %.0f s in all (%s)",
                starts, total, byPhase));
    }

    /** In every module's build folder and the script's own ({@code .scaleout}: the smoke and load stacks). */
    private static List<Path> startTimeFiles(Path root) throws IOException {
        var folders = new ArrayList<Path>();
        try (Stream<Path> modules = Files.list(root)) {
            modules.map(module -> module.resolve("target")).filter(Files::isDirectory).forEach(folders::add);
        }
        folders.add(root.resolve(".scaleout"));
        var found = new ArrayList<Path>();
        for (Path folder : folders.stream().filter(Files::isDirectory).sorted().toList()) {
            try (Stream<Path> files = Files.walk(folder, 4)) {
                files.filter(file -> START_TIMES_FILE.equals(String.valueOf(file.getFileName()))).forEach(found::add);
            }
        }
        return found;
    }

    private static XMLStreamReader reader(InputStream in) throws XMLStreamException {
        XMLInputFactory factory = XMLInputFactory.newFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false); // test reports have none; no entity is resolved
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        return factory.createXMLStreamReader(in);
    }

    private static int count(XMLStreamReader xml, String name) {
        String value = xml.getAttributeValue(null, name);
        return value == null || value.isBlank() ? 0 : Integer.parseInt(value.trim());
    }

    private static double seconds(XMLStreamReader xml) {
        String value = xml.getAttributeValue(null, "time");
        // Surefire writes plain seconds; a locale's grouping (1,234.5) has been seen in the wild
        return value == null || value.isBlank() ? 0 : Double.parseDouble(value.trim().replace(",", ""));
    }

    private static String attribute(XMLStreamReader xml, String name, String otherwise) {
        String value = xml.getAttributeValue(null, name);
        return value == null ? otherwise : value;
    }

    private static String simpleName(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }
}
