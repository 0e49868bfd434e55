package com.scaleout.cdk;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.declaration.Declaration;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awscdk.App;
import software.amazon.awscdk.assertions.Annotations;
import software.amazon.awscdk.assertions.Match;
import software.amazon.awscdk.services.s3.assets.Asset;
import software.constructs.IConstruct;

/**
 * The web client's static site: a private bucket read by CloudFront only (origin access control), HTTPS with
 * security headers, the built files and a config.json naming the API, and the URL as an output; no site when the
 * client is not built.
 */
class WebSiteTest {
    private static final Declaration DECLARATION = ScaleoutStackTest.DECLARATION;

    @TempDir
    static Path tmp;

    private static ScaleoutStackConfig config;
    private static TestStacks.Synthesized synth;
    private static WebSite site;

    @BeforeAll
    static void synthesize() throws IOException {
        Path dist = TestStacks.webDist(tmp);
        // a config.json of the client's own (its development default) must not reach the bucket
        Files.writeString(dist.resolve(WebSite.CONFIG_FILE), "{\"apiUrl\":\"http://localhost:3000\"}");
        config = TestStacks.config("dev", tmp).withWebDist(dist);
        synth = TestStacks.synth(DECLARATION, config);
        site = synth.stack().webSite().orElseThrow();
    }

    @Nested
    class TheBucket {
        @Test
        void isPrivateEncryptedTlsOnlyAndLogsItsAccess() {
            var bucket = resource(site.bucket());

            assertThat(properties(bucket))
                    .containsEntry("PublicAccessBlockConfiguration", Map.of("BlockPublicAcls", true,
                            "BlockPublicPolicy", true, "IgnorePublicAcls", true, "RestrictPublicBuckets", true))
                    .containsKey("BucketEncryption")
                    .containsEntry("LoggingConfiguration", Map.of(
                            "DestinationBucketName", logBucketRef(),
                            "LogFilePrefix", WebSite.ACCESS_LOG_PREFIX))
                    .doesNotContainKeys("WebsiteConfiguration", "AccessControl");
            synth.template().hasResourceProperties("AWS::S3::BucketPolicy", Map.of(
                    "Bucket", synth.resolve(site.bucket().getBucketName()),
                    "PolicyDocument", Map.of("Statement", Match.arrayWith(List.of(Match.objectLike(Map.of(
                            "Effect", "Deny",
                            "Action", "s3:*",
                            "Condition", Map.of("Bool", Map.of("aws:SecureTransport", "false")))))))));
        }

        @Test
        void onlyTheDistributionMayReadIt() {
            var statements = bucketPolicyStatements();

            assertThat(statements).filteredOn(s -> "Allow".equals(s.get("Effect"))).singleElement()
                    .satisfies(allow -> {
                        assertThat(allow.get("Principal")).isEqualTo(Map.of("Service", "cloudfront.amazonaws.com"));
                        assertThat(allow.get("Action")).isEqualTo("s3:GetObject");
                        assertThat(allow.get("Condition").toString())
                                .contains(synth.logicalId(site.distribution()));
                    });
        }

        @Test
        void goesWithADevStackAndStaysWithAnyOther() {
            assertThat(resource(site.bucket())).containsEntry("DeletionPolicy", "Delete");
            synth.template().hasResourceProperties("Custom::CDKBucketDeployment", Map.of("RetainOnDelete", false));

            var prod = TestStacks.synth(DECLARATION, TestStacks.config("prod", tmp)
                    .withWebDist(config.webDist().orElseThrow()));
            var prodBucket = prod.template().findResources("AWS::S3::Bucket")
                    .get(prod.logicalId(prod.stack().webSite().orElseThrow().bucket()));
            assertThat(prodBucket).containsEntry("DeletionPolicy", "Retain");
            prod.template().hasResourceProperties("Custom::CDKBucketDeployment", Map.of("RetainOnDelete", true));
        }
    }

    @Nested
    class TheDistribution {
        @Test
        void oneWithTheBucketAsItsOriginThroughOriginAccessControl() {
            synth.template().resourceCountIs("AWS::CloudFront::Distribution", 1);
            synth.template().resourceCountIs("AWS::CloudFront::OriginAccessControl", 1);
            synth.template().resourceCountIs("AWS::CloudFront::CloudFrontOriginAccessIdentity", 0);
            synth.template().hasResourceProperties("AWS::CloudFront::OriginAccessControl", Map.of(
                    "OriginAccessControlConfig", Map.of("OriginAccessControlOriginType", "s3",
                            "SigningBehavior", "always", "SigningProtocol", "sigv4", "Name", Match.anyValue())));
            String oac = synth.template().findResources("AWS::CloudFront::OriginAccessControl").keySet()
                    .iterator().next();

            var origins = (List<?>) distributionConfig().get("Origins");
            assertThat(origins).singleElement().asInstanceOf(InstanceOfAssertFactories.MAP)
                    .containsEntry("DomainName", synth.resolve(site.bucket().getBucketRegionalDomainName()))
                    .containsEntry("OriginAccessControlId", Map.of("Fn::GetAtt", List.of(oac, "Id")));
        }

        @Test
        void httpsOnlyHttp2And3TheCheapestPriceClassAndIndexHtmlAtTheRoot() {
            var distribution = distributionConfig();

            assertThat(distribution)
                    .containsEntry("DefaultRootObject", "index.html")
                    .containsEntry("HttpVersion", "http2and3")
                    .containsEntry("PriceClass", "PriceClass_100")
                    .containsEntry("Enabled", true);
            assertThat(defaultBehavior())
                    .containsEntry("ViewerProtocolPolicy", "redirect-to-https")
                    .containsEntry("AllowedMethods", List.of("GET", "HEAD"))
                    .containsEntry("Compress", true);
        }

        @Test
        void logsRequestsToTheLogBucket() {
            assertThat(distributionConfig().get("Logging")).isEqualTo(Map.of(
                    "Bucket", synth.resolve(synth.stack().webSite().orElseThrow().logBucket().getBucketRegionalDomainName()),
                    "Prefix", WebSite.CLOUDFRONT_LOG_PREFIX));
            // CloudFront's standard logs are written with an ACL: the log bucket must have ACLs enabled
            assertThat(properties(resource(synth.stack().webSite().orElseThrow().logBucket())))
                    .containsEntry("OwnershipControls", Map.of("Rules", List.of(
                            Map.of("ObjectOwnership", "ObjectWriter"))));
        }

        /** The grant S3 recommends (cfn-lint W3045 calls the LogDeliveryWrite ACL legacy); CloudFront keeps its ACLs. */
        @Test
        void s3DeliversServerAccessLogsByBucketPolicyNotTheLegacyAcl() {
            var logs = synth.stack().webSite().orElseThrow().logBucket();

            assertThat(properties(resource(logs))).doesNotContainKey("AccessControl");
            synth.template().hasResourceProperties("AWS::S3::BucketPolicy", Map.of(
                    "Bucket", synth.resolve(logs.getBucketName()),
                    "PolicyDocument", Map.of("Statement", Match.arrayWith(List.of(Match.objectLike(Map.of(
                            "Action", "s3:PutObject",
                            "Principal", Map.of("Service", "logging.s3.amazonaws.com"))))))));
        }

        @Test
        void answersWithSecurityHeaders() {
            var policies = synth.template().findResources("AWS::CloudFront::ResponseHeadersPolicy");
            assertThat(policies).hasSize(1);
            String policyId = policies.keySet().iterator().next();
            assertThat(defaultBehavior()).containsEntry("ResponseHeadersPolicyId", Map.of("Ref", policyId));

            @SuppressWarnings("unchecked")
            var headers = (Map<String, Object>) ((Map<String, Object>) properties(policies.get(policyId))
                    .get("ResponseHeadersPolicyConfig")).get("SecurityHeadersConfig");
            assertThat(headers)
                    .containsEntry("ContentSecurityPolicy", Map.of("Override", true, "ContentSecurityPolicy",
                            synth.resolve(WebSite.contentSecurityPolicy(
                                    synth.stack().api().httpApi().getApiEndpoint()))))
                    .containsEntry("StrictTransportSecurity", Map.of("AccessControlMaxAgeSec", 63_072_000,
                            "IncludeSubdomains", true, "Override", true))
                    .containsEntry("ContentTypeOptions", Map.of("Override", true))
                    .containsEntry("FrameOptions", Map.of("FrameOption", "DENY", "Override", true));
        }

        @Test
        void theContentSecurityPolicyLetsTheClientCallItselfAndTheApiOnly() {
            String csp = WebSite.contentSecurityPolicy("https://abc.execute-api.eu-west-1.amazonaws.com");

            assertThat(csp).contains("default-src 'self';")
                    .contains("connect-src 'self' https://abc.execute-api.eu-west-1.amazonaws.com;")
                    .contains("script-src 'self';").contains("frame-ancestors 'none'")
                    .doesNotContain("unsafe-inline").doesNotContain("unsafe-eval").doesNotContain("*");
        }
    }

    @Nested
    class TheFiles {
        @Test
        void theBuiltClientAndAConfigJsonNamingTheApiGoToTheBucketAndTheCacheIsInvalidated() {
            synth.template().resourceCountIs("Custom::CDKBucketDeployment", 1);
            synth.template().hasResourceProperties("Custom::CDKBucketDeployment", Map.of(
                    "DestinationBucketName", synth.resolve(site.bucket().getBucketName()),
                    "DistributionId", synth.resolve(site.distribution().getDistributionId()),
                    "DistributionPaths", List.of("/*"),
                    "Prune", true,
                    "SourceMarkers", List.of(Map.of(), Map.of("<<marker:0xbaba:0>>", Map.of("Fn::Join", List.of("",
                            List.of("\"", synth.resolve(synth.stack().api().httpApi().getApiEndpoint()), "\"")))))));
        }

        @Test
        void configJsonIsTheStacksAndTheClientsOwnIsLeftOut() throws IOException {
            Path outdir = Path.of(((App) synth.part(ScaleoutStacks.WEB).getNode().getRoot()).getOutdir());
            var staged = synth.part(ScaleoutStacks.WEB).getNode().findAll().stream()
                    .filter(Asset.class::isInstance).map(Asset.class::cast)
                    .filter(asset -> asset.getNode().getPath().contains("/Web/Deployment/"))
                    .map(asset -> outdir.resolve(asset.getAssetPath()))
                    .toList();

            // the built client, the generated config.json (and the AWS CLI layer the copy runs with)
            Path files = staged.stream().filter(p -> Files.exists(p.resolve(WebSite.INDEX))).findFirst().orElseThrow();
            Path generated = staged.stream().filter(p -> Files.exists(p.resolve(WebSite.CONFIG_FILE))).findFirst()
                    .orElseThrow();
            assertThat(files.resolve(WebSite.CONFIG_FILE)).doesNotExist();
            // the deployment replaces the marker with the endpoint as a JSON string (quotes included, see above)
            assertThat(Files.readString(generated.resolve(WebSite.CONFIG_FILE)))
                    .isEqualTo("{\"apiUrl\":<<marker:0xbaba:0>>}");
        }

        @Test
        void browsersRevalidateEveryFileAndTheEdgeKeepsItUntilTheNextDeploy() {
            synth.template().hasResourceProperties("Custom::CDKBucketDeployment", Map.of("SystemMetadata", Map.of(
                    "cache-control", "public, max-age=0, must-revalidate, s-maxage=31536000")));
        }
    }

    @Test
    void theSiteUrlIsAnOutput() {
        synth.template().hasOutput("WebUrl", Map.of("Value", Map.of("Fn::Join", List.of("", List.of("https://",
                Map.of("Fn::GetAtt", List.of(synth.logicalId(site.distribution()), "DomainName")))))));
    }

    @Test
    void theApiStillAdmitsAnyOriginWithoutCredentials() {
        synth.template().hasResourceProperties("AWS::ApiGatewayV2::Api", Map.of("CorsConfiguration", Match.objectLike(
                Map.of("AllowOrigins", List.of("*"), "AllowCredentials", Match.absent()))));
    }

    @Test
    void theStackMatchesItsDeclarationWithTheSite() {
        DeclarationAssertions.assertStackMatches(synth, DECLARATION, config);
    }

    @Nested
    class WithoutABuiltClient {
        @Test
        void aMissingDirectoryMeansNoSiteAndAWarning() {
            var without = TestStacks.synth(DECLARATION, config.withWebDist(tmp.resolve("not-built")));

            assertNoSite(without);
            assertThat(without.warnings(Match.stringLikeRegexp(
                    ".*no web client at .*not-built.*npm run build.*"))).hasSize(1);
        }

        @Test
        void aDirectoryWithoutIndexHtmlIsNotABuiltClient() throws IOException {
            Path empty = Files.createDirectories(tmp.resolve("empty-dist"));

            assertThat(WebSite.isBuilt(empty)).isFalse();
            assertNoSite(TestStacks.synth(DECLARATION, config.withWebDist(empty)));
        }

        @Test
        void noDirectoryAskedForMeansNoSiteAndNoWarning() {
            var without = TestStacks.synth(DECLARATION, TestStacks.config("dev", tmp));

            assertNoSite(without);
            assertThat(without.warnings(Match.anyValue())).isEmpty();
        }

        private static void assertNoSite(TestStacks.Synthesized without) {
            assertThat(without.stack().webSite()).isEmpty();
            without.template().resourceCountIs("AWS::CloudFront::Distribution", 0);
            without.template().resourceCountIs("Custom::CDKBucketDeployment", 0);
            assertThat(without.template().findOutputs("WebUrl")).isEmpty();
        }
    }

    private static Object logBucketRef() {
        return synth.resolve(synth.stack().webSite().orElseThrow().logBucket().getBucketName());
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> resource(IConstruct construct) {
        var resources = (Map<String, Map<String, Object>>) synth.template().toJSON().get("Resources");
        return resources.get(synth.logicalId(construct));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> properties(Object resource) {
        return (Map<String, Object>) ((Map<String, Object>) resource).get("Properties");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> distributionConfig() {
        return (Map<String, Object>) properties(resource(site.distribution())).get("DistributionConfig");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> defaultBehavior() {
        return (Map<String, Object>) distributionConfig().get("DefaultCacheBehavior");
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> bucketPolicyStatements() {
        var policy = synth.template().findResources("AWS::S3::BucketPolicy",
                Map.of("Properties", Map.of("Bucket", synth.resolve(site.bucket().getBucketName()))));
        assertThat(policy).hasSize(1);
        var document = (Map<String, Object>) properties(policy.values().iterator().next()).get("PolicyDocument");
        return (List<Map<String, Object>>) document.get("Statement");
    }
}
