package com.scaleout.local.iam;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.functions.shared.config.RuntimeEnvironment;
import com.scaleout.local.LocalSettings;
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
 * The local stack runs as the synthesized template configures it, shown on a copy of the dev template with two
 * changes. Without SocialTweets' grants on the Likes table, liking a tweet and listing its likers (both SocialTweets'
 * work on that table) answer a 5xx, with the AccessDenied in the log, while the same function's other routes still
 * work: what an ungranted table does to a function after {@code cdk deploy}. With the HTTP API stage's default route
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
        Path template = Path.of(RuntimeEnvironment.variable(LocalSettings.TEMPLATE).orElseThrow());
        Path copy = dir.resolve("without-likes.template.json");
        int removed = withoutGrantsOn(template, copy, "SocialTweets", "Likes");
        assertThat(removed).as("statements' resources naming the Likes table removed").isPositive();
        withStageDefaultThrottle(copy, STAGE_DEFAULT_BURST);
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
        var statuses = new java.util.ArrayList<Integer>();
        for (int i = 0; i < STAGE_DEFAULT_BURST + 2; i++) {
            statuses.add(api.get("/health").status());
        }
        assertThat(statuses.subList(0, STAGE_DEFAULT_BURST)).as("within the burst").containsOnly(200);
        assertThat(statuses.getLast()).as("past the burst: " + statuses).isEqualTo(429);
        var throttled = api.get("/health");
        assertThat(throttled.body()).as("API Gateway's answer").contains("Too Many Requests");
    }

    /** Sets the HTTP API stage's default route throttle in the copy to {@code burst}, refilled at 1 per 100 s. */
    static void withStageDefaultThrottle(Path copy, int burst) throws IOException {
        var root = (ObjectNode) JSON.readTree(copy.toFile());
        int stages = 0;
        for (var entry : root.get("Resources").properties()) {
            JsonNode resource = entry.getValue();
            if (resource.path("Type").asText().equals("AWS::ApiGatewayV2::Stage")
                    && resource.at("/Properties/RouteSettings").isObject()) { // the HTTP API's stage
                var throttle = (ObjectNode) resource.at("/Properties/DefaultRouteSettings");
                throttle.put("ThrottlingRateLimit", 0.01).put("ThrottlingBurstLimit", burst);
                stages++;
            }
        }
        assertThat(stages).as("the HTTP API's stage").isEqualTo(1);
        Files.writeString(copy, JSON.writeValueAsString(root));
    }

    /**
     * Copies the template, taking out of {@code function}'s role policies every resource that names the table
     * {@code table} (its ARN and its indexes'), and dropping statements left with none. Answers how many it took.
     */
    static int withoutGrantsOn(Path template, Path copy, String function, String table) throws IOException {
        var root = (ObjectNode) JSON.readTree(template.toFile());
        JsonNode resources = root.get("Resources");
        String functionId = logicalIdOf(resources, "/Functions/" + function + "/Resource");
        String tableId = logicalIdOf(resources, "/Data/" + table + "/Resource");
        String role = resources.get(functionId).at("/Properties/Role/Fn::GetAtt/0").asText();
        int removed = 0;
        for (var entry : resources.properties()) {
            JsonNode resource = entry.getValue();
            if (!resource.path("Type").asText().startsWith("AWS::IAM::") || !attachedTo(resource, role)) {
                continue;
            }
            var statements = (ArrayNode) resource.at("/Properties/PolicyDocument/Statement");
            for (int i = statements.size() - 1; i >= 0; i--) {
                JsonNode granted = statements.get(i).get("Resource");
                if (granted == null || !granted.isArray()) {
                    if (granted != null && granted.toString().contains("\"" + tableId + "\"")) {
                        statements.remove(i);
                        removed++;
                    }
                    continue;
                }
                var kept = JSON.createArrayNode();
                for (JsonNode arn : granted) {
                    if (arn.toString().contains("\"" + tableId + "\"")) {
                        removed++;
                    } else {
                        kept.add(arn);
                    }
                }
                if (kept.isEmpty()) {
                    statements.remove(i);
                } else {
                    ((ObjectNode) statements.get(i)).set("Resource", kept);
                }
            }
        }
        Files.writeString(copy, JSON.writeValueAsString(root));
        return removed;
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
