package com.scaleout.local;

import com.scaleout.declaration.BucketSpec;
import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.FunctionSpec;
import com.scaleout.declaration.ScaleoutDeclaration;
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
import com.scaleout.local.http.RouteThrottles;
import com.scaleout.local.lambda.AccountConcurrency;
import com.scaleout.local.lambda.FunctionPool;
import com.scaleout.local.lambda.InvocationListener;
import com.scaleout.local.lambda.ScalingRate;
import com.scaleout.local.streams.IteratorAge;
import com.scaleout.local.streams.OnFailureDestination;
import com.scaleout.local.streams.StreamPoller;
import com.scaleout.local.tables.TableProvisioner;
import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.logging.Level;
import java.util.logging.Logger;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;
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

    private LocalRuntime(RuntimeParts parts, OnFailureDestination onFailure, StartTimes startTimes) {
        this.parts = parts;
        this.onFailure = onFailure;
        this.startTimes = startTimes;
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
            times.run("functions and API", () -> {
                parts.functions = functionPools(declaration, config);
                parts.api = bindApi(declaration, config, parts.functions);
            });
            parts.backends = times.time("backends",
                    () -> Backends.startOrConnect(config.dynamoDbEndpoint(), config.redisUrl(), config.dataDir()));
            exportEnvironment(declaration, parts.backends);
            parts.dynamoDb = AwsClients.dynamoDb();
            parts.streams = AwsClients.streams();
            times.run("tables", () -> new TableProvisioner(parts.dynamoDb).ensureAll(declaration.tables()));
            times.run("buckets", () -> createBuckets(declaration));

            var onFailure = new OnFailureDestination(config.dataDir().resolve("on-failure"));
            var pollers = new ArrayList<StreamPoller>();
            // what Lambda publishes for each consumer, into moto's CloudWatch, where the admin status reads it
            var iteratorAge = IteratorAge.to(
                    AwsClients.configured(CloudWatchClient.builder(), Settings.CLOUDWATCH_ENDPOINT).build());
            var readMode = parts.backends.isPatchedMoto() ? StreamPoller.ReadMode.SINGLE
                    : StreamPoller.ReadMode.CONFIRMED;
            declaration.streamConsumers().forEach(c -> pollers.add(new StreamPoller(c, c.table(),
                    parts.functions.get(c.function()), parts.dynamoDb, parts.streams, onFailure,
                    config.streamPollInterval(), readMode, iteratorAge)));
            parts.pollers = List.copyOf(pollers);
            parts.api.start();
            parts.pollers.forEach(StreamPoller::start);
            return new LocalRuntime(parts, onFailure, times);
        } catch (IOException | RuntimeException | Error e) {
            parts.close();
            throw e;
        }
    }

    /**
     * One pool per function, all in one account: reservations and the account's limit as Lambda has them. The
     * invocation listeners on the classpath hear of every pool's invocations (the cost meter, with the bench module).
     */
    private static Map<String, FunctionPool> functionPools(Declaration declaration, LocalConfig config) {
        var account = AccountConcurrency.of(config.accountConcurrency(), declaration.functions());
        var functions = new LinkedHashMap<String, FunctionPool>();
        ClassLoader handlers = LocalRuntime.class.getClassLoader();
        var listener = InvocationListener.fromClasspath();
        for (FunctionSpec spec : declaration.functions()) {
            functions.put(spec.name(), new FunctionPool(spec, handlers, account, ScalingRate.lambdas(), listener));
        }
        return functions;
    }

    /** The HTTP API, its port bound (not yet serving): binding is what fails when the port is taken. */
    private static LocalHttpApi bindApi(Declaration declaration, LocalConfig config,
                                        Map<String, FunctionPool> functions) throws IOException {
        var authorizers = new LinkedHashMap<String, AuthorizerGate>();
        declaration.authorizers().forEach(a -> authorizers.put(a.name(), new AuthorizerGate(a,
                functions.get(a.function()), config.authorizerTtlOverride(), Clock.systemUTC())));
        var address = new InetSocketAddress(InetAddress.getLoopbackAddress(), config.port());
        try {
            return new LocalHttpApi(address, new RouteTable(declaration.routes()), functions, authorizers,
                    Clock.systemUTC(), config.webDir().flatMap(StaticFiles::at), config.executionSlots(),
                    // the stage's default route throttle comes with the template (DefaultRouteSettings)
                    new RouteThrottles(declaration.routeThrottles(), Optional.empty()));
        } catch (BindException e) {
            throw new ApiPortTakenException(address, e);
        }
    }

    /** Locally a bucket's physical name is {@code scaleout-} and its name in kebab case. */
    static String bucketName(BucketSpec bucket) {
        return "scaleout-" + bucket.name().replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(java.util.Locale.ROOT);
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
     * What Lambda would put in each function's environment. All functions share this JVM, so the values go into
     * system properties, which {@link RuntimeEnvironment} reads before the process environment.
     */
    private static void exportEnvironment(Declaration declaration, Backends backends) {
        functionEnvironment(declaration, backends).forEach(System::setProperty);
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
                RuntimeEnvironment.given(Settings.IMPORT_WRITE_CONCURRENCY).orElse(LOCAL_IMPORT_WRITERS));
        // moto_server serves S3 on the same endpoint (through the same gate)
        variables.put(Settings.S3_ENDPOINT.name(), backends.dynamoDbEndpoint().toString());
        for (BucketSpec bucket : declaration.buckets()) {
            variables.put(Settings.bucket(bucket.name()).name(), bucketName(bucket));
        }
        // moto_server serves CloudWatch too; locally a function's deployed name is its declared one
        variables.put(Settings.CLOUDWATCH_ENDPOINT.name(), backends.dynamoDbEndpoint().toString());
        declaration.functions().forEach(function ->
                variables.put(Settings.function(function.name()).name(), function.name()));
        return variables;
    }

    public String url() {
        return "http://127.0.0.1:" + parts.api.port();
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
    }

    /** Import writes per request locally, unless IMPORT_WRITE_CONCURRENCY is given. */
    private static final String LOCAL_IMPORT_WRITERS = "4";

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
        urlFile.write(runtime.url());
        String web = config.webDir().flatMap(StaticFiles::at)
                .map(files -> String.format("  Web       %s/   (the web client, from %s)%n", runtime.url(), files.root()))
                .orElse("");
        System.out.printf("%nScaleout is up: %s%n  API       %s   (try: curl %s/health)%n%s"
                        + "  DynamoDB  %s%n  Redis     %s%n  Admin key %s   (X-Admin-Key; SCALEOUT_ADMIN_KEY sets it)%n"
                        + "  Ctrl-C stops everything it started.%n%n",
                times.summary(), runtime.url(), runtime.url(), web, runtime.backends().dynamoDbEndpoint(),
                runtime.backends().redisUrl(), shownAdminKey);
        stopped.await();
    }
}
