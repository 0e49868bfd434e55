package com.scaleout.cdk;

import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.FunctionSpec;
import java.util.Optional;
import software.amazon.awscdk.Annotations;
import software.amazon.awscdk.CfnOutput;
import software.amazon.awscdk.Stack;
import software.amazon.awscdk.StackProps;
import software.constructs.Construct;

/**
 * Every AWS resource of one stage, all derived from the {@link Declaration}: one construct per concern, wired in
 * dependency order (tables, storage, the network and the cache, then the functions that use them, then what invokes
 * the functions).
 *
 * <p>The network and the cache exist when a declared function uses Redis and the config gives no Redis URL of its
 * own ({@code -c redisUrl}, the LocalStack path).
 *
 * <p>The web site exists when the config names a built web client ({@code -c webDist}); named but not built, the
 * stack has none and synth says so in a warning.
 */
public final class ScaleoutStack extends Stack {
    private final DataTables tables;
    private final Storage storage;
    private final DataLakes dataLakes;
    private final Optional<Network> network;
    private final Optional<Cache> cache;
    private final Functions functions;
    private final HttpApiRoutes api;
    private final WebSocketApis webSocketApis;
    private final StreamConsumers streamConsumers;
    private final Monitoring monitoring;
    private final Optional<WebSite> webSite;

    private static final String S3_ACCESS_LOGS_BY_BUCKET_POLICY = "@aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy";

    public ScaleoutStack(Construct scope, String id, StackProps props, Declaration declaration,
                         ScaleoutStackConfig config) {
        super(scope, id, props);
        // S3's server access logs granted by the log bucket's policy, as S3 recommends, instead of CDK's default
        // LogDeliveryWrite ACL (legacy: cfn-lint W3045). On the stack, before its children, so that any App has it.
        getNode().setContext(S3_ACCESS_LOGS_BY_BUCKET_POLICY, true);
        tables = new DataTables(this, "Data", declaration, config);
        storage = new Storage(this, "Storage", declaration, config);
        dataLakes = new DataLakes(this, "DataLakes", declaration, storage, config);
        boolean ownCache = config.redisUrl().isEmpty()
                && declaration.functions().stream().anyMatch(FunctionSpec::usesRedis);
        network = ownCache ? Optional.of(new Network(this, "Network", storage.logBucket(), pushersUseRedis(declaration)))
                : Optional.empty();
        cache = network.map(net -> new Cache(this, "Cache", net, config));
        if (config.adminRoutes() && adminKeyReadersUseRedis(declaration)) {
            network.ifPresent(Network::reachSecretsManager);
            network.ifPresent(Network::reachCloudWatch);
        }
        functions = new Functions(this, "Functions", declaration, tables, storage, dataLakes, cache, config);
        api = new HttpApiRoutes(this, "Api", declaration, functions, config);
        webSocketApis = new WebSocketApis(this, "WebSockets", declaration, functions, config);
        webSite = config.webDist().filter(WebSite::isBuilt)
                .map(dist -> new WebSite(this, "Web", dist, storage, api.httpApi(), webSocketApis, config));
        config.webDist().filter(dist -> webSite.isEmpty()).ifPresent(dist -> Annotations.of(this).addWarningV2(
                "scaleout:webDistMissing", "no web client at " + dist.toAbsolutePath().normalize() + " (no "
                        + WebSite.INDEX + "): this stack has no web site. Build it first (cd web && npm ci && npm run"
                        + " build) or pass -c webDist=PATH"));
        streamConsumers = new StreamConsumers(this, "Streams", declaration, tables, functions, config);
        monitoring = new Monitoring(this, "Monitoring", declaration, api, webSocketApis, functions, streamConsumers,
                cache, config);
        NagRules.apply(this, declaration);

        CfnOutput.Builder.create(this, "ApiUrl")
                .description("Base URL of the HTTP API")
                .value(api.httpApi().getApiEndpoint())
                .build();
        webSocketApis.all().forEach((name, deployed) -> CfnOutput.Builder.create(this, name + "Url")
                .description("URL of the " + name + " WebSocket API (wss://), its stage included")
                .value(deployed.stage().getUrl())
                .build());
        tables.all().forEach((name, table) -> CfnOutput.Builder.create(this, "Table" + name)
                .description("Name of the " + name + " DynamoDB table")
                .value(table.getTableName())
                .build());
        cache.ifPresent(c -> CfnOutput.Builder.create(this, "CacheEndpoint")
                .description("The ElastiCache Serverless (Valkey) endpoint, TLS only; reachable from the functions'"
                        + " security group in the stack's VPC only")
                .value(c.redisUrl())
                .build());
        functions.adminKey().ifPresent(secret -> CfnOutput.Builder.create(this, "AdminKeySecret")
                .description("Secrets Manager secret holding X-Admin-Key (aws secretsmanager get-secret-value)")
                .value(secret.getSecretArn())
                .build());
        webSite.ifPresent(site -> CfnOutput.Builder.create(this, "WebUrl")
                .description("The web client (CloudFront); it reads the API's URL from /" + WebSite.CONFIG_FILE)
                .value(site.url())
                .build());
        dataLakes.all().forEach((bucket, lake) -> {
            CfnOutput.Builder.create(this, bucket + "Database")
                    .description("Glue database of the " + bucket + " bucket's tables (Athena: query them in the "
                            + "workgroup below)")
                    .value(lake.databaseName())
                    .build();
            CfnOutput.Builder.create(this, bucket + "WorkGroup")
                    .description("Athena workgroup for the " + bucket + " bucket's tables (results kept a week, "
                            + "scan limit per query enforced)")
                    .value(lake.workGroup().getName())
                    .build();
            CfnOutput.Builder.create(this, bucket + "Bucket")
                    .description("The " + bucket + " bucket (its files: client=<id>/table=<name>/dt=<day>/)")
                    .value(storage.bucket(bucket).getBucketName())
                    .build();
        });
        CfnOutput.Builder.create(this, "AlarmTopic")
                .description("SNS topic every alarm notifies: subscribe to it")
                .value(monitoring.alarmTopic().getTopicArn())
                .build();
    }

    /** Whether a function that posts to WebSocket connections runs in the cache's VPC (and so needs a way out). */
    static boolean pushersUseRedis(Declaration declaration) {
        return declaration.functions().stream()
                .anyMatch(f -> f.usesRedis() && declaration.pushesToConnections(f.name()));
    }

    /** Whether a function that reads the admin key runs in the cache's VPC. */
    private static boolean adminKeyReadersUseRedis(Declaration declaration) {
        var readers = declaration.routes().stream()
                .filter(route -> route.handlerCredential() == com.scaleout.declaration.RouteSpec.HandlerCredential.ADMIN_KEY)
                .map(com.scaleout.declaration.RouteSpec::function)
                .collect(java.util.stream.Collectors.toSet());
        return declaration.functions().stream().anyMatch(f -> f.usesRedis() && readers.contains(f.name()));
    }

    public DataTables tables() {
        return tables;
    }

    public Storage storage() {
        return storage;
    }

    public DataLakes dataLakes() {
        return dataLakes;
    }

    /** The VPC the cache and the functions that use it run in, when the stack builds its own cache. */
    public Optional<Network> network() {
        return network;
    }

    public Optional<Cache> cache() {
        return cache;
    }

    public Functions functions() {
        return functions;
    }

    public HttpApiRoutes api() {
        return api;
    }

    /** The WebSocket APIs, by declared name. */
    public WebSocketApis webSocketApis() {
        return webSocketApis;
    }

    public StreamConsumers streamConsumers() {
        return streamConsumers;
    }

    public Monitoring monitoring() {
        return monitoring;
    }

    /** The web client's site, when the config names a built client. */
    public Optional<WebSite> webSite() {
        return webSite;
    }
}
