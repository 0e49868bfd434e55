package com.scaleout.cdk;

import com.scaleout.declaration.Artifact;
import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.FunctionSpec;
import com.scaleout.declaration.FunctionSpec.TableAccess;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.declaration.Setting;
import com.scaleout.declaration.Settings;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awscdk.Annotations;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.services.dynamodb.Table;
import software.amazon.awscdk.services.iam.Grant;
import software.amazon.awscdk.services.iam.GrantOnPrincipalOptions;
import software.amazon.awscdk.services.lambda.Alias;
import software.amazon.awscdk.services.lambda.Architecture;
import software.amazon.awscdk.services.lambda.AutoScalingOptions;
import software.amazon.awscdk.services.lambda.Code;
import software.amazon.awscdk.services.lambda.Function;
import software.amazon.awscdk.services.lambda.FunctionProps;
import software.amazon.awscdk.services.lambda.Runtime;
import software.amazon.awscdk.services.lambda.SnapStartConf;
import software.amazon.awscdk.services.lambda.Tracing;
import software.amazon.awscdk.services.lambda.ApplicationLogLevel;
import software.amazon.awscdk.services.lambda.LoggingFormat;
import software.amazon.awscdk.services.lambda.SystemLogLevel;
import software.amazon.awscdk.services.lambda.UtilizationScalingOptions;
import software.amazon.awscdk.services.logs.LogGroup;
import software.amazon.awscdk.services.logs.RetentionDays;
import software.amazon.awscdk.services.secretsmanager.Secret;
import software.amazon.awscdk.services.secretsmanager.SecretStringGenerator;
import software.constructs.Construct;

/**
 * One Lambda function per {@link FunctionSpec}, each from the artifact it is declared to ship in and all from the
 * same base props, so that runtime, architecture, logging and tracing cannot differ between functions by accident.
 */
public final class Functions extends Construct {
    private static final RetentionDays LOG_RETENTION = RetentionDays.ONE_MONTH;

    /** The alias every caller (routes, authorizers, stream consumers) invokes: the published, snapshotted version. */
    public static final String ALIAS = "live";

    private final Map<String, Function> byName = new LinkedHashMap<>();
    private final Map<String, Alias> aliases = new LinkedHashMap<>();
    private final Optional<Secret> adminKey;

    /**
     * @param cache the stack's own cache, if it builds one: the functions that use Redis then run in its network
     *              and get its endpoint; without it they get {@link ScaleoutStackConfig#redisUrl()} and run outside
     *              any VPC
     */
    public Functions(Construct scope, String id, Declaration declaration, DataTables tables, Storage storage,
                     DataLakes dataLakes, Optional<Cache> cache, ScaleoutStackConfig config) {
        super(scope, id);
        // One asset per artifact: every workload's handlers share the functions' shaded jar, the admin function
        // has its own (its data generators go to it alone)
        var codes = new EnumMap<Artifact, Code>(Artifact.class);
        Set<String> requestServing = requestServing(declaration);
        Set<String> adminServing = adminServing(declaration);
        adminKey = config.adminRoutes() && !adminServing.isEmpty()
                ? Optional.of(Secret.Builder.create(this, "AdminKey")
                        .description("X-Admin-Key of the admin routes (" + config.stage() + ")")
                        .generateSecretString(SecretStringGenerator.builder()
                                .passwordLength(40).excludePunctuation(true).build())
                        .removalPolicy(config.removalPolicy())
                        .build())
                : Optional.empty();
        Map<Setting, String> provided = provided(declaration, tables, storage, dataLakes, cache, config, adminKey);
        for (FunctionSpec spec : declaration.functions()) {
            boolean provisioned = config.provisionedConcurrency() > 0 && requestServing.contains(spec.name());
            Code code = codes.computeIfAbsent(spec.artifact(), artifact -> Code.fromAsset(config.jarPath(artifact)));
            var props = baseProps(spec, code, config, !provisioned)
                    .environment(environment(declaration.settingsOf(spec.name()), provided));
            if (spec.usesRedis()) {
                cache.ifPresent(c -> placeNextTo(props, c, declaration.pushesToConnections(spec.name())));
            }
            Function function = new Function(this, spec.name(), props.build());
            grantTables(function, spec, tables);
            if (adminServing.contains(spec.name())) {
                // the secret's name, never its value, is in its environment; it reads the secret at first use
                adminKey.ifPresent(secret -> secret.grantRead(function));
            }
            spec.buckets().forEach(bucket -> storage.bucket(bucket).grantReadWrite(function));
            dataLakes.all().keySet().stream()
                    .filter(bucket -> declaration.settingsOf(spec.name()).contains(Settings.catalog(bucket)))
                    .forEach(bucket -> dataLakes.grantCatalog(function, bucket));
            if (ScaleoutDeclaration.HEALTH.equals(spec.name())) {
                grantListTables(function);
            }
            byName.put(spec.name(), function);
            // SnapStart snapshots published versions only: callers go through an alias on the current version,
            // which a deploy moves once the new version's snapshot is ready
            var alias = Alias.Builder.create(this, spec.name() + "Alias")
                    .aliasName(ALIAS)
                    .version(function.getCurrentVersion());
            if (provisioned) {
                alias.provisionedConcurrentExecutions(config.provisionedConcurrency());
            }
            Alias built = alias.build();
            if (provisioned) {
                built.addAutoScaling(AutoScalingOptions.builder()
                                .minCapacity(config.provisionedConcurrency())
                                .maxCapacity(Math.max(config.provisionedConcurrency(), spec.peakConcurrency()))
                                .build())
                        .scaleOnUtilization(UtilizationScalingOptions.builder()
                                .utilizationTarget(PROVISIONED_UTILIZATION_TARGET).build());
            } else {
                // the warning says to make sure versions are published: the alias above publishes them
                Annotations.of(function).acknowledgeWarning("@aws-cdk/aws-lambda:snapStartRequirePublish",
                        "every function is invoked through an alias on its published current version");
            }
            aliases.put(spec.name(), built);
        }
        readLagOfConsumers(declaration);
    }

    /**
     * A function that reads other functions' names (the admin status page, for their IteratorAge) gets them once
     * they exist, and may read CloudWatch metrics: GetMetricData has no resource-level permissions, hence {@code *}.
     */
    private void readLagOfConsumers(Declaration declaration) {
        for (FunctionSpec reader : declaration.functions()) {
            var named = declaration.functions().stream().map(FunctionSpec::name)
                    .filter(other -> declaration.settingsOf(reader.name()).contains(Settings.function(other)))
                    .toList();
            if (named.isEmpty()) {
                continue;
            }
            Function function = byName.get(reader.name());
            named.forEach(other -> function.addEnvironment(Settings.function(other).name(),
                    byName.get(other).getFunctionName()));
            Grant.addToPrincipal(GrantOnPrincipalOptions.builder()
                    .grantee(function)
                    .actions(List.of("cloudwatch:GetMetricData"))
                    .resourceArns(List.of("*"))
                    .build());
        }
    }

    /** Provisioned environments in use that make autoscaling add more: headroom for a burst while it does. */
    static final double PROVISIONED_UTILIZATION_TARGET = 0.7;

    /** Functions with admin routes: only they may read the admin key. */
    private static Set<String> adminServing(Declaration declaration) {
        return declaration.functions().stream().map(FunctionSpec::name).filter(declaration::servesAdminRoutes)
                .collect(java.util.stream.Collectors.toSet());
    }

    /** The admin routes' key, when the stage turns them on. */
    public Optional<Secret> adminKey() {
        return adminKey;
    }

    /** Functions that answer requests (routes and authorizers), where a cold start is a user waiting. */
    private static Set<String> requestServing(Declaration declaration) {
        var names = new java.util.HashSet<String>();
        declaration.routes().forEach(route -> names.add(route.function()));
        declaration.authorizers().forEach(authorizer -> names.add(authorizer.function()));
        return names;
    }

    /** The alias callers invoke for the function declared under {@code name}. */
    public Alias alias(String name) {
        Alias alias = aliases.get(name);
        if (alias == null) {
            throw new IllegalArgumentException("no function " + name);
        }
        return alias;
    }

    /** The function declared under {@code name}. */
    public Function function(String name) {
        Function function = byName.get(name);
        if (function == null) {
            throw new IllegalArgumentException("no function " + name);
        }
        return function;
    }

    public Map<String, Function> all() {
        return Collections.unmodifiableMap(byName);
    }

    /**
     * What every function has in common. Reserved concurrency only where the declaration reserves some
     * ({@link FunctionSpec#reservedConcurrency()}): a reservation takes capacity from the account's shared pool (and
     * fails to deploy on accounts with a small limit), so {@link FunctionSpec#peakConcurrency()} is never one;
     * provisioned concurrency per stage is decided with the load tests.
     */
    private FunctionProps.Builder baseProps(FunctionSpec spec, Code code, ScaleoutStackConfig config,
                                            boolean snapStart) {
        LogGroup logs = LogGroup.Builder.create(this, spec.name() + "Logs")
                .retention(LOG_RETENTION)
                .removalPolicy(config.removalPolicy())
                .build();
        var props = FunctionProps.builder()
                .description(spec.handler())
                .runtime(Runtime.JAVA_21)
                .architecture(config.lambdaArchitecture() == ScaleoutStackConfig.LambdaArchitecture.ARM_64
                        ? Architecture.ARM_64 : Architecture.X86_64)
                .code(code)
                // The class name alone: Lambda's Java runtime calls handleRequest of a RequestHandler.
                .handler(spec.handler())
                .memorySize(spec.memoryMb())
                .timeout(Duration.seconds(spec.timeoutSeconds()))
                .logGroup(logs)
                // the functions write one JSON object per line (log4j2's JsonTemplateLayout): CloudWatch reads
                // them as JSON, Lambda's own lines (START, REPORT) come as JSON too, and application lines below
                // INFO are dropped by Lambda as by the code
                .loggingFormat(LoggingFormat.JSON)
                .applicationLogLevelV2(ApplicationLogLevel.INFO)
                .systemLogLevelV2(SystemLogLevel.INFO)
                // X-Ray traces each invocation (Lambda's own segments; the X-Ray SDK is not in the artifact). The
                // HTTP API cannot be traced: API Gateway supports X-Ray on REST APIs only (docs/operations.md).
                .tracing(Tracing.ACTIVE);
        spec.reservedConcurrency().ifPresent(props::reservedConcurrentExecutions);
        if (snapStart) {
            // Java cold starts are what users of Java on Lambda fear: start from a snapshot of the initialized
            // environment instead (the handlers' clients reconnect after a restore). Lambda does not combine
            // SnapStart with provisioned concurrency, which keeps environments initialized instead.
            props.snapStart(SnapStartConf.ON_PUBLISHED_VERSIONS);
        }
        return props;
    }

    /**
     * Into the cache's isolated subnets, with the security group the cache admits. Only functions that use Redis:
     * from there nothing but DynamoDB, S3 and the cache is reachable (no NAT gateway), and a function outside a VPC
     * has no ENIs to wait for. Lambda adds the managed policy that lets it manage those ENIs. A function that posts
     * to WebSocket connections goes into the egress subnets instead: the API's management endpoint is reached
     * through the NAT gateway ({@link Network} says why no endpoint can do it).
     */
    private static void placeNextTo(FunctionProps.Builder props, Cache cache, boolean pushes) {
        Network network = cache.network();
        props.vpc(network.vpc())
                .vpcSubnets(pushes ? network.egressSubnets() : network.isolatedSubnets())
                .securityGroups(List.of(network.functionsSecurityGroup()));
    }

    /** Of the settings a function reads, those the stack provides, and no other. */
    static Map<String, String> environment(List<Setting> reads, Map<Setting, String> provided) {
        var env = new LinkedHashMap<String, String>();
        reads.stream().filter(provided::containsKey).forEach(setting -> env.put(setting.name(), provided.get(setting)));
        return env;
    }

    /**
     * Names only, never secrets: every table's and bucket's physical name, each data lake's database, the stage, the
     * Redis endpoint and the admin key's secret ARN (when the stage turns the admin routes on).
     */
    private static Map<Setting, String> provided(Declaration declaration, DataTables tables, Storage storage,
                                                 DataLakes dataLakes, Optional<Cache> cache, ScaleoutStackConfig config,
                                                 Optional<Secret> adminKey) {
        var values = new LinkedHashMap<Setting, String>();
        values.put(Settings.STAGE, config.stage());
        declaration.tables().forEach(table -> values.put(Settings.table(table.name()),
                tables.table(table.name()).getTableName()));
        declaration.buckets().forEach(bucket -> values.put(Settings.bucket(bucket.name()),
                storage.bucket(bucket.name()).getBucketName()));
        dataLakes.all().forEach((bucket, lake) -> values.put(Settings.catalog(bucket), lake.databaseName()));
        // The stack's own cache (sharded: the cluster client), or a Redis of your own given with -c redisUrl=...
        // (on LocalStack, which has no ElastiCache); the stack builds no cache when it is given one.
        if (cache.isPresent()) {
            values.put(Settings.REDIS_URL, cache.get().redisUrl());
            values.put(Settings.REDIS_CLUSTER, "true");
        } else {
            config.redisUrl().ifPresent(url -> values.put(Settings.REDIS_URL, url));
        }
        adminKey.ifPresent(secret -> values.put(Settings.ADMIN_KEY_SECRET_ARN, secret.getSecretArn()));
        return values;
    }

    private static void grantTables(Function function, FunctionSpec spec, DataTables tables) {
        for (TableAccess access : spec.tables()) {
            Table table = tables.table(access.table());
            switch (access.mode()) {
                case READ -> table.grantReadData(function);
                case READ_WRITE -> table.grantReadWriteData(function);
            }
        }
    }

    /**
     * The health check proves DynamoDB connectivity with {@code ListTables(Limit=1)}. ListTables has no
     * resource-level permissions, so the grant is on {@code *}; no table data is readable through it.
     */
    private static void grantListTables(Function function) {
        Grant.addToPrincipal(GrantOnPrincipalOptions.builder()
                .grantee(function)
                .actions(List.of("dynamodb:ListTables"))
                .resourceArns(List.of("*"))
                .build());
    }
}
