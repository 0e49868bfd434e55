package com.scaleout.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class TestSummaryTest {
    @TempDir
    Path root;

    @Test
    void totalsEveryReportAndListsTheSlowestClassesFirst() throws Exception {
        suite("functions", "surefire-reports", "com.scaleout.functions.FastTest", 10, 0, 1, 0, "0.5");
        suite("local", "failsafe-reports", "com.scaleout.local.SlowIT", 4, 1, 0, 1, "120.25");
        suite("local", "surefire-reports", "com.scaleout.local.MiddleTest", 3, 0, 0, 0, "7");
        write("web/test-results/junit.xml", "<testsuites name=\"vitest\" tests=\"5\" failures=\"0\" errors=\"0\" "
                + "skipped=\"0\" time=\"2.0\"><testsuite name=\"a\" tests=\"5\"/></testsuites>");
        write("e2e/target/junit.xml", "<testsuites><testsuite name=\"browser\"><testcase name=\"one\"/>"
                + "<testcase name=\"two\"><failure message=\"no\"/></testcase></testsuite></testsuites>");

        String summary = summary(2, 9);

        assertThat(summary).contains("The 2 slowest of 3 test classes (128 s in all");
        assertThat(summary.indexOf("SlowIT")).isLessThan(summary.indexOf("MiddleTest"));
        assertThat(summary).doesNotContain("FastTest");
        assertThat(summary).containsPattern("120\\.3 +integration +local +4 +SlowIT");
        // 10 + 4 + 3 + 5 + 2 tests, 2 failed (a failure and an error) + 1 in node's, 1 skipped; 9 checks passed
        assertThat(summary).endsWith("scaleout: 29 passed, 3 failed, 1 skipped" + System.lineSeparator());
    }

    @Test
    void sumsTheLocalStacksStartsByPhase() throws Exception {
        write("local/target/it-data/runtime-1/start-times.tsv", "4.0\tfunctions and API=1.0\ttables=3.0\n");
        write("local/target/it-data/runtime-2/start-times.tsv", "6.5\tfunctions and API=0.5\ttables=6.0\n"
                + "2.0\ttables=2.0\n");
        write(".scaleout/load/start-times.tsv", "1.5\tjvm=1.5\n");

        assertThat(summary(15, 0)).contains(
                "Local stacks started: 4, 14 s in all (tables 11 s, jvm 2 s, functions and API 2 s)");
    }

    @Test
    void aReportWithMegabytesOfOutputIsReadFromItsRootElementOnly() throws Exception {
        Path report = suite("local", "failsafe-reports", "com.scaleout.local.ChattyIT", 2, 0, 0, 0, "3.5");
        Files.writeString(report, Files.readString(report).replace("</testsuite>",
                "<system-out><![CDATA[" + "x".repeat(5_000_000) + "]]></system-out></testsuite>"));

        var read = TestSummary.readSuite(report, "local", "integration");

        assertThat(read).isEqualTo(new TestSummary.SuiteReport("local", "integration", "com.scaleout.local.ChattyIT",
                2, 0, 0, 3.5));
    }

    @Test
    void aDocumentTypeDeclarationIsNotFollowed() throws Exception {
        Path report = write("local/target/surefire-reports/TEST-Evil.xml", "<?xml version=\"1.0\"?>"
                + "<!DOCTYPE t [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><testsuite name=\"&x;\" tests=\"1\" "
                + "time=\"1\"/>");

        try {
            var read = TestSummary.readSuite(report, "local", "unit");
            assertThat(read.name()).doesNotContain("root:");
        } catch (javax.xml.stream.XMLStreamException refused) {
            assertThat(refused).hasMessageContaining("x"); // the undeclared entity, refused: fine
        }
    }

    @Test
    void answersHelp() {
        var out = new java.io.StringWriter();
        int exit = new CommandLine(new TestSummary()).setOut(new java.io.PrintWriter(out)).execute("--help");

        assertThat(exit).isZero();
        assertThat(out.toString()).contains("--slowest", "--checks", "--root");
    }

    private String summary(int slowest, int checks) throws Exception {
        var bytes = new ByteArrayOutputStream();
        TestSummary.print(root, slowest, checks, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private Path suite(String module, String folder, String name, int tests, int failures, int skipped, int errors,
                       String time) throws Exception {
        return write(module + "/target/" + folder + "/TEST-" + name + ".xml", String.format(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?><testsuite name=\"%s\" time=\"%s\" tests=\"%d\" "
                        + "errors=\"%d\" skipped=\"%d\" failures=\"%d\"><testcase name=\"t\"/></testsuite>",
                name, time, tests, errors, skipped, failures));
    }

    private Path write(String relative, String content) throws Exception {
        Path file = root.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content);
        return file;
    }
}
