package com.scaleout.local.iam;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.functions.shared.config.RuntimeEnvironment;
import com.scaleout.local.LocalSettings;
import com.scaleout.local.template.CloudAssembly;
import com.scaleout.local.testing.ApiClient;
import com.scaleout.local.testing.ProductionApiIT;
import com.scaleout.local.testing.RuntimeFixture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The local stack runs as the synthesized template configures it, shown on a copy of the dev stage's cloud assembly
 * with two changes, each made in the stack template that holds what it changes. Without SocialTweets' grants on the
 * Likes table, liking a tweet and listing its likers (both SocialTweets' work on that table) answer a 5xx, with the
 * AccessDenied in the log, while the same function's other routes still work: what an ungranted table does to a
 * function after {@code cdk deploy}. With the HTTP API stage's default route
 * throttle lowered, a route without a throttle of its own is answered 429 past it.
 */
class GrantRemovedIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Logger IAM_LOG = Logger.getLogger(IamInterceptor.class.getName());
    private static final List<String> DENIALS = new CopyOnWriteArrayList<>();
    private static final Handler CAPTURE = new Handler() {
        @Override
        public void publish(LogRecord record) {
            DENIALS.add(record.getMessage());
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    /** Each route without its own throttle takes this many requests, then (at 1 per 100 s) no more in the test. */
    private static final int STAGE_DEFAULT_BURST = 3;

    private static RuntimeFixture fixture;
    private static ApiClient api;

    @BeforeAll
    static void startWithoutTheLikesGrant(@TempDir Path dir) throws Exception {
        var assembly = CloudAssembly.read(Path.of(RuntimeEnvironment.variable(LocalSettings.TEMPLATE).orElseThrow()));
        int removed = withoutGrantsOn(assembly, "SocialTweets", "Likes");
        assertThat(removed).as("statements' resources naming the Likes table removed").isPositive();
        withStageDefaultThrottle(assembly, STAGE_DEFAULT_BURST);
        Path copy = copyOf(assembly, dir);
        IAM_LOG.addHandler(CAPTURE);
        fixture = RuntimeFixture.start(ScaleoutDeclaration.declaration(), config -> config.withTemplate(copy));
        api = ApiClient.unchecked(fixture.runtime().url()); // a 5xx is what this test expects
    }

    @AfterAll
    static void stop() {
        IAM_LOG.removeHandler(CAPTURE);
        // its denials are this test's doing, not the dev template's: kept out of the run's permission check
        CallLog.clear();
        fixture.close();
    }

    @Test
    void theFunctionWithoutTheGrantFailsOnThatTableOnly() {
        String token = api.signUp(ProductionApiIT.unique("grant"));
        var posted = api.post("/tweets", token, Map.of("text", "tweets are still granted"));
        assertThat(posted.status()).as(posted.body()).isEqualTo(201);
        String tweet = posted.text("id");
        assertThat(api.get("/tweets/" + tweet).status()).isEqualTo(200);

        var like = api.put("/tweets/" + tweet + "/likes/me", token);
        assertThat(like.status()).as("a like writes the ungranted table: " + like.body()).isBetween(500, 599);
        var likers = api.get("/tweets/" + tweet + "/likes");
        assertThat(likers.status()).as("listing likers reads the ungranted table: " + likers.body())
                .isBetween(500, 599);

        assertThat(DENIALS).as("the log names function, action and table")
                .anyMatch(line -> line.contains("SocialTweets") && line.contains("AccessDenied")
                        && line.contains("table/Likes"));
    }

    @Test
    void aRouteWithoutItsOwnThrottleGetsTheStagesDefaultFromTheTemplate() {
        var asTheyCome = ApiClient.refusalsAsTheyCome(fixture.runtime().url());
        var statuses = new java.util.ArrayList<Integer>();
        for (int i = 0; i < STAGE_DEFAULT_BURST + 2; i++) {
            statuses.add(asTheyCome.get("/health").status());
        }
        assertThat(statuses.subList(0, STAGE_DEFAULT_BURST)).as("within the burst").containsOnly(200);
        assertThat(statuses.getLast()).as("past the burst: " + statuses).isEqualTo(429);
        var throttled = asTheyCome.get("/health");
        assertThat(throttled.body()).as("API Gateway's answer").contains("Too Many Requests");
    }

    /** Sets the HTTP API stage's default route throttle to {@code burst}, refilled at 1 per 100 s. */
    static void withStageDefaultThrottle(CloudAssembly assembly, int burst) {
        int stages = 0;
        for (var stack : assembly.stacks()) {
            for (var entry : stack.template().path("Resources").properties()) {
                JsonNode resource = entry.getValue();
                if (resource.path("Type").asText().equals("AWS::ApiGatewayV2::Stage")
                        && resource.at("/Properties/RouteSettings").isObject()) { // the HTTP API's stage
                    var throttle = (ObjectNode) resource.at("/Properties/DefaultRouteSettings");
                    throttle.put("ThrottlingRateLimit", 0.01).put("ThrottlingBurstLimit", burst);
                    stages++;
                }
            }
        }
        assertThat(stages).as("the HTTP API's stage").isEqualTo(1);
    }

    /**
     * Takes out of {@code function}'s role policies, in whichever stack attaches them, every resource that names the
     * table {@code table} (its ARN and its indexes', read from another stack or not), and drops statements left with
     * none. Answers how many it took.
     */
    static int withoutGrantsOn(CloudAssembly assembly, String function, String table) {
        JsonNode merged = assembly.template().get("Resources");
        String functionId = logicalIdOf(merged, "/Functions/" + function + "/Resource");
        String tableId = logicalIdOf(merged, "/Data/" + table + "/Resource");
        String role = merged.get(functionId).at("/Properties/Role/Fn::GetAtt/0").asText();
        int removed = 0;
        for (var stack : assembly.stacks()) {
            // the stack as read decides (a reference to the table's ARN in the data stack names it), the stack as
            // written is changed
            JsonNode resolved = assembly.resolved(stack).path("Resources");
            for (var entry : stack.template().path("Resources").properties()) {
                JsonNode policy = resolved.get(entry.getKey());
                if (policy.path("Type").asText().startsWith("AWS::IAM::") && attachedTo(policy, role)) {
                    removed += withoutGrantsOn(entry.getValue(), policy, tableId);
                }
            }
        }
        return removed;
    }

    /** Takes the resources naming the table out of one policy, as written; {@code read} is it as read. */
    private static int withoutGrantsOn(JsonNode written, JsonNode read, String tableId) {
        var statements = (ArrayNode) written.at("/Properties/PolicyDocument/Statement");
        JsonNode statementsRead = read.at("/Properties/PolicyDocument/Statement");
        int removed = 0;
        for (int i = statements.size() - 1; i >= 0; i--) {
            JsonNode granted = statementsRead.get(i).get("Resource");
            if (granted == null || !granted.isArray()) {
                if (granted != null && names(granted, tableId)) {
                    statements.remove(i);
                    removed++;
                }
                continue;
            }
            var kept = JSON.createArrayNode();
            for (int j = 0; j < granted.size(); j++) {
                if (names(granted.get(j), tableId)) {
                    removed++;
                } else {
                    kept.add(statements.get(i).get("Resource").get(j));
                }
            }
            if (kept.isEmpty()) {
                statements.remove(i);
            } else {
                ((ObjectNode) statements.get(i)).set("Resource", kept);
            }
        }
        return removed;
    }

    private static boolean names(JsonNode arn, String logicalId) {
        return arn.toString().contains("\"" + logicalId + "\"");
    }

    /**
     * The assembly's manifest and its stacks' templates, as changed, in {@code dir}: what the local runtime reads of
     * it. Its assets (the Lambda jars, 150 MB) stay behind: the runtime runs the functions from the Maven artifacts.
     */
    private static Path copyOf(CloudAssembly assembly, Path dir) throws IOException {
        Files.copy(assembly.directory().resolve(CloudAssembly.MANIFEST), dir.resolve(CloudAssembly.MANIFEST));
        for (var stack : assembly.stacks()) {
            Path file = dir.resolve(stack.templateFile());
            Files.createDirectories(file.getParent());
            Files.writeString(file, JSON.writeValueAsString(stack.template()));
        }
        return dir;
    }

    private static boolean attachedTo(JsonNode policy, String role) {
        for (JsonNode attached : policy.at("/Properties/Roles")) {
            if (role.equals(attached.path("Ref").asText())) {
                return true;
            }
        }
        return false;
    }

    private static String logicalIdOf(JsonNode resources, String pathSuffix) {
        for (var entry : resources.properties()) {
            if (entry.getValue().at("/Metadata/aws:cdk:path").asText().endsWith(pathSuffix)) {
                return entry.getKey();
            }
        }
        throw new IllegalStateException("no resource at " + pathSuffix + " in the template");
    }
}
