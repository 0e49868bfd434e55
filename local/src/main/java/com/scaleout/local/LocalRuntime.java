package com.scaleout.local;

import com.scaleout.declaration.Artifact;
import com.scaleout.declaration.BucketSpec;
import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.FunctionSpec;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.declaration.Setting;
import com.scaleout.declaration.Settings;
import com.scaleout.declaration.TableSpec;
import com.scaleout.functions.shared.aws.AwsClients;
import com.scaleout.functions.shared.config.RuntimeEnvironment;
import com.scaleout.functions.shared.http.AdminKey;
import com.scaleout.local.backends.Backends;
import com.scaleout.local.http.AuthorizerGate;
import com.scaleout.local.http.LocalHttpApi;
import com.scaleout.local.http.StaticFiles;
import com.scaleout.local.http.RouteTable;
import com.scaleout.local.lambda.FaultMarks;
import com.scaleout.local.limits.RouteThrottles;
import com.scaleout.local.iam.CallLog;
import com.scaleout.local.iam.FunctionPolicies;
import com.scaleout.local.iam.ManagedConnections;
import com.scaleout.local.iam.Policy;
import com.scaleout.local.lambda.AccountConcurrency;
import com.scaleout.local.lambda.ColdStartPermits;
import com.scaleout.local.lambda.EnvironmentCap;
import com.scaleout.local.lambda.ContainerCredentialsEndpoint;
import com.scaleout.local.lambda.LambdaVariables;
import com.scaleout.local.lambda.FunctionCode;
import com.scaleout.local.lambda.FunctionPool;
import com.scaleout.local.lambda.InvocationListener;
import com.scaleout.local.lambda.ScalingRate;
import com.scaleout.functions.shared.redis.RedisLink;
import com.scaleout.local.limits.AwsLimits;
import com.scaleout.local.limits.CacheThrottle;
import com.scaleout.local.limits.CacheThroughput;
import com.scaleout.local.limits.DynamoDbThroughput;
import com.scaleout.local.limits.ThroughputInterceptor;
import com.scaleout.local.cost.CapacityCalculator;
import com.scaleout.local.cost.ClientSideReads;
import com.scaleout.local.cost.TableKeys;
import com.scaleout.local.streams.IteratorAge;
import com.scaleout.local.streams.OnFailureDestination;
import com.scaleout.local.streams.StreamPoller;
import com.scaleout.local.tables.TableProvisioner;
import com.scaleout.local.template.LocalNames;
import com.scaleout.local.template.LocalSubstitutions;
import com.scaleout.local.template.StackTemplate;
import com.scaleout.local.template.TemplateConfiguration;
import com.scaleout.local.websocket.LiveGateway;
import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;
import software.amazon.awssdk.services.glue.GlueClient;
import software.amazon.awssdk.services.glue.model.AlreadyExistsException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Runs a {@link Declaration} on one machine: backends, tables, one {@link FunctionPool} per function, the HTTP
 * API with its authorizers, and one {@link StreamPoller} per stream consumer. The handlers are the real classes
 * Lambda runs; only endpoints differ, handed to them as the variables Lambda would set.
 */
public final class LocalRuntime implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(LocalRuntime.class.getName());

    private final RuntimeParts parts;
    private final OnFailureDestination onFailure;
    private final StartTimes startTimes;
    private final Path iamCalls;

    private LocalRuntime(RuntimeParts parts, OnFailureDestination onFailure, StartTimes startTimes, Path iamCalls) {
        this.parts = parts;
        this.onFailure = onFailure;
        this.startTimes = startTimes;
        this.iamCalls = iamCalls;
    }

    public static LocalRuntime start(Declaration declaration, LocalConfig config) throws IOException {
        return start(declaration, config, StartTimes.fromNow());
    }

    /**
     * Starts everything, timing each phase in {@code times}. The API's port is bound first, so that a port taken
     * fails the start before anything else runs; a start that fails stops whatever it had started.
     */
    public static LocalRuntime start(Declaration declaration, LocalConfig config, StartTimes times)
            throws IOException {
        LocalLogging.configure(); // the runtime a test starts logs the same JSON lines as ./scaleout up's
        var parts = new RuntimeParts();
        try {
            // read once: the API's stage throttle is taken from it now, the rest resolved once the backends are up
            var templateSource = configuringTemplate(declaration, config)
                    .map(path -> times.time("template", () -> StackTemplate.Source.read(path)));
            times.run("functions and API", () -> {
                parts.functions = functionPools(declaration, config, spec -> environmentOf(declaration, spec, parts));
                parts.api = bindApi(declaration, config, parts.functions,
                        templateSource.flatMap(StackTemplate.Source::httpStageDefault));
            });
            parts.backends = times.time("backends",
                    () -> Backends.startOrConnect(config.dynamoDbEndpoint(), config.redisUrl(), config.dataDir()));
            var template = templateSource
                    .map(source -> times.time("template", () -> configured(declaration, source, parts.backends)));
            String apiUrl = "http://127.0.0.1:" + parts.api.port();
            var substitutions = LocalSubstitutions.of(parts.backends.dynamoDbEndpoint().toString(),
                    parts.backends.redisUrl(), apiUrl);
            parts.environments = template.map(t -> t.environments(substitutions))
                    .orElseGet(() -> sameForEach(declaration, todaysEnvironment(declaration, parts.backends, apiUrl)));
            parts.template = template;
            template.ifPresent(LocalRuntime::enforcePolicies);
            // the management API's calls are authorized on the template's API id and stage
            template.ifPresent(t -> declaration.webSocketApis().forEach(api -> t.webSocketStage(api.name())
                    .ifPresent(stage -> ManagedConnections.register(LiveGateway.apiId(api.name()), stage.apiId(),
                            stage.stageName()))));
            exportEnvironment(parts.environments, parts.backends);
            parts.credentials = ContainerCredentialsEndpoint.start(Clock.systemUTC());
            parts.credentials.publishToSdk();
            parts.dynamoDb = AwsClients.dynamoDb();
            parts.streams = AwsClients.streams();
            config.awsLimits().ifPresent(limits -> enforceThroughput(declaration, limits, parts));
            config.awsLimits().ifPresent(limits -> enforceCacheMaximum(limits,
                    templateSource.flatMap(StackTemplate.Source::serverlessCache), parts));
            times.run("tables", () -> new TableProvisioner(parts.dynamoDb).ensureAll(declaration.tables()));
            times.run("buckets", () -> createBuckets(declaration));
            times.run("catalogs", () -> createCatalogs(declaration, parts.environments));

            var onFailure = new OnFailureDestination(config.dataDir().resolve("on-failure"));
            var pollers = new ArrayList<StreamPoller>();
            // what Lambda publishes for each consumer, into moto's CloudWatch, where the admin status reads it
            var iteratorAge = IteratorAge.to(
                    AwsClients.configured(CloudWatchClient.builder(), Settings.CLOUDWATCH_ENDPOINT).build());
            var readMode = parts.backends.isPatchedMoto() ? StreamPoller.ReadMode.SINGLE
                    : StreamPoller.ReadMode.CONFIRMED;
            template.map(TemplateConfiguration::streamConsumers).orElse(declaration.streamConsumers()).stream()
                    .map(c -> config.streamRetries().map(c::retryAttempts).orElse(c))
                    .forEach(c -> pollers.add(new StreamPoller(c, c.table(),
                    parts.functions.get(c.function()), parts.dynamoDb, parts.streams, onFailure,
                    config.streamPollInterval(), readMode, iteratorAge)));
            parts.pollers = List.copyOf(pollers);
            parts.api.start();
            parts.pollers.forEach(StreamPoller::start);
            appendStartTimes(times, config.dataDir().resolve(START_TIMES_FILE));
            return new LocalRuntime(parts, onFailure, times, config.dataDir().resolve(
                    RuntimeEnvironment.variable(LocalSettings.IAM_CALLS).orElseThrow()));
        } catch (IOException | RuntimeException | Error e) {
            parts.close();
            throw e;
        }
    }

    /**
     * One pool per function, all in one account: reservations and the account's limit as Lambda has them. The
     * invocation listeners on the classpath hear of every pool's invocations (the cost meter, with the bench module).
     * A production function runs from its Lambda artifact, a class loader of its own per environment; a test
     * declaration's own handlers run on the runtime's classes (see {@link #codeOf}). Their environments warm up a
     * few at a time, as this machine's cores allow (see {@link ColdStartPermits}), and an artifact's function keeps
     * at most {@link LocalConfig#environments()} of them alive unless AWS's limits are enforced (see
     * {@link EnvironmentCap}).
     */
    private static Map<String, FunctionPool> functionPools(Declaration declaration, LocalConfig config,
                                                           Function<FunctionSpec, Map<String, String>> environment) {
        int accountLimit = config.awsLimits().map(limits -> Math.min(limits.lambdaConcurrency(),
                config.accountConcurrency())).orElse(config.accountConcurrency());
        // a scaled account keeps its reservations in proportion (50 of 1,000 are 1 of 10 at scaled:100)
        var account = AccountConcurrency.of(accountLimit, config.awsLimits()
                .map(limits -> declaration.functions().stream().map(f -> f.reservedConcurrency().isPresent()
                        ? f.reservedConcurrency(limits.reservedConcurrency(f.reservedConcurrency().getAsInt())) : f)
                        .toList())
                .orElse(declaration.functions()));
        Supplier<ScalingRate> scaling = config.awsLimits().<Supplier<ScalingRate>>map(limits -> () -> new ScalingRate(
                limits.lambdaEnvironmentsPer10Seconds(), ScalingRate.LAMBDA_PERIOD, java.time.InstantSource.system()))
                .orElse(ScalingRate::lambdas);
        var coldStartPermits = ColdStartPermits.forThisMachine();
        var functions = new LinkedHashMap<String, FunctionPool>();
        // a request's fault mark follows its invocation onto the handler's threads (see FaultMarks)
        var listener = new FaultMarks().and(InvocationListener.fromClasspath());
        var production = ScaleoutDeclaration.declaration().functions();
        var jars = new EnumMap<Artifact, Path>(Artifact.class); // each checked once
        for (FunctionSpec spec : declaration.functions()) {
            var code = codeOf(spec, production, artifact -> jars.computeIfAbsent(artifact, Artifacts::jar),
                    () -> environment.apply(spec));
            // a test declaration's handlers (the runtime's own classes) scale as Lambda's: their tests count on it
            var cap = config.awsLimits().isPresent() || !code.isArtifact() ? EnvironmentCap.LAMBDA
                    : config.environments();
            functions.put(spec.name(), new FunctionPool(spec, code, account, scaling.get(), listener,
                    coldStartPermits, cap));
        }
        return functions;
    }

    /** What a function runs: its artifact when its handler is a production one, else the runtime's own classes. */
    private static FunctionCode codeOf(FunctionSpec spec, List<FunctionSpec> production,
                                       Function<Artifact, Path> jars, Supplier<Map<String, String>> environment) {
        boolean productionHandler = production.stream().anyMatch(p -> p.handler().equals(spec.handler()));
        if (!productionHandler) {
            return FunctionCode.shared();
        }
        return FunctionCode.artifact(jars.apply(spec.artifact()), environment);
    }

    /**
     * One new environment's variables, as Lambda sets them: the function's own (the template's, with the local
     * substitutions; without a template, every variable), the tunings the operator gave the runtime for the settings
     * it reads (the tests' cheap password hashing, say), and Lambda's reserved variables with the credentials.
     */
    private static Map<String, String> environmentOf(Declaration declaration, FunctionSpec spec, RuntimeParts parts) {
        var variables = new LinkedHashMap<>(parts.environments.get(spec.name()));
        declaration.settingsOf(spec.name()).stream().filter(setting -> setting.defaultValue().isPresent())
                .forEach(tuning -> RuntimeEnvironment.given(tuning)
                        .ifPresent(value -> variables.putIfAbsent(tuning.name(), value)));
        boolean snapStart = parts.template.map(t -> t.function(spec.name()).snapStart()).orElse(false);
        variables.putAll(LambdaVariables.reserved(spec, snapStart, RuntimeEnvironment.region(), parts.credentials));
        return variables;
    }

    /**
     * Every SDK call of a production function is checked against its execution role's policies from the template
     * (see {@link com.scaleout.local.iam.IamInterceptor}); a policy using a condition the evaluator does not know
     * denies where it would deny and never allows, and is named here.
     */
    private static void enforcePolicies(TemplateConfiguration template) {
        template.functionNames().forEach(function -> {
            var policy = Policy.fromDocuments(template.function(function).policyDocuments());
            if (!policy.unsupported().isEmpty()) {
                LOG.warning(() -> function + "'s policy uses conditions the local check cannot evaluate: "
                        + policy.unsupported());
            }
            FunctionPolicies.register(function, policy);
        });
    }

    /**
     * DynamoDB's throughput limits, scaled, on every data call from now on (see {@link ThroughputInterceptor}); the
     * items' sizes are read aside on the runtime's own client.
     */
    private static void enforceThroughput(Declaration declaration, AwsLimits limits, RuntimeParts parts) {
        parts.throughput = new DynamoDbThroughput(limits, RuntimeEnvironment.region());
        ThroughputInterceptor.enforce(parts.throughput,
                new CapacityCalculator(new TableKeys(declaration.tables()), new ClientSideReads(parts.dynamoDb)));
        LOG.info(() -> "enforcing " + limits + " (" + LocalSettings.AWS_LIMITS.name() + ")");
    }

    /**
     * The serverless cache's ECPU/s maximum, scaled, on every Redis command from now on (see {@link CacheThrottle});
     * only the template knows the maximum, so without one the cache is not limited (and the log says so).
     */
    private static void enforceCacheMaximum(AwsLimits limits, Optional<StackTemplate.Source.ServerlessCache> cache,
                                            RuntimeParts parts) {
        cache.ifPresentOrElse(serverless -> {
            parts.cacheThroughput = new CacheThroughput(serverless.logicalId(),
                    limits.cacheEcpusPerSecond(serverless.maxEcpuPerSecond()), System::nanoTime);
            CacheThrottle.enforce(parts.cacheThroughput, RedisLink.COMMAND_TIMEOUT);
            LOG.info(() -> "enforcing the cache's ECPU/s maximum, " + parts.cacheThroughput.ecpusPerSecond()
                    + " (" + limits + ")");
        }, () -> LOG.info("no template gives the cache's ECPU/s maximum: the cache is not limited"));
    }

    /**
     * What every function's environment holds without a template: the variables
     * {@link #functionEnvironment} sets, and every declared setting this JVM is given (the tests' tuning, the admin
     * key), as every function saw them when all read the JVM's system properties.
     */
    private static Map<String, String> todaysEnvironment(Declaration declaration, Backends backends, String apiUrl) {
        var variables = new LinkedHashMap<>(functionEnvironment(declaration, backends));
        // the pushers' management endpoint: the local gateway's (a declaration has one WebSocket API pushed to)
        declaration.functions().forEach(function -> LocalSubstitutions.liveEndpoint(apiUrl, function.name(),
                declaration).ifPresent(url -> variables.put(Settings.LIVE_ENDPOINT.name(), url)));
        for (Setting setting : Settings.named()) {
            RuntimeEnvironment.given(setting).ifPresent(value -> variables.putIfAbsent(setting.name(), value));
        }
        return variables;
    }

    /**
     * The HTTP API, its port bound (not yet serving): binding is what fails when the port is taken. Its routes
     * without a throttle of their own get {@code stageDefault}'s (the template's HTTP API stage), if any.
     */
    private static LocalHttpApi bindApi(Declaration declaration, LocalConfig config,
                                        Map<String, FunctionPool> functions,
                                        Optional<RouteThrottles.StageDefault> stageDefault) throws IOException {
        var authorizers = new LinkedHashMap<String, AuthorizerGate>();
        declaration.authorizers().forEach(a -> authorizers.put(a.name(), new AuthorizerGate(a,
                functions.get(a.function()), config.authorizerTtlOverride(), Clock.systemUTC())));
        var address = new InetSocketAddress(InetAddress.getLoopbackAddress(), config.port());
        var newConnections = LiveGateway.newConnectionQuota(config.liveLimits()); // the account's, across APIs
        var webSocketApis = declaration.webSocketApis().stream().map(api -> new LiveGateway(api, functions,
                config.liveLimits(), newConnections, Clock.systemUTC())).toList();
        try {
            return new LocalHttpApi(address, new RouteTable(declaration.routes()), functions, authorizers,
                    Clock.systemUTC(), config.webDir().flatMap(StaticFiles::at), config.executionSlots(),
                    config.awsLimits().map(new RouteThrottles(declaration.routeThrottles(), stageDefault)::scaled)
                            .orElseGet(() -> new RouteThrottles(declaration.routeThrottles(), stageDefault)),
                    webSocketApis);
        } catch (BindException e) {
            throw new ApiPortTakenException(address, e);
        }
    }

    /** The template configures the production declaration only (a test's own declaration has no template). */
    private static Optional<Path> configuringTemplate(Declaration declaration, LocalConfig config) {
        return config.template().filter(path -> declaration.equals(ScaleoutDeclaration.declaration()));
    }

    /** A bucket's local physical name ({@link LocalNames#bucket}). */
    public static String bucketName(BucketSpec bucket) {
        return LocalNames.bucket(bucket.name());
    }

    private static void createBuckets(Declaration declaration) {
        if (declaration.buckets().isEmpty()) {
            return;
        }
        try (var s3 = AwsClients.s3()) {
            for (BucketSpec bucket : declaration.buckets()) {
                try {
                    s3.createBucket(r -> r.bucket(bucketName(bucket)));
                } catch (software.amazon.awssdk.services.s3.model.BucketAlreadyOwnedByYouException
                         | software.amazon.awssdk.services.s3.model.BucketAlreadyExistsException exists) {
                    // created by an earlier start: what we wanted
                }
            }
        }
    }

    /**
     * The Glue database of each data lake, as the functions' environments name it (the template's name, as the
     * stack makes it): moto keeps the tables the loader creates in it.
     */
    private static void createCatalogs(Declaration declaration, Map<String, Map<String, String>> environments) {
        var databases = new java.util.TreeSet<String>();
        declaration.buckets().stream().filter(bucket -> bucket.dataLake().isPresent())
                .map(bucket -> Settings.catalog(bucket.name()).name())
                .forEach(variable -> environments.values().forEach(environment -> {
                    if (environment.containsKey(variable)) {
                        databases.add(environment.get(variable));
                    }
                }));
        if (databases.isEmpty()) {
            return;
        }
        try (var glue = AwsClients.configured(GlueClient.builder(), Settings.GLUE_ENDPOINT).build()) {
            for (String database : databases) {
                try {
                    glue.createDatabase(create -> create.databaseInput(input -> input.name(database)));
                } catch (AlreadyExistsException exists) {
                    // created by an earlier start: what we wanted
                }
            }
        }
    }

    /** Without a template, a data lake's database: its bucket's local name in snake case. */
    public static String catalogName(BucketSpec bucket) {
        return bucketName(bucket).replace('-', '_');
    }

    /**
     * The production declaration as the template configures it: the template resolved with the local names, and
     * checked against the declaration.
     */
    private static TemplateConfiguration configured(Declaration declaration, StackTemplate.Source template,
                                                    Backends backends) {
        return TemplateConfiguration.of(declaration, template.resolve(LocalNames.ofLocalStack(backends.redisUrl())),
                template.path());
    }

    /** The local names the template's references resolve to: moto's account, this region, this Redis. */
    /** Without a template, every function gets every variable, as before the template governed. */
    private static Map<String, Map<String, String>> sameForEach(Declaration declaration, Map<String, String> all) {
        var environments = new LinkedHashMap<String, Map<String, String>>();
        declaration.functions().forEach(function -> environments.put(function.name(), Map.copyOf(all)));
        return environments;
    }

    /**
     * What Lambda would put in each function's environment. All functions share this JVM, so the union of their
     * variables goes into system properties, which {@link RuntimeEnvironment} reads before the process
     * environment (until each environment gets its own, issue 24). Lambda sets AWS_REGION in every environment.
     */
    private static void exportEnvironment(Map<String, Map<String, String>> environments, Backends backends) {
        var union = new LinkedHashMap<String, String>();
        union.put(Settings.AWS_REGION.name(), RuntimeEnvironment.region());
        // the runtime's own clients (tables, buckets, streams) go to these backends, whatever functions it has:
        // a declaration of tables alone must not leave them at an earlier runtime's endpoint
        LocalSubstitutions.ENDPOINTS.forEach(endpoint -> union.put(endpoint.name(),
                backends.dynamoDbEndpoint().toString()));
        union.put(Settings.REDIS_URL.name(), backends.redisUrl());
        environments.forEach((function, variables) -> variables.forEach((name, value) -> {
            String other = union.putIfAbsent(name, value);
            if (other != null && !other.equals(value)) {
                throw new IllegalStateException(name + " differs between functions (" + other + ", " + value
                        + "): one JVM's system properties cannot hold both");
            }
        }));
        union.forEach(System::setProperty);
    }

    /** Each function's environment: the template's, with the local substitutions (or, without one, all). */
    public Map<String, Map<String, String>> environments() {
        return parts.environments;
    }

    /**
     * The variables every function gets locally: endpoints, region, table and bucket names, and the settings the
     * local backends need. A function run in a JVM of its own (the cold-start benchmark) gets them as its
     * process environment, as in Lambda.
     */
    public static Map<String, String> functionEnvironment(Declaration declaration, Backends backends) {
        var variables = new LinkedHashMap<String, String>();
        variables.put(Settings.DYNAMODB_ENDPOINT.name(), backends.dynamoDbEndpoint().toString());
        variables.put(Settings.REDIS_URL.name(), backends.redisUrl());
        variables.put(Settings.AWS_REGION.name(), RuntimeEnvironment.region());
        for (TableSpec table : declaration.tables()) {
            variables.put(Settings.table(table.name()).name(), table.name()); // locally, physical = logical name
        }
        // moto_server takes writes one at a time (the gate): 32 writers per import request would only queue past
        // their timeouts when a few requests run at once
        variables.put(Settings.IMPORT_WRITE_CONCURRENCY.name(),
                RuntimeEnvironment.given(Settings.IMPORT_WRITE_CONCURRENCY)
                        .orElse(LocalSubstitutions.LOCAL_IMPORT_WRITERS));
        // moto_server serves S3 on the same endpoint (through the same gate)
        variables.put(Settings.S3_ENDPOINT.name(), backends.dynamoDbEndpoint().toString());
        for (BucketSpec bucket : declaration.buckets()) {
            variables.put(Settings.bucket(bucket.name()).name(), bucketName(bucket));
        }
        // moto_server serves CloudWatch too; locally a function's deployed name is its declared one
        variables.put(Settings.CLOUDWATCH_ENDPOINT.name(), backends.dynamoDbEndpoint().toString());
        // and Glue, the data lakes' catalogs
        variables.put(Settings.GLUE_ENDPOINT.name(), backends.dynamoDbEndpoint().toString());
        declaration.buckets().stream().filter(bucket -> bucket.dataLake().isPresent()).forEach(bucket ->
                variables.put(Settings.catalog(bucket.name()).name(), catalogName(bucket)));
        declaration.functions().forEach(function ->
                variables.put(Settings.function(function.name()).name(), function.name()));
        return variables;
    }

    public String url() {
        return "http://127.0.0.1:" + parts.api.port();
    }

    /** Where clients connect to each WebSocket API: {@code ws://127.0.0.1:PORT/live}. */
    public List<String> webSocketUrls() {
        return parts.api.webSocketApis().stream().map(api -> "ws://127.0.0.1:" + parts.api.port() + api.path())
                .toList();
    }

    public Backends backends() {
        return parts.backends;
    }

    /** Requests the HTTP API answered 503 at API Gateway's integration timeout. */
    public long integrationTimeouts() {
        return parts.api.integrationTimeouts();
    }

    /** Requests the gateway answered 429 at once, the stack being too far behind (see the gateway's admission). */
    public long shedRequests() {
        return parts.api.shedRequests();
    }

    public DynamoDbClient dynamoDb() {
        return parts.dynamoDb;
    }

    /** How long the start took, phase by phase. */
    public StartTimes startTimes() {
        return startTimes;
    }

    public FunctionPool function(String name) {
        var pool = parts.functions.get(name);
        if (pool == null) {
            throw new IllegalArgumentException("no function " + name);
        }
        return pool;
    }

    public List<StreamPoller> pollers() {
        return parts.pollers;
    }

    public StreamPoller poller(String consumerId) {
        return parts.pollers.stream().filter(p -> p.consumerId().equals(consumerId)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no stream consumer " + consumerId));
    }

    public OnFailureDestination onFailure() {
        return onFailure;
    }

    @Override
    public void close() {
        parts.close();
        if (parts.throughput != null) {
            writeThrottles(throttles(), iamCalls.resolveSibling(THROTTLES_FILE));
        }
        if (!CallLog.calls().isEmpty()) {
            try {
                CallLog.writeTo(iamCalls);
            } catch (IOException e) {
                LOG.log(java.util.logging.Level.WARNING, "could not write the AWS calls checked to " + iamCalls, e);
            }
        }
    }

    /** Where each start appends its times, a line in its data dir, which the test gate's summary adds up. */
    public static final String START_TIMES_FILE = "start-times.tsv";

    private static void appendStartTimes(StartTimes times, Path file) {
        try {
            java.nio.file.Files.writeString(file, times.line() + "\n", java.nio.file.StandardOpenOption.CREATE,
                    java.nio.file.StandardOpenOption.APPEND);
        } catch (IOException e) {
            LOG.log(Level.WARNING, "could not write the start's times to " + file, e);
        }
    }

    /** Where a runtime that enforced AWS's limits lists, when it stops, its throttles (in its data dir). */
    public static final String THROTTLES_FILE = "aws-throttles.tsv";

    /**
     * The throttles so far by {@code reason resource}: DynamoDB's (its throttling reasons, on table and index ARNs;
     * only while AWS's limits are enforced), ElastiCache's ({@code ElastiCacheThrottled cache:...}, the same), API
     * Gateway's ({@code ApiGatewayThrottled route:...}) and Lambda's ({@code LambdaThrottled function:...}).
     */
    public Map<String, Long> throttles() {
        var all = new java.util.TreeMap<>(parts.api.throttles());
        if (parts.throughput != null) {
            all.putAll(parts.throughput.throttles());
        }
        if (parts.cacheThroughput != null) {
            all.putAll(parts.cacheThroughput.throttles());
        }
        return all;
    }

    /** One line per throttling reason and resource: count, reason, resource; the count of all first. */
    private static void writeThrottles(Map<String, Long> throttles, Path file) {
        var lines = new ArrayList<String>();
        lines.add(throttles.values().stream().mapToLong(Long::longValue).sum() + "\tall\trefused by AWS's limits");
        throttles.forEach((reasonAndResource, count) -> lines.add(count + "\t" + reasonAndResource.replace(' ', '\t')));
        try {
            java.nio.file.Files.write(file, lines);
            LOG.info(() -> "throttles, by reason and resource (" + file + "): " + throttles);
        } catch (IOException e) {
            LOG.log(Level.WARNING, "could not write the throttles to " + file, e);
        }
    }

    /** The admin key when SCALEOUT_ADMIN_KEY is unset: the API listens on 127.0.0.1 only. */
    public static final String DEFAULT_ADMIN_KEY = "local-admin-key";

    /** {@code ./scaleout up}: serve the production declaration until Ctrl-C or SIGTERM. */
    public static void main(String[] args) throws Exception {
        LocalLogging.configure();
        var times = StartTimes.sinceJvmStart();
        var started = new java.util.concurrent.atomic.AtomicReference<LocalRuntime>();
        var stopped = new CountDownLatch(1);
        var urlFile = StackUrlFile.fromEnvironment();
        // Registered before anything starts: a SIGTERM during start-up must not leave children behind either.
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            LOG.info("stopping: closing the API, pollers and child processes");
            var runtime = started.get();
            if (runtime != null) {
                urlFile.delete();
                runtime.close();
            } else {
                Backends.stopStarting();
            }
            stopped.countDown();
        }, "shutdown"));
        var givenAdminKey = RuntimeEnvironment.variable(Settings.ADMIN_KEY);
        String adminKey = givenAdminKey.orElse(DEFAULT_ADMIN_KEY);
        System.setProperty(Settings.ADMIN_KEY.name(), adminKey); // the admin routes are on locally
        // the local default is printed (it is no secret); a key of the user's own never goes to the console
        String shownAdminKey = givenAdminKey.isPresent() ? "from SCALEOUT_ADMIN_KEY" : adminKey;
        var config = LocalConfig.fromEnvironment();
        LocalRuntime runtime;
        try {
            runtime = start(ScaleoutDeclaration.declaration(), config, times);
        } catch (IOException | RuntimeException e) {
            // the start stopped what it had started; nothing may keep this JVM up
            if (!(e instanceof IOException)) {
                LOG.log(Level.SEVERE, "start-up failed", e);
            }
            System.err.println("Scaleout did not start: " + e.getMessage());
            System.exit(1);
            return;
        }
        started.set(runtime);
        urlFile.write(runtime.url(), runtime.backends().dynamoDbEndpoint().toString());
        String web = config.webDir().flatMap(StaticFiles::at)
                .map(files -> String.format("  Web       %s/   (the web client, from %s)%n", runtime.url(), files.root()))
                .orElse("");
        String template = config.template().map(path -> "the template " + path)
                .orElse("the declaration alone (no SCALEOUT_TEMPLATE: every function gets every variable)");
        String live = runtime.webSocketUrls().stream().map(url -> String.format("  Live      %s%n", url))
                .collect(java.util.stream.Collectors.joining());
        System.out.printf("%nScaleout is up: %s%n  API       %s   (try: curl %s/health)%n%s%s"
                        + "  DynamoDB  %s%n  Redis     %s%n  Admin key %s   (X-Admin-Key; SCALEOUT_ADMIN_KEY sets it)%n"
                        + "  Functions configured by %s%n"
                        + "  Ctrl-C stops everything it started.%n%n",
                times.summary(), runtime.url(), runtime.url(), live, web, runtime.backends().dynamoDbEndpoint(),
                runtime.backends().redisUrl(), shownAdminKey, template);
        stopped.await();
    }
}
