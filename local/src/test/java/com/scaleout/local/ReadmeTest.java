package com.scaleout.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.declaration.Artifact;
import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.functions.shared.config.RuntimeEnvironment;
import com.scaleout.local.template.CloudAssembly;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/**
 * The README's promises that code can check: its layout names every top-level folder; its prerequisites are the
 * versions {@code ./scaleout} and the POM enforce; its architecture sketch names each part the dev template and the
 * declaration have, and no part they lack.
 */
class ReadmeTest {
    private static final Markdown README = Markdown.read("README.md");
    private static final Pattern LAYOUT_ENTRY = Pattern.compile("^([.A-Za-z0-9_-]+)/");

    @Test
    void theLayoutNamesEveryTopLevelFolder() throws Exception {
        var named = new TreeSet<String>();
        for (String line : Markdown.fencedBlock(README.section("## Layout"), "README.md's layout")) {
            Matcher entry = LAYOUT_ENTRY.matcher(line);
            if (entry.find()) {
                named.add(entry.group(1));
            }
        }
        var tracked = trackedTopLevelFolders();

        var unnamed = new TreeSet<>(tracked);
        unnamed.removeAll(named);
        var gone = new TreeSet<>(named);
        gone.removeAll(tracked);
        assertThat(unnamed).as("top-level folders README.md's layout does not name: add a line 'FOLDER/   what it "
                + "holds' to its block for each").isEmpty();
        assertThat(gone).as("folders README.md's layout names that the repository does not have").isEmpty();
    }

    @Test
    void thePrerequisitesAreWhatTheScriptEnforces() throws IOException {
        String prerequisites = String.join("\n", README.section("## Prerequisites"));
        
        int jdk = Integer.parseInt(only(prerequisites, "a JDK (\\d+) or newer", "README's JDK"));
        assertThat(jdk).as("README's JDK against ./scaleout's find_jdk (-ge N)")
                .isEqualTo(Integer.parseInt(only(ScaleoutScript.function("find_jdk"), "-ge (\\d+)", "find_jdk's minimum")));
        assertThat(jdk).as("README's JDK against the root POM's enforcer rule").isEqualTo(Integer.parseInt(
                only(Files.readString(Markdown.ROOT.resolve("pom.xml")), "<version>\\[(\\d+),\\)</version>",
                        "the requireJavaVersion range")));

        // setup_web's check (Vite's): "a === 20 && b >= 19" per accepted line, "a > 22" for every later major
        String web = ScaleoutScript.function("setup_web");
        var accepted = new TreeSet<String>(all(web, "a === (\\d+) && b >= (\\d+)"));
        assertThat(accepted).as("setup_web's accepted Node versions").isNotEmpty();
        var documented = new TreeSet<String>(all(only(prerequisites, "Node\\.js ((?:\\d+(?:\\.\\d+)?\\+(?: or )?)+)",
                "README's Node.js versions, as 'Node.js 20.19+ or 22.12+'"), "(\\d+(?:\\.\\d+)?)\\+"));
        assertThat(documented).as("README's Node.js versions against ./scaleout's setup_web").isEqualTo(accepted);
        int newest = accepted.stream().mapToInt(v -> Integer.parseInt(v.split("\\.")[0])).max().orElseThrow();
        assertThat(only(web, "a > (\\d+)", "setup_web's any-later-major")).as("setup_web accepts every major after "
                + "the newest documented line").isEqualTo(String.valueOf(newest));
        // the CDK CLI's check is the weaker one, so the README's Node line is the one a contributor meets
        int cdk = Integer.parseInt(only(ScaleoutScript.function("setup_node"), "\"\\$major\" -ge (\\d+)", "setup_node's minimum"));
        int oldest = accepted.stream().mapToInt(v -> Integer.parseInt(v.split("\\.")[0])).min().orElseThrow();
        assertThat(cdk).as("setup_node's Node minimum is below the web client's").isLessThanOrEqualTo(oldest);
    }

    /**
     * Each part the sketch may name, and the fact in the dev template (the cdk module's build synthesizes it:
     * {@code SCALEOUT_TEMPLATE}, as every local test reads it) or the declaration that makes it exist.
     */
    private record Part(String name, Pattern inSketch, String fact, Predicate<JsonNode> exists) {
        Part(String name, String regex, String fact, Predicate<JsonNode> exists) {
            this(name, Pattern.compile(regex), fact, exists);
        }
    }

    private static final Declaration DECLARATION = ScaleoutDeclaration.declaration();
    private static final List<Part> PARTS = List.of(
            new Part("the HTTP API", "HTTP API", "an AWS::ApiGatewayV2::Api of protocol HTTP",
                    t -> apiOfProtocol(t, "HTTP")),
            new Part("the WebSocket API", "WebSocket API", "an AWS::ApiGatewayV2::Api of protocol WEBSOCKET and a "
                    + "declared WebSocket API", t -> apiOfProtocol(t, "WEBSOCKET") && !DECLARATION.webSocketApis().isEmpty()),
            new Part("the authorizer", "[Aa]uthorizer", "an AWS::ApiGatewayV2::Authorizer",
                    t -> has(t, "AWS::ApiGatewayV2::Authorizer")),
            new Part("Lambda", "Lambda", "an AWS::Lambda::Function", t -> has(t, "AWS::Lambda::Function")),
            new Part("DynamoDB", "DynamoDB", "an AWS::DynamoDB::Table", t -> has(t, "AWS::DynamoDB::Table")),
            new Part("the streams", "Streams", "an AWS::Lambda::EventSourceMapping and a declared stream consumer",
                    t -> has(t, "AWS::Lambda::EventSourceMapping") && !DECLARATION.streamConsumers().isEmpty()),
            new Part("the on-failure queues", "SQS", "an AWS::SQS::Queue", t -> has(t, "AWS::SQS::Queue")),
            new Part("S3", "S3", "an AWS::S3::Bucket", t -> has(t, "AWS::S3::Bucket")),
            new Part("the cache", "ElastiCache", "an AWS::ElastiCache::ServerlessCache",
                    t -> has(t, "AWS::ElastiCache::ServerlessCache")),
            new Part("the VPC", "VPC", "an AWS::EC2::VPC", t -> has(t, "AWS::EC2::VPC")),
            new Part("the NAT gateway", "NAT", "an AWS::EC2::NatGateway", t -> has(t, "AWS::EC2::NatGateway")),
            new Part("the warehouse", "Parquet|DuckDB|warehouse", "a function shipped in the warehouse artifact that "
                    + "writes a data-lake bucket", t -> warehouseLoaderDeclared()),
            new Part("the Glue catalog", "Glue", "an AWS::Glue::Database", t -> has(t, "AWS::Glue::Database")),
            new Part("Athena", "Athena", "an AWS::Athena::WorkGroup", t -> has(t, "AWS::Athena::WorkGroup")),
            new Part("CloudWatch", "CloudWatch|alarms", "an AWS::CloudWatch::Alarm",
                    t -> has(t, "AWS::CloudWatch::Alarm")));

    @Test
    void theSketchNamesWhatTheTemplateHas() {
        String sketch = String.join("\n", Markdown.fencedBlock(README.section("## Architecture"),
                "README.md's architecture sketch"));
        Path template = Path.of(RuntimeEnvironment.variable(LocalSettings.TEMPLATE).orElseThrow(
                () -> new AssertionError("SCALEOUT_TEMPLATE is not set (local/pom.xml sets it for the tests)")));
        JsonNode resources = CloudAssembly.read(template).template().path("Resources");

        var wrong = new ArrayList<String>();
        for (Part part : PARTS) {
            boolean named = part.inSketch().matcher(sketch).find();
            boolean exists = part.exists().test(resources);
            if (exists && !named) {
                wrong.add("the sketch lacks " + part.name() + " (the template has " + part.fact() + ")");
            } else if (named && !exists) {
                wrong.add("the sketch names " + part.name() + ", but the template and declaration have no "
                        + part.fact().replaceFirst("^an? ", ""));
            }
        }
        assertThat(wrong).as("README.md's architecture sketch against %s", template).isEmpty();
    }

    private static boolean has(JsonNode resources, String type) {
        return StreamSupport.stream(resources.spliterator(), false)
                .anyMatch(resource -> resource.path("Type").asText().equals(type));
    }

    private static boolean apiOfProtocol(JsonNode resources, String protocol) {
        return StreamSupport.stream(resources.spliterator(), false)
                .anyMatch(resource -> resource.path("Type").asText().equals("AWS::ApiGatewayV2::Api")
                        && resource.path("Properties").path("ProtocolType").asText().equals(protocol));
    }

    private static boolean warehouseLoaderDeclared() {
        var lakes = DECLARATION.buckets().stream().filter(b -> b.dataLake().isPresent()).map(b -> b.name()).toList();
        return DECLARATION.functions().stream().anyMatch(f -> f.artifact() == Artifact.WAREHOUSE
                && f.buckets().stream().anyMatch(lakes::contains));
    }

    private static String only(String text, String regex, String what) {
        List<String> found = all(text, regex);
        assertThat(found).as(what + " (/" + regex + "/)").hasSize(1);
        return found.get(0);
    }

    /** Each match's groups, joined by dots: {@code 20.19}. */
    private static List<String> all(String text, String regex) {
        var found = new ArrayList<String>();
        Matcher matcher = Pattern.compile(regex).matcher(text);
        while (matcher.find()) {
            var groups = new ArrayList<String>();
            for (int g = 1; g <= matcher.groupCount(); g++) {
                groups.add(matcher.group(g));
            }
            found.add(String.join(".", groups));
        }
        return found;
    }

    private static TreeSet<String> trackedTopLevelFolders() throws IOException, InterruptedException {
        var git = new ProcessBuilder("git", "ls-files").directory(Markdown.ROOT.toFile()).redirectErrorStream(true);
        Process process;
        try {
            process = git.start();
        } catch (IOException noGit) {
            assumeThat(noGit).as("git is not installed").isNull();
            throw noGit;
        }
        String files = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assumeThat(process.exitValue()).as("not a git checkout: %s", files).isZero();
        var folders = new TreeSet<String>();
        files.lines().filter(file -> file.contains("/")).forEach(file -> folders.add(file.substring(0, file.indexOf('/'))));
        return folders;
    }
}
