package com.scaleout.cdk;

import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.FunctionSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import software.amazon.awscdk.Annotations;
import software.amazon.awscdk.CfnOutput;
import software.amazon.awscdk.Stack;
import software.amazon.awscdk.StackProps;
import software.constructs.Construct;

/**
 * Every AWS resource of one stage, all derived from the {@link Declaration}, in stacks by life cycle (the CDK's own
 * advice: what holds data apart from what changes every week), each far below CloudFormation's 500 resources:
 *
 * <ol>
 *   <li>{@value #DATA}: tables, buckets, the warehouse's Glue database and Athena workgroup. Retained and
 *       termination-protected outside dev; its resources' logical ids are pinned by {@code StatefulResourcesTest}.
 *   <li>{@value #NETWORK}: the VPC and the cache, when the stage builds its own cache (no {@code -c redisUrl}).
 *   <li>{@value #API}: the functions (roles, versions, aliases, log groups), the HTTP API and its authorizer, the
 *       WebSocket APIs.
 *   <li>{@value #CONSUMERS}: the event source mappings from the tables' streams to their functions, their
 *       on-failure queues and the grants they need.
 *   <li>{@value #WEB}: the web client's bucket and CloudFront distribution, when a built client is given.
 *   <li>{@value #MONITORING}: alarms, their topic, the dashboard.
 * </ol>
 *
 * <p>Stacks reference each other by CDK's weak references ({@code Fn::GetStackOutput}, cdk.json's
 * {@code @aws-cdk/core:defaultCrossStackReferences}): a stack that stops using another's value never has to wait for
 * an export to be released, the trap of {@code Fn::ImportValue}. What protects the data is what always did:
 * deletion protection, {@code RETAIN} and termination protection outside dev.
 */
public final class ScaleoutStacks {
    static final String DATA = "Data";
    static final String NETWORK = "Network";
    static final String API = "Api";
    static final String CONSUMERS = "Consumers";
    static final String WEB = "Web";
    static final String MONITORING = "Monitoring";

    private static final String S3_ACCESS_LOGS_BY_BUCKET_POLICY = "@aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy";

    private final List<Stack> stacks = new ArrayList<>();
    private final ScaleoutStackConfig config;
    private final Declaration declaration;
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

    public ScaleoutStacks(Construct scope, Declaration declared, ScaleoutStackConfig config) {
        this.config = config;
        // without -c adminRoutes=true no admin route exists, nor a function serving only them (with its grants on
        // every table): absent, not merely unanswered
        Declaration declaration = config.adminRoutes() ? declared : declared.withoutAdminRoutes();
        this.declaration = declaration;
        Stack data = stack(scope, config, DATA, "tables, buckets and the warehouse's catalog (retained outside dev)");
        data.setTerminationProtection(config.protectsData());
        tables = new DataTables(data, "Data", declaration, config);
        storage = new Storage(data, "Storage", declaration.buckets(), config);
        dataLakes = new DataLakes(data, "DataLakes", declaration, storage, config);

        boolean ownCache = config.redisUrl().isEmpty()
                && declaration.functions().stream().anyMatch(FunctionSpec::usesRedis);
        Optional<Stack> networkStack = ownCache
                ? Optional.of(stack(scope, config, NETWORK, "the VPC and the cache")) : Optional.empty();
        network = networkStack.map(stack -> new Network(stack, "Network", storage.logBucket(),
                pushersUseRedis(declaration)));
        cache = networkStack.map(stack -> new Cache(stack, "Cache", network.orElseThrow(), config));
        if (config.adminRoutes() && adminKeyReadersUseRedis(declaration)) {
            network.ifPresent(Network::reachSecretsManager);
            network.ifPresent(Network::reachCloudWatch);
        }

        Stack apiStack = stack(scope, config, API, "functions, the HTTP API and the WebSocket APIs");
        functions = new Functions(apiStack, "Functions", declaration, tables, storage, dataLakes, cache, config);
        api = new HttpApiRoutes(apiStack, "Api", declaration, functions, config);
        webSocketApis = new WebSocketApis(apiStack, "WebSockets", declaration, functions, config);

        Stack consumers = stack(scope, config, CONSUMERS, "the stream consumers' mappings and on-failure queues");
        streamConsumers = new StreamConsumers(consumers, "Streams", declaration, tables, functions, config);

        Optional<Stack> web = config.webDist().filter(WebSite::isBuilt)
                .map(dist -> stack(scope, config, WEB, "the web client (S3 and CloudFront)"));
        webSite = web.map(stack -> new WebSite(stack, "Web", config.webDist().orElseThrow(),
                Storage.logsOnly(stack, "Logs", config), api.httpApi(), webSocketApis, config));
        config.webDist().filter(dist -> webSite.isEmpty()).ifPresent(dist -> Annotations.of(apiStack).addWarningV2(
                "scaleout:webDistMissing", "no web client at " + dist.toAbsolutePath().normalize() + " (no "
                        + WebSite.INDEX + "): this stage has no web site. Build it first (cd web && npm ci && npm run"
                        + " build) or pass -c webDist=PATH"));

        Stack monitoringStack = stack(scope, config, MONITORING, "alarms and the dashboard");
        monitoring = new Monitoring(monitoringStack, "Monitoring", declaration, api, webSocketApis, functions,
                streamConsumers, cache, config);
        NagRules.apply(this, declaration);
        outputs();
    }

    /** A stack of this stage: {@code Scaleout-<stage>-<part>}, with what every stack of the app shares. */
    private Stack stack(Construct scope, ScaleoutStackConfig config, String part, String description) {
        Stack stack = new Stack(scope, stackName(config.stage(), part), StackProps.builder()
                .description("Scaleout (" + config.stage() + "): " + description)
                .build());
        // S3's server access logs granted by the log bucket's policy, as S3 recommends, instead of CDK's default
        // LogDeliveryWrite ACL (legacy: cfn-lint W3045). On the stack, before its children, so that any App has it.
        stack.getNode().setContext(S3_ACCESS_LOGS_BY_BUCKET_POLICY, true);
        stacks.add(stack);
        return stack;
    }

    /** The name of a stage's stack, e.g. {@code Scaleout-dev-Data}. */
    static String stackName(String stage, String part) {
        return "Scaleout-" + stage + "-" + part;
    }

    private void outputs() {
        Stack apiStack = Stack.of(functions);
        CfnOutput.Builder.create(apiStack, "ApiUrl")
                .description("Base URL of the HTTP API")
                .value(api.httpApi().getApiEndpoint())
                .build();
        webSocketApis.all().forEach((name, deployed) -> CfnOutput.Builder.create(apiStack, name + "Url")
                .description("URL of the " + name + " WebSocket API (wss://), its stage included")
                .value(deployed.stage().getUrl())
                .build());
        functions.adminKey().ifPresent(secret -> CfnOutput.Builder.create(apiStack, "AdminKeySecret")
                .description("Secrets Manager secret holding X-Admin-Key (aws secretsmanager get-secret-value)")
                .value(secret.getSecretArn())
                .build());
        Stack data = Stack.of(tables);
        tables.all().forEach((name, table) -> CfnOutput.Builder.create(data, "Table" + name)
                .description("Name of the " + name + " DynamoDB table")
                .value(table.getTableName())
                .build());
        dataLakes.all().forEach((bucket, lake) -> {
            CfnOutput.Builder.create(data, bucket + "Database")
                    .description("Glue database of the " + bucket + " bucket's tables (Athena: query them in the "
                            + "workgroup below)")
                    .value(lake.databaseName())
                    .build();
            CfnOutput.Builder.create(data, bucket + "WorkGroup")
                    .description("Athena workgroup for the " + bucket + " bucket's tables (results kept a week, "
                            + "scan limit per query enforced)")
                    .value(lake.workGroup().getName())
                    .build();
            CfnOutput.Builder.create(data, bucket + "Bucket")
                    .description("The " + bucket + " bucket (its files: client=<id>/table=<name>/dt=<day>/)")
                    .value(storage.bucket(bucket).getBucketName())
                    .build();
        });
        cache.ifPresent(c -> CfnOutput.Builder.create(Stack.of(c), "CacheEndpoint")
                .description("The ElastiCache Serverless (Valkey) endpoint, TLS only; reachable from the functions'"
                        + " security group in the stage's VPC only")
                .value(c.redisUrl())
                .build());
        webSite.ifPresent(site -> CfnOutput.Builder.create(Stack.of(site), "WebUrl")
                .description("The web client (CloudFront); it reads the API's URL from /" + WebSite.CONFIG_FILE)
                .value(site.url())
                .build());
        CfnOutput.Builder.create(Stack.of(monitoring), "AlarmTopic")
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
        return declaration.functions().stream().anyMatch(f -> f.usesRedis() && declaration.servesAdminRoutes(f.name()));
    }

    /** The configuration the stacks were built with. */
    public ScaleoutStackConfig config() {
        return config;
    }

    /** The declaration as this stage deploys it: without the admin routes unless the config turns them on. */
    public Declaration declaration() {
        return declaration;
    }

    /** The stage's stacks, in the order they deploy. */
    public List<Stack> all() {
        return List.copyOf(stacks);
    }

    /** The stack that holds the data: tables, buckets, the catalog. */
    public Stack data() {
        return Stack.of(tables);
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

    /** The VPC the cache and the functions that use it run in, when the stage builds its own cache. */
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
