package com.scaleout.cdk;

import static com.scaleout.declaration.HttpMethod.GET;
import static com.scaleout.declaration.HttpMethod.POST;
import static com.scaleout.declaration.TableSpec.KeyAttribute.number;
import static com.scaleout.declaration.TableSpec.KeyAttribute.string;
import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.declaration.AuthorizerSpec;
import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.FunctionSpec;
import com.scaleout.declaration.RouteSpec;
import com.scaleout.declaration.Settings;
import com.scaleout.declaration.StreamConsumerSpec;
import com.scaleout.declaration.StreamConsumerSpec.StartingPosition;
import com.scaleout.declaration.TableSpec;
import com.scaleout.declaration.TableSpec.IndexSpec;
import com.scaleout.declaration.TableSpec.StreamView;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awscdk.assertions.Match;
import software.amazon.awscdk.services.dynamodb.Table;

/** A declaration with every kind of entry, to check each construct's translation in detail. */
class ScaleoutStackTest {
    private static final String USERS = "Users";
    private static final String TWEETS = "Tweets";
    private static final String AUTHORIZE = "Authorize";
    private static final String CREATE_USER = "CreateUser";
    private static final String GET_TWEET = "GetTweet";
    private static final String FANOUT = "Fanout";
    private static final String SESSION = "Session";

    static final Declaration DECLARATION = Declaration.builder()
            .table(TableSpec.of(USERS, string("userId")))
            .table(TableSpec.of(TWEETS, string("tweetId"))
                    .sortKey(string("kind"))
                    .globalIndex(IndexSpec.of("ByAuthor", string("authorId"), number("createdAt")))
                    .stream(StreamView.NEW_AND_OLD_IMAGES)
                    .ttl("expiresAt"))
            .function(FunctionSpec.of(AUTHORIZE, "com.example.auth.AuthorizeHandler")
                    .memoryMb(256).timeoutSeconds(3).reads(USERS))
            .function(FunctionSpec.of(CREATE_USER, "com.example.users.CreateUserHandler").readsAndWrites(USERS))
            .function(FunctionSpec.of(GET_TWEET, "com.example.tweets.GetTweetHandler").reads(TWEETS))
            .function(FunctionSpec.of(FANOUT, "com.example.tweets.FanoutHandler")
                    .memoryMb(2048).timeoutSeconds(60).reads(USERS).readsAndWrites(TWEETS).withRedis())
            .authorizer(AuthorizerSpec.onAuthorizationHeader(SESSION, AUTHORIZE, 300))
            .route(RouteSpec.publicRoute(POST, "/users", CREATE_USER))
            .route(RouteSpec.authorized(GET, "/tweets/{id}", GET_TWEET, SESSION))
            .route(RouteSpec.authorized(GET, "/users/{userId}/tweets", GET_TWEET, SESSION))
            .streamConsumer(new StreamConsumerSpec(TWEETS, FANOUT, 50, 2, 5, 2, StartingPosition.LATEST, 3_600))
            .build();

    @TempDir
    static Path tmp;

    private static ScaleoutStackConfig config;
    private static TestStacks.Synthesized synth;

    @BeforeAll
    static void synthesize() {
        config = TestStacks.config("dev", tmp);
        synth = TestStacks.synth(DECLARATION, config);
    }

    @Test
    void everyDeclaredTableFunctionRouteAndConsumerIsInTheTemplate() {
        DeclarationAssertions.assertStackMatches(synth, DECLARATION, config);
    }

    @Nested
    class Tables {
        @Test
        void tableWithStreamIndexAndTtl() {
            synth.template().hasResourceProperties("AWS::DynamoDB::Table", Map.of(
                    "KeySchema", List.of(key("tweetId", "HASH"), key("kind", "RANGE")),
                    "AttributeDefinitions", List.of(attribute("tweetId", "S"), attribute("kind", "S"),
                            attribute("authorId", "S"), attribute("createdAt", "N")),
                    "BillingMode", "PAY_PER_REQUEST",
                    "PointInTimeRecoverySpecification", Map.of("PointInTimeRecoveryEnabled", true),
                    "StreamSpecification", Map.of("StreamViewType", "NEW_AND_OLD_IMAGES"),
                    "TimeToLiveSpecification", Map.of("AttributeName", "expiresAt", "Enabled", true),
                    "GlobalSecondaryIndexes", List.of(Map.of(
                            "IndexName", "ByAuthor",
                            "KeySchema", List.of(key("authorId", "HASH"), key("createdAt", "RANGE")),
                            "Projection", Map.of("ProjectionType", "ALL")))));
        }

        @Test
        void plainTableHasNoStreamTtlOrIndex() {
            synth.template().hasResourceProperties("AWS::DynamoDB::Table", Map.of(
                    "KeySchema", List.of(key("userId", "HASH")),
                    "AttributeDefinitions", List.of(attribute("userId", "S")),
                    "BillingMode", "PAY_PER_REQUEST",
                    "PointInTimeRecoverySpecification", Map.of("PointInTimeRecoveryEnabled", true),
                    "StreamSpecification", Match.absent(),
                    "TimeToLiveSpecification", Match.absent(),
                    "GlobalSecondaryIndexes", Match.absent()));
        }

        @Test
        void devTablesAreDisposable() {
            assertThat(synth.template().findResources("AWS::DynamoDB::Table").values())
                    .hasSize(DECLARATION.tables().size())
                    .allSatisfy(t -> assertThat(t).containsEntry("DeletionPolicy", "Delete"));
        }
    }

    @Nested
    class FunctionsAndGrants {
        @Test
        void routeFunctionsGetExactlyTheirDeclaredAccess() {
            assertThat(actionsOnTable(GET_TWEET, TWEETS)).contains("dynamodb:GetItem", "dynamodb:Query")
                    .doesNotContain("dynamodb:PutItem", "dynamodb:DeleteItem");
            assertThat(actionsOnTable(GET_TWEET, USERS)).isEmpty();
            assertThat(actionsOnTable(CREATE_USER, USERS)).contains("dynamodb:GetItem", "dynamodb:PutItem");
            assertThat(actionsOnTable(CREATE_USER, TWEETS)).isEmpty();
            assertThat(actionsOnTable(AUTHORIZE, USERS)).contains("dynamodb:GetItem")
                    .doesNotContain("dynamodb:PutItem");
        }

        @Test
        void streamConsumerReadsTheStreamWritesItsTableAndSendsFailuresToItsQueue() {
            Table tweets = synth.stack().tables().table(TWEETS);
            var fanout = synth.stack().functions().function(FANOUT);
            var queue = synth.stack().streamConsumers().onFailureQueues().get(TWEETS + "-" + FANOUT);

            assertThat(synth.actionsOn(fanout, synth.resolve(tweets.getTableStreamArn())))
                    .contains("dynamodb:DescribeStream", "dynamodb:GetRecords", "dynamodb:GetShardIterator");
            assertThat(actionsOnTable(FANOUT, TWEETS)).contains("dynamodb:PutItem", "dynamodb:UpdateItem");
            assertThat(actionsOnTable(FANOUT, USERS)).contains("dynamodb:GetItem").doesNotContain("dynamodb:PutItem");
            assertThat(synth.actionsOn(fanout, synth.resolve(queue.getQueueArn()))).contains("sqs:SendMessage");
        }

        @Test
        void noFunctionButHealthMayListTables() {
            DECLARATION.functions().forEach(f -> assertThat(
                    synth.actionsOn(synth.stack().functions().function(f.name()), "*"))
                    .as(f.name()).doesNotContain("dynamodb:ListTables"));
        }

        @Test
        void aDeclaredReservationIsTheFunctionsReservedConcurrencyAndOnlyThere() {
            var reserving = Declaration.builder()
                    .table(TableSpec.of(USERS, string("userId")))
                    .function(FunctionSpec.of(CREATE_USER, "com.example.users.CreateUserHandler")
                            .readsAndWrites(USERS).reservedConcurrency(3))
                    .function(FunctionSpec.of(GET_TWEET, "com.example.tweets.GetTweetHandler").reads(USERS))
                    .route(RouteSpec.publicRoute(POST, "/users", CREATE_USER))
                    .route(RouteSpec.publicRoute(GET, "/users/{userId}", GET_TWEET))
                    .build();

            // DeclarationAssertions checks each function's ReservedConcurrentExecutions: 3, then absent
            DeclarationAssertions.assertStackMatches(TestStacks.synth(reserving, config), reserving, config);
        }

        @Test
        void redisUrlGoesOnlyToFunctionsThatUseRedis() {
            var withRedis = config.withRedisUrl("rediss://cache.example.internal:6379");
            var redisSynth = TestStacks.synth(DECLARATION, withRedis);

            DeclarationAssertions.assertStackMatches(redisSynth, DECLARATION, withRedis);
            var withRedisUrl = Map.of("Properties", Map.of("Environment",
                    Map.of("Variables", Map.of(Settings.REDIS_URL.name(), Match.anyValue()))));
            assertThat(redisSynth.template().findResources("AWS::Lambda::Function", withRedisUrl))
                    .containsOnlyKeys(redisSynth.logicalId(redisSynth.stack().functions().function(FANOUT)));
        }

        private java.util.Set<String> actionsOnTable(String function, String table) {
            return synth.actionsOn(synth.stack().functions().function(function),
                    synth.resolve(synth.stack().tables().table(table).getTableArn()));
        }
    }

    @Nested
    class Api {
        @Test
        void authorizedRoutesUseTheDeclaredAuthorizerAndPublicOnesNone() {
            String authorizerId = logicalIdOfOnly("AWS::ApiGatewayV2::Authorizer");
            synth.template().hasResourceProperties("AWS::ApiGatewayV2::Route", Map.of(
                    "RouteKey", "GET /tweets/{id}",
                    "AuthorizationType", "CUSTOM",
                    "AuthorizerId", Map.of("Ref", authorizerId)));
            synth.template().hasResourceProperties("AWS::ApiGatewayV2::Route", Map.of(
                    "RouteKey", "POST /users",
                    "AuthorizationType", "NONE",
                    "AuthorizerId", Match.absent()));
        }

        @Test
        void authorizerIsASimpleRequestAuthorizerCachedOnTheAuthorizationHeader() {
            synth.template().hasResourceProperties("AWS::ApiGatewayV2::Authorizer", Map.of(
                    "Name", SESSION,
                    "AuthorizerType", "REQUEST",
                    "EnableSimpleResponses", true,
                    "AuthorizerPayloadFormatVersion", "2.0",
                    "IdentitySource", List.of("$request.header.Authorization"),
                    "AuthorizerResultTtlInSeconds", 300));
        }

        @Test
        void apiGatewayMayInvokeEachRoutesFunctionOnceForTheWholeApi() {
            var api = synth.resolve(synth.stack().api().httpApi().getApiId());
            var routed = DECLARATION.routes().stream().map(RouteSpec::function).distinct().toList();
            for (String function : routed) {
                var permissions = synth.template().findResources("AWS::Lambda::Permission", Map.of("Properties",
                        Map.of("FunctionName", synth.resolve(synth.stack().functions().alias(function)
                                .getFunctionArn()), "Principal", "apigateway.amazonaws.com")));
                // its routes' permission, scoped to the API (any stage, method and path), and the authorizer's
                assertThat(permissions.values()).as(function).filteredOn(p -> !p.toString().contains("authorizers"))
                        .singleElement().asString().contains(api.toString()).contains("/*/*/*");
            }
        }

        @Test
        void apiGatewayMayInvokeTheAuthorizerFunctionThroughItsAlias() {
            var authorize = synth.stack().functions().alias(AUTHORIZE);
            synth.template().hasResourceProperties("AWS::Lambda::Permission", Map.of(
                    "Action", "lambda:InvokeFunction",
                    "Principal", "apigateway.amazonaws.com",
                    "FunctionName", synth.resolve(authorize.getFunctionArn())));
        }

        @Test
        void theDefaultStageThrottlesAndWritesJsonAccessLogsWithoutHeadersOrBodies() {
            synth.template().resourceCountIs("AWS::ApiGatewayV2::Stage", 1);
            synth.template().hasResourceProperties("AWS::ApiGatewayV2::Stage", Map.of(
                    "StageName", "$default",
                    "AutoDeploy", true,
                    "DefaultRouteSettings", Map.of(
                            "ThrottlingRateLimit", HttpApiRoutes.RATE_LIMIT,
                            "ThrottlingBurstLimit", HttpApiRoutes.BURST_LIMIT),
                    "AccessLogSettings", Map.of(
                            "DestinationArn", software.amazon.awscdk.assertions.Match.anyValue(),
                            "Format", HttpApiRoutes.ACCESS_LOG_FORMAT)));
            assertThat(HttpApiRoutes.ACCESS_LOG_FORMAT).contains("$context.requestId", "$context.status")
                    .doesNotContain("header", "authorization", "body");
        }

        @Test
        void browsersMayCallFromAnyOriginWithABearerToken() {
            synth.template().hasResourceProperties("AWS::ApiGatewayV2::Api", Map.of(
                    "CorsConfiguration", software.amazon.awscdk.assertions.Match.objectLike(Map.of(
                            "AllowOrigins", List.of("*"),
                            "AllowHeaders", List.of("authorization", "content-type", "idempotency-key"),
                            "MaxAge", 3600))));
        }

        @Test
        void routesInvokeTheAliasNotTheUnpublishedFunction() {
            var integrations = synth.template().findResources("AWS::ApiGatewayV2::Integration");
            var aliasArns = DECLARATION.functions().stream()
                    .map(f -> synth.resolve(synth.stack().functions().alias(f.name()).getFunctionArn())).toList();

            assertThat(integrations.values()).isNotEmpty().allSatisfy(integration ->
                    assertThat(aliasArns).contains(properties(integration).get("IntegrationUri")));
        }

        @Test
        void integrationsArePayloadV2LambdaProxies() {
            synth.template().allResourcesProperties("AWS::ApiGatewayV2::Integration", Map.of(
                    "IntegrationType", "AWS_PROXY",
                    "PayloadFormatVersion", "2.0"));
        }

        @Test
        void identitySourceIsTheCanonicalHeaderName() {
            assertThat(HttpApiRoutes.identitySource("authorization")).isEqualTo("$request.header.Authorization");
            assertThat(HttpApiRoutes.identitySource("x-api-key")).isEqualTo("$request.header.X-Api-Key");
        }
    }

    @Nested
    class StreamConsumers {
        @Test
        void eventSourceMappingCarriesTheDeclaredSettingsAndFailureHandling() {
            var tweets = synth.stack().tables().table(TWEETS);
            var queue = synth.stack().streamConsumers().onFailureQueues().get(TWEETS + "-" + FANOUT);
            synth.template().hasResourceProperties("AWS::Lambda::EventSourceMapping", Map.of(
                    "EventSourceArn", synth.resolve(tweets.getTableStreamArn()),
                    "FunctionName", synth.resolve(synth.stack().functions().alias(FANOUT).getFunctionArn()),
                    "BatchSize", 50,
                    "MaximumBatchingWindowInSeconds", 2,
                    "MaximumRetryAttempts", 5,
                    "ParallelizationFactor", 2,
                    "StartingPosition", "LATEST",
                    "BisectBatchOnFunctionError", true,
                    "FunctionResponseTypes", List.of("ReportBatchItemFailures"),
                    "DestinationConfig", Map.of("OnFailure",
                            Map.of("Destination", synth.resolve(queue.getQueueArn())))));
        }

        @Test
        void eventSourceMappingCarriesTheDeclaredMaximumRecordAge() {
            synth.template().hasResourceProperties("AWS::Lambda::EventSourceMapping", Map.of(
                    "MaximumRecordAgeInSeconds", 3_600));
        }

        /** The mapping writes the declared failure handling: a consumer with neither gets neither property. */
        @Test
        void aConsumerWithoutBisectOrItemFailuresGetsAMappingWithout() {
            var consumer = DECLARATION.streamConsumers().getFirst();
            var plain = new Declaration(DECLARATION.tables(), DECLARATION.buckets(), DECLARATION.functions(),
                    DECLARATION.authorizers(), DECLARATION.routes(), DECLARATION.routeThrottles(),
                    List.of(consumer.reportsBatchItemFailures(false).bisectsOnError(false)),
                    DECLARATION.webSocketApis());

            var mappings = TestStacks.synth(plain, config).template().findResources("AWS::Lambda::EventSourceMapping");

            assertThat(mappings.values()).singleElement().satisfies(mapping -> assertThat(properties(mapping))
                    .containsEntry("MaximumRetryAttempts", 5)
                    .doesNotContainKey("FunctionResponseTypes")
                    .satisfiesAnyOf(p -> assertThat(p).doesNotContainKey("BisectBatchOnFunctionError"),
                            p -> assertThat(p).containsEntry("BisectBatchOnFunctionError", false)));
        }

        @Test
        void onFailureQueuesKeepRecordsForTheMaximumRetention() {
            synth.template().allResourcesProperties("AWS::SQS::Queue", Map.of(
                    "MessageRetentionPeriod", 14 * 24 * 3600,
                    "SqsManagedSseEnabled", true));
        }
    }

    @Nested
    class NonDevStage {
        @Test
        void dataOutlivesTheStack() {
            var prodConfig = TestStacks.config("prod", tmp);
            var prod = TestStacks.synth(DECLARATION, prodConfig);

            DeclarationAssertions.assertStackMatches(prod, DECLARATION, prodConfig);
            for (String type : List.of("AWS::DynamoDB::Table", "AWS::SQS::Queue", "AWS::Logs::LogGroup")) {
                assertThat(prod.template().findResources(type).values()).as(type).isNotEmpty()
                        .allSatisfy(r -> assertThat(r).containsEntry("DeletionPolicy", "Retain")
                                .containsEntry("UpdateReplacePolicy", "Retain"));
            }
        }

        @Test
        void tablesAreProtectedFromDeletionOutsideDevOnly() {
            var prod = TestStacks.synth(DECLARATION, TestStacks.config("prod", tmp));

            assertThat(prod.template().findResources("AWS::DynamoDB::Table").values()).isNotEmpty()
                    .allSatisfy(table -> assertThat(properties(table)).containsEntry("DeletionProtectionEnabled", true));
            assertThat(synth.template().findResources("AWS::DynamoDB::Table").values())
                    .allSatisfy(table -> assertThat(properties(table)).containsEntry("DeletionProtectionEnabled", false));
        }
    }

    @Nested
    class SnapStart {
        @Test
        void everyFunctionSnapshotsItsPublishedVersionsBehindALiveAlias() {
            var functions = synth.template().findResources("AWS::Lambda::Function");
            assertThat(functions.values()).hasSize(DECLARATION.functions().size()).allSatisfy(function ->
                    assertThat(properties(function)).containsEntry("SnapStart", Map.of("ApplyOn", "PublishedVersions")));
            synth.template().resourceCountIs("AWS::Lambda::Version", DECLARATION.functions().size());
            synth.template().resourceCountIs("AWS::Lambda::Alias", DECLARATION.functions().size());
            for (var spec : DECLARATION.functions()) {
                var function = synth.stack().functions().function(spec.name());
                synth.template().hasResourceProperties("AWS::Lambda::Alias", Map.of(
                        "Name", Functions.ALIAS,
                        "FunctionName", synth.resolve(function.getFunctionName()),
                        "FunctionVersion", synth.resolve(function.getCurrentVersion().getVersion())));
            }
        }
    }

    @Nested
    class ProvisionedConcurrency {
        @Test
        void requestServingFunctionsKeepEnvironmentsInitializedAndAutoscaleWhileConsumersKeepSnapStart() {
            var config = TestStacks.config("prod", tmp).withProvisionedConcurrency(2);
            var stack = TestStacks.synth(DECLARATION, config);
            var serving = List.of(AUTHORIZE, CREATE_USER, GET_TWEET);

            for (String name : serving) {
                var function = stack.stack().functions().function(name);
                stack.template().hasResourceProperties("AWS::Lambda::Alias", Map.of(
                        "FunctionName", stack.resolve(function.getFunctionName()),
                        "ProvisionedConcurrencyConfig", Map.of("ProvisionedConcurrentExecutions", 2)));
                assertThat(properties(stack.template().findResources("AWS::Lambda::Function").get(
                        stack.logicalId(function)))).as(name + ": Lambda does not combine the two")
                        .doesNotContainKey("SnapStart");
            }
            var fanout = stack.stack().functions().function(FANOUT);
            assertThat(properties(stack.template().findResources("AWS::Lambda::Function").get(
                    stack.logicalId(fanout)))).containsEntry("SnapStart", Map.of("ApplyOn", "PublishedVersions"));

            stack.template().resourceCountIs("AWS::ApplicationAutoScaling::ScalableTarget", serving.size());
            stack.template().hasResourceProperties("AWS::ApplicationAutoScaling::ScalableTarget", Map.of(
                    "MinCapacity", 2, "MaxCapacity", FunctionSpec.DEFAULT_PEAK_CONCURRENCY,
                    "ScalableDimension", "lambda:function:ProvisionedConcurrency"));
            stack.template().hasResourceProperties("AWS::ApplicationAutoScaling::ScalingPolicy",
                    software.amazon.awscdk.assertions.Match.objectLike(Map.of(
                            "TargetTrackingScalingPolicyConfiguration", software.amazon.awscdk.assertions.Match
                                    .objectLike(Map.of("TargetValue", Functions.PROVISIONED_UTILIZATION_TARGET)))));
        }

        @Test
        void noneByDefault() {
            assertThat(synth.template().findResources("AWS::Lambda::Alias").values())
                    .allSatisfy(alias -> assertThat(properties(alias)).doesNotContainKey("ProvisionedConcurrencyConfig"));
        }
    }

    @Nested
    class ProvisionedCapacity {
        @Test
        void onDemandUnlessAskedThenProvisionedWithTargetTrackingOnEveryTableAndIndex() {
            var config = TestStacks.config("prod", tmp)
                    .withCapacity(ScaleoutStackConfig.TableCapacity.PROVISIONED);
            var provisioned = TestStacks.synth(DECLARATION, config);

            assertThat(provisioned.template().findResources("AWS::DynamoDB::Table").values())
                    .allSatisfy(table -> assertThat(properties(table)).doesNotContainKey("BillingMode")
                            .containsEntry("ProvisionedThroughput", Map.of("ReadCapacityUnits", 5,
                                    "WriteCapacityUnits", 5)));
            long indexes = DECLARATION.tables().stream().mapToLong(t -> t.globalIndexes().size()).sum();
            long scalable = 2 * (DECLARATION.tables().size() + indexes); // reads and writes of each
            provisioned.template().resourceCountIs("AWS::ApplicationAutoScaling::ScalableTarget", (int) scalable);
            provisioned.template().resourceCountIs("AWS::ApplicationAutoScaling::ScalingPolicy", (int) scalable);
            provisioned.template().hasResourceProperties("AWS::ApplicationAutoScaling::ScalableTarget", Map.of(
                    "MinCapacity", DataTables.MIN_CAPACITY, "MaxCapacity", DataTables.MAX_CAPACITY,
                    "ScalableDimension", "dynamodb:index:WriteCapacityUnits"));
            provisioned.template().hasResourceProperties("AWS::ApplicationAutoScaling::ScalingPolicy",
                    software.amazon.awscdk.assertions.Match.objectLike(Map.of(
                            "PolicyType", "TargetTrackingScaling",
                            "TargetTrackingScalingPolicyConfiguration", software.amazon.awscdk.assertions.Match
                                    .objectLike(Map.of("TargetValue", DataTables.TARGET_UTILIZATION_PERCENT)))));

            synth.template().resourceCountIs("AWS::ApplicationAutoScaling::ScalableTarget", 0);
        }

        @Test
        void theContextSaysWhich() {
            assertThat(ScaleoutStackConfig.TableCapacity.fromContext("provisioned"))
                    .isEqualTo(ScaleoutStackConfig.TableCapacity.PROVISIONED);
            assertThat(ScaleoutStackConfig.TableCapacity.fromContext("on-demand"))
                    .isEqualTo(ScaleoutStackConfig.TableCapacity.ON_DEMAND);
            org.assertj.core.api.Assertions.assertThatThrownBy(
                    () -> ScaleoutStackConfig.TableCapacity.fromContext("lots"))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("on-demand or provisioned");
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> properties(Object resource) {
        return (Map<String, Object>) ((Map<String, Object>) resource).get("Properties");
    }

    private static String logicalIdOfOnly(String type) {
        var found = synth.template().findResources(type);
        assertThat(found).hasSize(1);
        return found.keySet().iterator().next();
    }

    private static Map<String, String> key(String name, String type) {
        return Map.of("AttributeName", name, "KeyType", type);
    }

    private static Map<String, String> attribute(String name, String type) {
        return Map.of("AttributeName", name, "AttributeType", type);
    }
}
