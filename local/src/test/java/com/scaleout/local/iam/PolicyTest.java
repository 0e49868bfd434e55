package com.scaleout.local.iam;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.AlphaChars;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

class PolicyTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String USERS = "arn:aws:dynamodb:us-east-1:123456789012:table/Users";
    private static final String TWEETS = "arn:aws:dynamodb:us-east-1:123456789012:table/Tweets";

    static Policy policy(String... documents) {
        try {
            var nodes = new java.util.ArrayList<JsonNode>();
            for (String document : documents) {
                nodes.add(JSON.readTree(document.replace('\'', '"')));
            }
            return Policy.fromDocuments(nodes);
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException(e);
        }
    }

    @Test
    void aStatementAsOneObjectAllowsWhatItNamesAndNothingElse() {
        Policy policy = policy("{'Version':'2012-10-17','Statement':{'Effect':'Allow','Action':'dynamodb:GetItem',"
                + "'Resource':'" + USERS + "'}}");
        assertThat(policy.evaluate("dynamodb:GetItem", USERS, Map.of())).isEqualTo(Decision.ALLOW);
        assertThat(policy.evaluate("dynamodb:PutItem", USERS, Map.of())).isEqualTo(Decision.IMPLICIT_DENY);
        assertThat(policy.evaluate("dynamodb:GetItem", TWEETS, Map.of())).isEqualTo(Decision.IMPLICIT_DENY);
    }

    @Test
    void anExplicitDenyWinsOverAnAllowInAnyDocumentAndOrder() {
        String deny = "{'Statement':[{'Effect':'Deny','Action':'dynamodb:*','Resource':'" + USERS + "'}]}";
        String allow = "{'Statement':[{'Effect':'Allow','Action':'*','Resource':'*'}]}";
        assertThat(policy(deny, allow).evaluate("dynamodb:DeleteItem", USERS, Map.of())).isEqualTo(Decision.EXPLICIT_DENY);
        assertThat(policy(allow, deny).evaluate("dynamodb:DeleteItem", USERS, Map.of())).isEqualTo(Decision.EXPLICIT_DENY);
        assertThat(policy(allow, deny).evaluate("dynamodb:DeleteItem", TWEETS, Map.of())).isEqualTo(Decision.ALLOW);
    }

    @Test
    void actionsMatchWhateverTheCaseWithBothWildcards() {
        Policy policy = policy("{'Statement':[{'Effect':'Allow','Action':['DynamoDB:get*','s3:?utObject'],"
                + "'Resource':'*'}]}");
        assertThat(policy.evaluate("dynamodb:GetItem", USERS, Map.of())).isEqualTo(Decision.ALLOW);
        assertThat(policy.evaluate("dynamodb:GetRecords", USERS, Map.of())).isEqualTo(Decision.ALLOW);
        assertThat(policy.evaluate("s3:PutObject", "arn:aws:s3:::b/k", Map.of())).isEqualTo(Decision.ALLOW);
        assertThat(policy.evaluate("s3:PutObjectTagging", "arn:aws:s3:::b/k", Map.of())).isEqualTo(Decision.IMPLICIT_DENY);
        assertThat(policy.evaluate("dynamodb:BatchGetItem", USERS, Map.of())).isEqualTo(Decision.IMPLICIT_DENY);
    }

    @Test
    void resourcesMatchCaseSensitivelyAndAStarSpansSlashesAndColons() {
        Policy policy = policy("{'Statement':[{'Effect':'Allow','Action':'dynamodb:Query','Resource':["
                + "'" + TWEETS + "/index/*','arn:aws:dynamodb:*/Users']}]}");
        assertThat(policy.evaluate("dynamodb:Query", TWEETS + "/index/byAuthor", Map.of())).isEqualTo(Decision.ALLOW);
        assertThat(policy.evaluate("dynamodb:Query", USERS, Map.of())).isEqualTo(Decision.ALLOW);
        assertThat(policy.evaluate("dynamodb:Query", TWEETS, Map.of())).isEqualTo(Decision.IMPLICIT_DENY);
        assertThat(policy.evaluate("dynamodb:Query", USERS.replace("Users", "users"), Map.of()))
                .isEqualTo(Decision.IMPLICIT_DENY);
    }

    @Test
    void notActionAndNotResourceGrantEverythingButWhatTheyName() {
        Policy policy = policy("{'Statement':[{'Effect':'Allow','NotAction':'dynamodb:Delete*','NotResource':'"
                + USERS + "'}]}");
        assertThat(policy.evaluate("dynamodb:PutItem", TWEETS, Map.of())).isEqualTo(Decision.ALLOW);
        assertThat(policy.evaluate("dynamodb:DeleteItem", TWEETS, Map.of())).isEqualTo(Decision.IMPLICIT_DENY);
        assertThat(policy.evaluate("dynamodb:PutItem", USERS, Map.of())).isEqualTo(Decision.IMPLICIT_DENY);
    }

    @Test
    void stringAndArnConditionsCompareTheRequestsKeys() {
        Policy policy = policy("{'Statement':[{'Effect':'Allow','Action':'s3:GetObject','Resource':'*','Condition':{"
                + "'StringLike':{'s3:prefix':'images/*'},'ArnLike':{'aws:SourceArn':'arn:aws:lambda:*:*:function:Albums*'},"
                + "'Bool':{'aws:SecureTransport':'true'}}}]}");
        var good = Map.of("s3:prefix", "images/a.png", "aws:SourceArn",
                "arn:aws:lambda:us-east-1:123456789012:function:AlbumsFn", "aws:SecureTransport", "true");
        assertThat(policy.evaluate("s3:GetObject", "arn:aws:s3:::b/k", good)).isEqualTo(Decision.ALLOW);
        assertThat(policy.evaluate("s3:GetObject", "arn:aws:s3:::b/k", with(good, "s3:prefix", "docs/a")))
                .isEqualTo(Decision.IMPLICIT_DENY);
        assertThat(policy.evaluate("s3:GetObject", "arn:aws:s3:::b/k", with(good, "aws:SecureTransport", "false")))
                .isEqualTo(Decision.IMPLICIT_DENY);
        // ArnLike compares part by part: a star in the resource part does not reach into the account
        assertThat(policy.evaluate("s3:GetObject", "arn:aws:s3:::b/k",
                with(good, "aws:SourceArn", "arn:aws:lambda:us-east-1:123456789012:layer:AlbumsFn")))
                .isEqualTo(Decision.IMPLICIT_DENY);
        // condition keys are not case-sensitive
        assertThat(policy.evaluate("s3:GetObject", "arn:aws:s3:::b/k", Map.of("S3:Prefix", "images/a.png",
                "AWS:SourceArn", "arn:aws:lambda:us-east-1:1:function:Albums", "aws:securetransport", "TRUE")))
                .isEqualTo(Decision.ALLOW);
    }

    @Test
    void aMissingKeyFailsAPositiveOperatorAndPassesIfExistsANegatedOperatorAndNull() {
        Policy positive = conditioned("'StringEquals':{'aws:PrincipalTag/team':'social'}");
        Policy ifExists = conditioned("'StringEqualsIfExists':{'aws:PrincipalTag/team':'social'}");
        Policy negated = conditioned("'StringNotEquals':{'aws:PrincipalTag/team':'albums'}");
        Policy absent = conditioned("'Null':{'aws:PrincipalTag/team':'true'}");
        assertThat(positive.evaluate("s3:GetObject", "*", Map.of())).isEqualTo(Decision.IMPLICIT_DENY);
        assertThat(ifExists.evaluate("s3:GetObject", "*", Map.of())).isEqualTo(Decision.ALLOW);
        assertThat(ifExists.evaluate("s3:GetObject", "*", Map.of("aws:PrincipalTag/team", "albums")))
                .isEqualTo(Decision.IMPLICIT_DENY);
        assertThat(negated.evaluate("s3:GetObject", "*", Map.of())).isEqualTo(Decision.ALLOW);
        assertThat(negated.evaluate("s3:GetObject", "*", Map.of("aws:PrincipalTag/team", "albums")))
                .isEqualTo(Decision.IMPLICIT_DENY);
        assertThat(absent.evaluate("s3:GetObject", "*", Map.of())).isEqualTo(Decision.ALLOW);
        assertThat(absent.evaluate("s3:GetObject", "*", Map.of("aws:PrincipalTag/team", "x")))
                .isEqualTo(Decision.IMPLICIT_DENY);
    }

    @Test
    void setOperatorsCompareEveryOrAnyOfAMultiValuedKey() {
        Policy all = conditioned("'ForAllValues:StringEquals':{'dynamodb:Attributes':['pk','name']}");
        Policy any = conditioned("'ForAnyValue:StringLike':{'dynamodb:Attributes':['secret*']}");
        assertThat(all.evaluateMultiValued("s3:GetObject", "*", Map.of("dynamodb:Attributes", List.of("pk", "name"))))
                .isEqualTo(Decision.ALLOW);
        assertThat(all.evaluateMultiValued("s3:GetObject", "*", Map.of("dynamodb:Attributes", List.of("pk", "hash"))))
                .isEqualTo(Decision.IMPLICIT_DENY);
        assertThat(all.evaluateMultiValued("s3:GetObject", "*", Map.of())).isEqualTo(Decision.ALLOW);
        assertThat(any.evaluateMultiValued("s3:GetObject", "*", Map.of("dynamodb:Attributes", List.of("pk", "secretKey"))))
                .isEqualTo(Decision.ALLOW);
        assertThat(any.evaluateMultiValued("s3:GetObject", "*", Map.of("dynamodb:Attributes", List.of("pk"))))
                .isEqualTo(Decision.IMPLICIT_DENY);
        assertThat(any.evaluateMultiValued("s3:GetObject", "*", Map.of())).isEqualTo(Decision.IMPLICIT_DENY);
    }

    @Test
    void anUnknownOperatorNeverAllowsAndAlwaysDeniesAndIsReported() {
        Policy allow = conditioned("'DateGreaterThan':{'aws:CurrentTime':'2020-01-01T00:00:00Z'}");
        assertThat(allow.evaluate("s3:GetObject", "*", Map.of("aws:CurrentTime", "2030-01-01T00:00:00Z")))
                .isEqualTo(Decision.IMPLICIT_DENY);
        assertThat(allow.unsupported()).singleElement().asString()
                .contains("DateGreaterThan").contains("not evaluated locally").contains("allows nothing");

        Policy deny = policy("{'Statement':[{'Effect':'Allow','Action':'*','Resource':'*'},{'Effect':'Deny',"
                + "'Action':'s3:*','Resource':'*','Condition':{'IpAddress':{'aws:SourceIp':'10.0.0.0/8'}}}]}");
        assertThat(deny.evaluate("s3:GetObject", "*", Map.of())).isEqualTo(Decision.EXPLICIT_DENY);
        assertThat(deny.evaluate("dynamodb:GetItem", USERS, Map.of())).isEqualTo(Decision.ALLOW);
    }

    @Test
    void aMalformedStatementIsRefusedWithItsReason() {
        assertThatThrownBy(() -> policy("{'Statement':{'Effect':'Permit','Action':'*','Resource':'*'}}"))
                .hasMessageContaining("Effect must be Allow or Deny");
        assertThatThrownBy(() -> policy("{'Statement':{'Effect':'Allow','Action':'*','NotAction':'s3:*','Resource':'*'}}"))
                .hasMessageContaining("exactly one of Action and NotAction");
        assertThatThrownBy(() -> policy("{'Version':'2012-10-17'}")).hasMessageContaining("Statement");
    }

    @Property
    void aPatternWithoutWildcardsMatchesOnlyItself(@ForAll @AlphaChars @StringLength(max = 12) String a,
                                                   @ForAll @AlphaChars @StringLength(max = 12) String b) {
        assertThat(Wildcard.matches(a, b, false)).isEqualTo(a.equals(b));
        assertThat(Wildcard.matches(a, b, true)).isEqualTo(a.equalsIgnoreCase(b));
    }

    @Property
    void aStarBetweenPrefixAndSuffixMatchesAnyMiddle(@ForAll @StringLength(max = 10) String prefix,
                                                     @ForAll @StringLength(max = 10) String middle,
                                                     @ForAll @StringLength(max = 10) String suffix) {
        String safePrefix = prefix.replace("*", "").replace("?", "");
        String safeSuffix = suffix.replace("*", "").replace("?", "");
        assertThat(Wildcard.matches(safePrefix + "*" + safeSuffix, safePrefix + middle + safeSuffix, false)).isTrue();
        assertThat(Wildcard.matches(safePrefix + "?" + safeSuffix, safePrefix + middle + safeSuffix, false))
                .isEqualTo(middle.length() == 1);
    }

    private static Policy conditioned(String condition) {
        return policy("{'Statement':[{'Effect':'Allow','Action':'s3:GetObject','Resource':'*','Condition':{"
                + condition + "}}]}");
    }

    private static Map<String, String> with(Map<String, String> keys, String key, String value) {
        var copy = new java.util.HashMap<>(keys);
        copy.put(key, value);
        return copy;
    }
}
