package com.scaleout.cdk;

import com.scaleout.declaration.WebClientSecurity;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.services.apigatewayv2.HttpApi;
import software.amazon.awscdk.services.cloudfront.AllowedMethods;
import software.amazon.awscdk.services.cloudfront.BehaviorOptions;
import software.amazon.awscdk.services.cloudfront.CachePolicy;
import software.amazon.awscdk.services.cloudfront.Distribution;
import software.amazon.awscdk.services.cloudfront.HeadersFrameOption;
import software.amazon.awscdk.services.cloudfront.HeadersReferrerPolicy;
import software.amazon.awscdk.services.cloudfront.HttpVersion;
import software.amazon.awscdk.services.cloudfront.PriceClass;
import software.amazon.awscdk.services.cloudfront.ResponseHeadersContentSecurityPolicy;
import software.amazon.awscdk.services.cloudfront.ResponseHeadersContentTypeOptions;
import software.amazon.awscdk.services.cloudfront.ResponseHeadersFrameOptions;
import software.amazon.awscdk.services.cloudfront.ResponseHeadersPolicy;
import software.amazon.awscdk.services.cloudfront.ResponseHeadersReferrerPolicy;
import software.amazon.awscdk.services.cloudfront.ResponseHeadersStrictTransportSecurity;
import software.amazon.awscdk.services.cloudfront.ResponseSecurityHeadersBehavior;
import software.amazon.awscdk.services.cloudfront.ViewerProtocolPolicy;
import software.amazon.awscdk.services.cloudfront.origins.S3BucketOrigin;
import software.amazon.awscdk.services.s3.Bucket;
import software.amazon.awscdk.services.s3.assets.AssetOptions;
import software.amazon.awscdk.services.s3.deployment.BucketDeployment;
import software.amazon.awscdk.services.s3.deployment.CacheControl;
import software.amazon.awscdk.services.s3.deployment.Source;
import software.constructs.Construct;

/**
 * The web client as a static site: its built files in a private S3 bucket, served by a CloudFront distribution
 * that alone may read the bucket (origin access control), over HTTPS only, with security headers on every
 * response. Beside the files goes {@value #CONFIG_FILE}, {@code {"apiUrl": "<the HTTP API's endpoint>",
 * "liveUrl": "wss://<the Live WebSocket API's stage>"}} (a {@code <name>Url} per WebSocket API): the client reads
 * the APIs' addresses from it, so one build serves every stage.
 *
 * <p>The API stays on its own origin and the browser calls it cross-origin. Its CORS keeps allowing any origin
 * ({@code *}, without credentials; see {@link HttpApiRoutes}) rather than this distribution's only, because the
 * two cannot both be named: the content security policy here names the API's origin (connect-src), so the
 * distribution depends on the API, and a CORS rule naming the distribution would make the API depend on the
 * distribution, a cycle CloudFormation refuses. Of the two, connect-src is the one that protects something: it
 * stops injected script from sending what it finds anywhere else. A CORS allow-list protects ambient credentials
 * (cookies), and the client has none: it sends a bearer token that no other origin can read.
 *
 * <p>Caching: CloudFront keeps every file until the next deploy, which invalidates {@code /*}; browsers revalidate
 * each file (an ETag, answered 304 by the edge), so a deploy is seen on the next page load.
 */
public final class WebSite extends Construct {
    static final String INDEX = "index.html";
    static final String CONFIG_FILE = "config.json";
    static final String CONFIG_API_URL = "apiUrl";
    static final String ACCESS_LOG_PREFIX = "web/";
    static final String CLOUDFRONT_LOG_PREFIX = "cloudfront/";
    /** HSTS for two years: the distribution's domain is HTTPS only from its first response. */
    static final Duration HSTS_MAX_AGE = Duration.days(730);

    private final Bucket bucket;
    private final Bucket logBucket;
    private final Distribution distribution;
    private final BucketDeployment deployment;

    /**
     * @param webDist the built client (see {@link #isBuilt(Path)}); its own {@value #CONFIG_FILE}, if any, is
     *                replaced by the stack's
     */
    public WebSite(Construct scope, String id, Path webDist, Storage storage, HttpApi api,
                   WebSocketApis webSocketApis, ScaleoutStackConfig config) {
        super(scope, id);
        String apiUrl = api.getApiEndpoint();
        Map<String, Object> configJson = new LinkedHashMap<>();
        configJson.put(CONFIG_API_URL, apiUrl);
        webSocketApis.all().forEach((name, deployed) -> configJson.put(configKey(name), deployed.stage().getUrl()));
        // wss://{api}.execute-api...: where the client opens its WebSocket connections (connect-src covers them)
        String[] origins = Stream.concat(Stream.of(apiUrl),
                webSocketApis.all().values().stream().map(deployed -> deployed.api().getApiEndpoint()))
                .toArray(String[]::new);
        bucket = storage.privateBucket(this, "Files", ACCESS_LOG_PREFIX);
        logBucket = storage.logBucket();
        var headers = ResponseHeadersPolicy.Builder.create(this, "SecurityHeaders")
                .comment("Scaleout web client: CSP (self and the API), HSTS, nosniff, no framing")
                .securityHeadersBehavior(ResponseSecurityHeadersBehavior.builder()
                        .contentSecurityPolicy(ResponseHeadersContentSecurityPolicy.builder()
                                .contentSecurityPolicy(contentSecurityPolicy(origins)).override(true).build())
                        .strictTransportSecurity(ResponseHeadersStrictTransportSecurity.builder()
                                .accessControlMaxAge(HSTS_MAX_AGE).includeSubdomains(true).override(true).build())
                        .contentTypeOptions(ResponseHeadersContentTypeOptions.builder().override(true).build())
                        .frameOptions(ResponseHeadersFrameOptions.builder()
                                .frameOption(HeadersFrameOption.DENY).override(true).build())
                        .referrerPolicy(ResponseHeadersReferrerPolicy.builder()
                                .referrerPolicy(HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN)
                                .override(true).build())
                        .build())
                .build();
        distribution = Distribution.Builder.create(this, "Distribution")
                .comment("Scaleout web client (" + config.stage() + ")")
                .defaultBehavior(BehaviorOptions.builder()
                        .origin(S3BucketOrigin.withOriginAccessControl(bucket))
                        .viewerProtocolPolicy(ViewerProtocolPolicy.REDIRECT_TO_HTTPS)
                        .allowedMethods(AllowedMethods.ALLOW_GET_HEAD)
                        .cachePolicy(CachePolicy.CACHING_OPTIMIZED)
                        .responseHeadersPolicy(headers)
                        .compress(true)
                        .build())
                // "/" is index.html; the client routes by hash (#/...), so no other path needs a fallback
                .defaultRootObject(INDEX)
                .httpVersion(HttpVersion.HTTP2_AND_3)
                // North America and Europe edges: the cheapest class; other viewers reach the nearest of those
                .priceClass(PriceClass.PRICE_CLASS_100)
                .enableLogging(true)
                .logBucket(storage.logBucket())
                .logFilePrefix(CLOUDFRONT_LOG_PREFIX)
                .build();
        deployment = BucketDeployment.Builder.create(this, "Deployment")
                .sources(List.of(
                        Source.asset(webDist.toString(), AssetOptions.builder().exclude(List.of(CONFIG_FILE)).build()),
                        Source.jsonData(CONFIG_FILE, configJson)))
                .destinationBucket(bucket)
                .cacheControl(List.of(CacheControl.setPublic(), CacheControl.maxAge(Duration.seconds(0)),
                        CacheControl.mustRevalidate(), CacheControl.sMaxAge(Duration.days(365))))
                .distribution(distribution)
                .distributionPaths(List.of("/*"))
                // a dev stack empties the bucket when it goes, so that the bucket can go too
                .retainOnDelete(!config.isDev())
                .build();
    }

    /** Whether {@code webDist} holds a built client: a directory with {@value #INDEX}. */
    public static boolean isBuilt(Path webDist) {
        return Files.isRegularFile(webDist.resolve(INDEX));
    }

    /** The client's policy ({@link WebClientSecurity}), with the stage's APIs among the places it may call. */
    static String contentSecurityPolicy(String... apiOrigins) {
        return WebClientSecurity.contentSecurityPolicy(apiOrigins);
    }

    /** The key of a WebSocket API's URL in {@value #CONFIG_FILE}: {@code Live} is {@code liveUrl}. */
    static String configKey(String webSocketApi) {
        return Character.toLowerCase(webSocketApi.charAt(0)) + webSocketApi.substring(1) + "Url";
    }

    /** {@code https://<the distribution's domain>}. */
    public String url() {
        return "https://" + distribution.getDistributionDomainName();
    }

    public Bucket bucket() {
        return bucket;
    }

    /** Where the site's bucket and its distribution log. */
    public Bucket logBucket() {
        return logBucket;
    }

    public Distribution distribution() {
        return distribution;
    }

    public BucketDeployment deployment() {
        return deployment;
    }
}
