package com.scaleout.local.iam;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PermissionAuditTest {
    private static final String USERS = "arn:aws:dynamodb:us-east-1:123456789012:table/Users";
    private static final String TWEETS = "arn:aws:dynamodb:us-east-1:123456789012:table/Tweets";

    private static JsonNode document(String json) {
        try {
            return new ObjectMapper().readTree(json.replace('\'', '"'));
        } catch (IOException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /** Tweets may read Users and write Tweets (both on the table and its indexes), and trace. */
    private static final Map<String, List<JsonNode>> POLICIES = Map.of("Tweets", List.of(document(
            "{'Version':'2012-10-17','Statement':["
                    + "{'Effect':'Allow','Action':['dynamodb:GetItem','dynamodb:Query'],'Resource':'" + USERS + "'},"
                    + "{'Effect':'Allow','Action':'dynamodb:PutItem','Resource':['" + TWEETS + "','" + TWEETS + "/index/*']},"
                    + "{'Effect':'Allow','Action':'xray:PutTraceSegments','Resource':'*'},"
                    + "{'Effect':'Deny','Action':'dynamodb:DeleteItem','Resource':'*'}]}")));

    private static RecordedCall allowed(String action, String resource) {
        return new RecordedCall("Tweets", action, resource, Decision.ALLOW);
    }

    @Test
    void aRoleWhoseEveryGrantWasUsedIsSufficientAndMinimal() {
        var audit = new PermissionAudit(POLICIES, UnusedGrants.parse(
                "Tweets\txray:*\t*\tX-Ray segments go to the daemon over UDP, not through the SDK\n"
                        + "*\tdynamodb:PutItem\t*/index/*\tCDK grants indexes with the table"));
        var report = audit.audit(List.of(allowed("dynamodb:GetItem", USERS), allowed("dynamodb:Query", USERS),
                allowed("dynamodb:PutItem", TWEETS)));

        assertThat(report).singleElement().satisfies(tweets -> {
            assertThat(tweets.sufficient()).isTrue();
            assertThat(tweets.minimal()).isTrue();
            assertThat(tweets.reasonedUnused()).extracting(Grant::action).containsExactly(
                    "dynamodb:PutItem", "xray:PutTraceSegments");
            assertThat(tweets.render()).isEqualTo("Tweets: sufficient, minimal\n");
        });
        assertThat(audit.staleReasons()).isEmpty();
    }

    @Test
    void anUnusedGrantWithoutAReasonMakesTheRoleNotMinimal() {
        var report = new PermissionAudit(POLICIES, UnusedGrants.none())
                .audit(List.of(allowed("dynamodb:GetItem", USERS), allowed("dynamodb:PutItem", TWEETS)));

        assertThat(report).singleElement().satisfies(tweets -> {
            assertThat(tweets.minimal()).isFalse();
            assertThat(tweets.unused()).extracting(Grant::toString).containsExactly(
                    "Tweets statement 0: dynamodb:Query on " + USERS,
                    "Tweets statement 1: dynamodb:PutItem on " + TWEETS + "/index/*",
                    "Tweets statement 2: xray:PutTraceSegments on *");
            assertThat(tweets.render()).startsWith("Tweets: sufficient, NOT MINIMAL\n")
                    .contains("  unused, no reason listed: statement 0 dynamodb:Query on " + USERS + "\n");
        });
    }

    @Test
    void aDeniedCallMakesTheRoleInsufficient() {
        var denied = new RecordedCall("Tweets", "dynamodb:UpdateItem", USERS, Decision.IMPLICIT_DENY);
        var report = new PermissionAudit(POLICIES, UnusedGrants.none())
                .audit(List.of(allowed("dynamodb:GetItem", USERS), denied,
                        new RecordedCall("Albums", "s3:PutObject", "arn:aws:s3:::images/k", Decision.IMPLICIT_DENY)));

        assertThat(report).singleElement().satisfies(tweets -> {
            assertThat(tweets.sufficient()).isFalse();
            assertThat(tweets.denied()).containsExactly(denied);
            assertThat(tweets.render()).contains("Tweets: INSUFFICIENT")
                    .contains("  denied: dynamodb:UpdateItem on " + USERS + " (IMPLICIT_DENY)");
        });
    }

    @Test
    void aCallByAnotherFunctionOrADeniedCallUsesNoGrant() {
        var report = new PermissionAudit(POLICIES, UnusedGrants.none()).audit(List.of(
                new RecordedCall("Albums", "dynamodb:GetItem", USERS, Decision.ALLOW),
                new RecordedCall("Tweets", "dynamodb:Query", USERS, Decision.EXPLICIT_DENY)));
        assertThat(report.getFirst().unused()).extracting(Grant::action)
                .contains("dynamodb:GetItem", "dynamodb:Query");
    }

    @Test
    void aReasonThatCoversNoGrantIsStaleAndARowWithoutAReasonIsRefused() {
        var audit = new PermissionAudit(POLICIES, UnusedGrants.parse("Tweets\ts3:*\t*\tthe images bucket"));
        assertThat(audit.staleReasons()).extracting(UnusedGrants.Reason::action).containsExactly("s3:*");
        assertThatThrownBy(() -> UnusedGrants.parse("# comment\n\nTweets\txray:*\t*\t \n"))
                .hasMessageContaining("line 3").hasMessageContaining("reason");
    }

    @Test
    void theProjectsReasonsParse() {
        assertThat(UnusedGrants.projects().reasons()).isNotEmpty()
                .allSatisfy(reason -> assertThat(reason.reason()).isNotBlank());
    }
}
