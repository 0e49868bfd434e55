package com.scaleout.cdk;

import static com.scaleout.declaration.HttpMethod.GET;
import static com.scaleout.declaration.TableSpec.KeyAttribute.string;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.FunctionSpec;
import com.scaleout.declaration.RouteSpec;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.declaration.Settings;
import com.scaleout.declaration.TableSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awscdk.assertions.Annotations;
import software.amazon.awscdk.assertions.Match;
import software.amazon.awscdk.services.ec2.GatewayVpcEndpointAwsService;
import software.amazon.awscdk.services.lambda.Function;

/**
 * The network and the cache: an ElastiCache Serverless (Valkey) cache in isolated subnets, reachable from the
 * functions that use Redis only, which run next to it; none of it when a Redis URL is given.
 */
class CacheTest {
    private static final Declaration DECLARATION = ScaleoutStackTest.DECLARATION;

    @TempDir
    static Path tmp;

    private static ScaleoutStackConfig config;
    private static TestStacks.Synthesized synth;
    private static Network network;
    private static Cache cache;

    @BeforeAll
    static void synthesize() {
        config = TestStacks.config("dev", tmp);
        synth = TestStacks.synth(DECLARATION, config);
        network = synth.stack().network().orElseThrow();
        cache = synth.stack().cache().orElseThrow();
    }

    @Nested
    class TheCache {
        @Test
        void oneValkeyServerlessCacheInTheIsolatedSubnetsBehindItsSecurityGroup() {
            synth.template().resourceCountIs("AWS::ElastiCache::ServerlessCache", 1);
            synth.template().hasResourceProperties("AWS::ElastiCache::ServerlessCache", Map.of(
                    "ServerlessCacheName", "scaleout-dev",
                    "Engine", "valkey",
                    "MajorEngineVersion", "8",
                    "SubnetIds", Match.exact(isolatedSubnetRefs()),
                    "SecurityGroupIds", Match.exact(List.of(
                            synth.resolve(network.cacheSecurityGroup().getSecurityGroupId()))),
                    "SnapshotRetentionLimit", 0));
            assertThat(isolatedSubnetRefs()).hasSize(Network.AVAILABILITY_ZONES);
        }

        @Test
        void usageIsCappedAtTheDefaultCeilings() {
            assertCeilings(synth, 10, 100_000);
        }

        @Test
        void theCeilingsComeFromTheConfig() {
            var limited = TestStacks.synth(DECLARATION,
                    config.withCacheLimits(new ScaleoutStackConfig.CacheLimits(2, 5_000)));

            assertCeilings(limited, 2, 5_000);
        }

        private static void assertCeilings(TestStacks.Synthesized stack, int dataGb, int ecpuPerSecond) {
            stack.template().hasResourceProperties("AWS::ElastiCache::ServerlessCache", Map.of(
                    "CacheUsageLimits", Map.of(
                            "DataStorage", Map.of("Maximum", dataGb, "Unit", "GB"),
                            "ECPUPerSecond", Map.of("Maximum", ecpuPerSecond))));
        }

        @Test
        void isRebuiltFromDynamoDbSoItGoesWithTheStackInEveryStage() {
            var prod = TestStacks.synth(DECLARATION, TestStacks.config("prod", tmp));

            prod.template().hasResourceProperties("AWS::ElastiCache::ServerlessCache",
                    Map.of("ServerlessCacheName", "scaleout-prod"));
            assertThat(prod.template().findResources("AWS::ElastiCache::ServerlessCache").values())
                    .allSatisfy(resource -> assertThat(resource).doesNotContainKeys("DeletionPolicy",
                            "UpdateReplacePolicy"));
        }

        @Test
        void itsNameMustBeOneElastiCacheAccepts() {
            assertThat(Cache.name("prod-eu")).isEqualTo("scaleout-prod-eu");
            assertThatIllegalArgumentException().isThrownBy(() -> Cache.name("dev-"));
            assertThatIllegalArgumentException().isThrownBy(() -> Cache.name("dev--2"));
        }

        @Test
        void theEndpointIsAnOutput() {
            synth.template().hasOutput("CacheEndpoint", Map.of("Value", synth.resolve(cache.redisUrl())));
            String logicalId = synth.logicalIdOf(cache.serverlessCache());
            assertThat(synth.resolve(cache.redisUrl())).isEqualTo(Map.of("Fn::Join", List.of("", List.of(
                    "rediss://",
                    Map.of("Fn::GetAtt", List.of(logicalId, "Endpoint.Address")),
                    ":",
                    Map.of("Fn::GetAtt", List.of(logicalId, "Endpoint.Port"))))));
        }
    }

    @Nested
    class TheNetwork {
        @Test
        void isolatedSubnetsOnlyWithNoWayToOrFromTheInternet() {
            synth.template().resourceCountIs("AWS::EC2::VPC", 1);
            synth.template().resourceCountIs("AWS::EC2::Subnet", Network.AVAILABILITY_ZONES);
            synth.template().resourceCountIs("AWS::EC2::NatGateway", 0);
            synth.template().resourceCountIs("AWS::EC2::InternetGateway", 0);
            synth.template().resourceCountIs("AWS::EC2::EIP", 0);
            synth.template().allResourcesProperties("AWS::EC2::Subnet", Map.of("MapPublicIpOnLaunch", false));
            assertThat(synth.template().findResources("AWS::EC2::Route")).as("no route out of the VPC").isEmpty();
        }

        @Test
        void dynamoDbAndS3ThroughFreeGatewayEndpointsInEverySubnet() {
            var endpoints = synth.template().findResources("AWS::EC2::VPCEndpoint");
            var routeTables = network.vpc().getIsolatedSubnets().stream()
                    .map(subnet -> synth.resolve(subnet.getRouteTable().getRouteTableId())).toList();

            assertThat(endpoints).hasSize(2);
            assertThat(endpoints.values()).allSatisfy(endpoint -> {
                assertThat(properties(endpoint)).containsEntry("VpcEndpointType", "Gateway");
                assertThat(properties(endpoint).get("RouteTableIds")).asInstanceOf(InstanceOfAssertFactories.LIST)
                        .containsExactlyInAnyOrderElementsOf(routeTables);
            });
            assertThat(endpoints.values()).extracting(endpoint -> properties(endpoint).get("ServiceName"))
                    .containsExactlyInAnyOrder(synth.resolve(GatewayVpcEndpointAwsService.DYNAMODB.getName()),
                            synth.resolve(GatewayVpcEndpointAwsService.S3.getName()));
        }

        @Test
        void rejectedTrafficIsLoggedToTheLogBucket() {
            var logs = synth.stack().storage().accessLogs().orElseThrow();

            synth.template().resourceCountIs("AWS::EC2::FlowLog", 1);
            synth.template().hasResourceProperties("AWS::EC2::FlowLog", Map.of(
                    "ResourceId", synth.resolve(network.vpc().getVpcId()),
                    "TrafficType", "REJECT",
                    "LogDestinationType", "s3",
                    "LogDestination", Map.of("Fn::Join", List.of("", List.of(
                            synth.resolve(logs.getBucketArn()), "/" + Network.FLOW_LOG_PREFIX)))));
            // in the template, not added by AWS at deploy time to a policy CloudFormation then overwrites
            synth.template().hasResourceProperties("AWS::S3::BucketPolicy", Map.of(
                    "Bucket", synth.resolve(logs.getBucketName()),
                    "PolicyDocument", Map.of("Statement", Match.arrayWith(List.of(Match.objectLike(Map.of(
                            "Action", "s3:PutObject",
                            "Principal", Map.of("Service", "delivery.logs.amazonaws.com"))))))));
        }

        /** EC2 refuses any other character in a group's description (cfn-lint E3031 found an apostrophe). */
        @Test
        void securityGroupDescriptionsUseOnlyTheCharactersEc2Accepts() {
            var groups = synth.template().findResources("AWS::EC2::SecurityGroup");
            assertThat(groups).isNotEmpty();
            groups.forEach((id, group) -> assertThat(((Map<?, ?>) group.get("Properties")).get("GroupDescription"))
                    .as(id).asString().matches("[a-zA-Z0-9. _\\-:/()#,@\\[\\]+=&;{}!$*]{1,255}"));
        }

        @Test
        void theCacheAdmitsOnlyTheFunctionsSecurityGroupOnItsPortsAndSendsNothing() {
            String cacheGroup = synth.logicalId(network.cacheSecurityGroup());
            Object cacheGroupId = synth.resolve(network.cacheSecurityGroup().getSecurityGroupId());

            var ingress = synth.template().findResources("AWS::EC2::SecurityGroupIngress",
                    Map.of("Properties", Map.of("GroupId", cacheGroupId)));
            assertThat(ingress.values()).singleElement().satisfies(rule -> assertThat(properties(rule))
                    .containsEntry("IpProtocol", "tcp")
                    .containsEntry("FromPort", Network.CACHE_PORT)
                    .containsEntry("ToPort", Network.CACHE_READER_PORT)
                    .containsEntry("SourceSecurityGroupId",
                            synth.resolve(network.functionsSecurityGroup().getSecurityGroupId()))
                    .doesNotContainKeys("CidrIp", "CidrIpv6", "SourcePrefixListId"));
            var group = properties(synth.template().findResources("AWS::EC2::SecurityGroup").get(cacheGroup));
            assertThat(group).doesNotContainKey("SecurityGroupIngress");
            // CDK's placeholder for "no egress": a rule no packet matches
            assertThat(group.get("SecurityGroupEgress")).asInstanceOf(InstanceOfAssertFactories.LIST).singleElement()
                    .asInstanceOf(InstanceOfAssertFactories.MAP).containsEntry("CidrIp", "255.255.255.255/32");
        }
    }

    @Nested
    class TheFunctions {
        @Test
        void thoseThatUseRedisRunNextToTheCacheWithItsTlsEndpointAndTheClusterClient() {
            var redisUsers = DECLARATION.functions().stream().filter(FunctionSpec::usesRedis).toList();
            assertThat(redisUsers).isNotEmpty();
            for (FunctionSpec spec : redisUsers) {
                var function = properties(functionResource(spec.name()));

                assertThat(function.get("VpcConfig")).as(spec.name()).isEqualTo(Map.of(
                        "SubnetIds", isolatedSubnetRefs(),
                        "SecurityGroupIds", List.of(
                                synth.resolve(network.functionsSecurityGroup().getSecurityGroupId()))));
                assertThat(environment(spec.name()))
                        .containsEntry(Settings.REDIS_URL.name(), synth.resolve(cache.redisUrl()))
                        .containsEntry(Settings.REDIS_CLUSTER.name(), "true");
                assertThat(managedPolicies(synth.stack().functions().function(spec.name())))
                        .anySatisfy(policy -> assertThat(policy).contains("AWSLambdaVPCAccessExecutionRole"));
            }
        }

        /** Their lag is Lambda's IteratorAge, read by the admin function from CloudWatch: nothing else holds them. */
        @Test
        void theConsumersThatWriteDynamoDbOnlyRunOutsideTheVpcAndTheAdminFunctionReadsTheirLag() {
            var real = TestStacks.synth(ScaleoutDeclaration.declaration(), config.withAdminRoutes());
            var functions = real.template().findResources("AWS::Lambda::Function");
            for (String outside : List.of(ScaleoutDeclaration.TWEET_INDEXER, ScaleoutDeclaration.IMPORT_CHANGE_LOG)) {
                var function = real.stack().functions().function(outside);
                assertThat(properties(functions.get(real.logicalId(function)))).as(outside)
                        .doesNotContainKey("VpcConfig");
            }
            for (String inside : List.of(ScaleoutDeclaration.SEARCH_INDEXER, ScaleoutDeclaration.SOCIAL_FANOUT)) {
                var function = real.stack().functions().function(inside);
                assertThat(properties(functions.get(real.logicalId(function)))).as(inside).containsKey("VpcConfig");
            }
            var admin = real.stack().functions().function(ScaleoutDeclaration.ADMIN);
            assertThat(real.actionsOn(admin, "*")).contains("cloudwatch:GetMetricData");
            assertThat(properties(functions.get(real.logicalId(admin))).toString())
                    .contains(Settings.function(ScaleoutDeclaration.TWEET_INDEXER).name());
            for (FunctionSpec other : ScaleoutDeclaration.declaration().functions()) {
                if (!other.name().equals(ScaleoutDeclaration.ADMIN)) {
                    assertThat(real.actionsOn(real.stack().functions().function(other.name()), "*"))
                            .as(other.name()).doesNotContain("cloudwatch:GetMetricData");
                }
            }
        }

        @Test
        void theOthersStayOutsideAnyVpcWithoutRedisVariables() {
            var others = DECLARATION.functions().stream().filter(f -> !f.usesRedis()).toList();
            assertThat(others).isNotEmpty();
            for (FunctionSpec spec : others) {
                assertThat(properties(functionResource(spec.name()))).as(spec.name()).doesNotContainKey("VpcConfig");
                assertThat(environment(spec.name())).as(spec.name())
                        .doesNotContainKeys(Settings.REDIS_URL.name(), Settings.REDIS_CLUSTER.name());
                assertThat(managedPolicies(synth.stack().functions().function(spec.name())))
                        .noneSatisfy(policy -> assertThat(policy).contains("AWSLambdaVPCAccessExecutionRole"));
            }
        }
    }

    @Nested
    class WithARedisOfYourOwn {
        private static final String URL = "rediss://cache.example.internal:6379";

        @Test
        void noVpcNoCacheAndTheGivenUrlWithoutTheClusterFlag() {
            var own = TestStacks.synth(DECLARATION, config.withRedisUrl(URL));

            assertThat(own.stack().network()).isEmpty();
            assertThat(own.stack().cache()).isEmpty();
            for (String type : List.of("AWS::ElastiCache::ServerlessCache", "AWS::EC2::VPC", "AWS::EC2::Subnet",
                    "AWS::EC2::SecurityGroup", "AWS::EC2::VPCEndpoint", "AWS::EC2::FlowLog", "AWS::S3::Bucket")) {
                own.template().resourceCountIs(type, 0);
            }
            own.template().allResourcesProperties("AWS::Lambda::Function", Map.of("VpcConfig", Match.absent()));
            for (FunctionSpec spec : DECLARATION.functions().stream().filter(FunctionSpec::usesRedis).toList()) {
                var function = own.template().findResources("AWS::Lambda::Function").get(
                        own.logicalId(own.stack().functions().function(spec.name())));
                assertThat(variables(function)).as(spec.name()).containsEntry(Settings.REDIS_URL.name(), URL)
                        .doesNotContainKey(Settings.REDIS_CLUSTER.name());
            }
            assertThat(own.template().findOutputs("CacheEndpoint")).isEmpty();
        }

        @Test
        void theProductionStackStillHasNoUnsuppressedFinding() {
            var own = TestStacks.synth(ScaleoutDeclaration.declaration(), config.withRedisUrl(URL));
            assertThat(own.errors(Match.stringLikeRegexp("AwsSolutions-.*"))).isEmpty();
            assertThat(own.warnings(Match.stringLikeRegexp("AwsSolutions-.*"))).isEmpty();
        }
    }

    @Test
    void noFunctionUsesRedisNoNetworkAndNoCache() {
        var withoutRedis = Declaration.builder()
                .table(TableSpec.of("Things", string("thingId")))
                .function(FunctionSpec.of("GetThing", "com.example.GetThingHandler").reads("Things"))
                .route(RouteSpec.publicRoute(GET, "/things/{id}", "GetThing"))
                .build();

        var stack = TestStacks.synth(withoutRedis, config);

        assertThat(stack.stack().network()).isEmpty();
        stack.template().resourceCountIs("AWS::EC2::VPC", 0);
        stack.template().resourceCountIs("AWS::ElastiCache::ServerlessCache", 0);
        DeclarationAssertions.assertStackMatches(stack, withoutRedis, config);
    }

    private static List<Object> isolatedSubnetRefs() {
        @SuppressWarnings("unchecked")
        var refs = (List<Object>) synth.resolve(network.vpc().selectSubnets(network.isolatedSubnets()).getSubnetIds());
        return refs;
    }

    private static Map<String, Object> functionResource(String name) {
        return synth.template().findResources("AWS::Lambda::Function")
                .get(synth.logicalId(synth.stack().functions().function(name)));
    }

    private static Map<String, Object> environment(String name) {
        return variables(functionResource(name));
    }

    private static List<String> managedPolicies(Function function) {
        var role = synth.template().findResources("AWS::IAM::Role")
                .get(synth.logicalId(function.getRole()));
        return ((List<?>) properties(role).get("ManagedPolicyArns")).stream().map(Object::toString).toList();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> variables(Map<String, Object> function) {
        var environment = (Map<String, Object>) properties(function).get("Environment");
        return (Map<String, Object>) environment.get("Variables");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> properties(Object resource) {
        return (Map<String, Object>) ((Map<String, Object>) resource).get("Properties");
    }
}
