package com.scaleout.cdk;

import com.scaleout.declaration.Artifact;
import java.net.URI;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import software.amazon.awscdk.RemovalPolicy;

/**
 * What differs between deployments of the same declaration: the stage, where the functions artifact is, whether
 * the stack builds its own cache or is given a Redis endpoint, and what the tables and the cache may cost.
 *
 * @param stage            e.g. {@code dev}, {@code prod}; part of the stack name, and passed to functions as
 *                         {@code SCALEOUT_STAGE}
 * @param functionsJarPath the shaded Lambda jar built by the functions module (its Maven output path)
 * @param adminJarPath     the admin function's shaded Lambda jar, built by the admin module
 * @param warehouseJarPath the warehouse loader's shaded Lambda jar, built by the warehouse module
 * @param redisUrl         a Redis endpoint of your own, e.g. {@code rediss://host:6379}: then the stack builds no
 *                         VPC and no cache and hands this URL to the functions that use Redis (the LocalStack path,
 *                         whose free edition has no ElastiCache). Empty: the stack builds an ElastiCache Serverless
 *                         cache in its own VPC. Never with credentials, because it becomes an environment variable
 * @param capacity         how the tables pay for throughput
 * @param provisionedConcurrency environments kept initialized per request-serving function (0: none, and SnapStart
 *                         instead); autoscaled from there up to the function's declared peak concurrency
 * @param adminRoutes      whether the stage has the admin routes and the functions that serve only them (with a
 *                         generated key kept in Secrets Manager); off by default: then they are absent from every
 *                         stack, so that a stage has no admin surface unless asked
 * @param cacheLimits      the ceilings of the stack's own cache (unused with {@code redisUrl})
 * @param webDist          the built web client (a directory with {@code index.html}) to serve from the stack's
 *                         CloudFront site; empty: no site is asked for. A path given but not built yet makes a
 *                         stack without a site and a warning (so that synth works before the client is built)
 * @param lambdaArchitecture what the functions run on: arm64 in AWS; LocalStack runs them on its host's
 */
public record ScaleoutStackConfig(String stage, String functionsJarPath, String adminJarPath, String warehouseJarPath,
                                  Optional<String> redisUrl, TableCapacity capacity, int provisionedConcurrency,
                                  boolean adminRoutes, CacheLimits cacheLimits, Optional<Path> webDist,
                                  LambdaArchitecture lambdaArchitecture) {

    /** The instruction set of the functions' execution environments. */
    public enum LambdaArchitecture {
        /** Graviton: cheaper per GB-second than x86_64 in AWS, and the Java runtime runs the same jar. */
        ARM_64("arm64"),
        X86_64("x86_64");

        private final String contextValue;

        LambdaArchitecture(String contextValue) {
            this.contextValue = contextValue;
        }

        /** From the {@code lambdaArchitecture} context value: {@code arm64} or {@code x86_64}. */
        public static LambdaArchitecture fromContext(String value) {
            for (LambdaArchitecture architecture : values()) {
                if (architecture.contextValue.equals(value)) {
                    return architecture;
                }
            }
            throw new IllegalArgumentException("lambdaArchitecture must be arm64 or x86_64, was " + value);
        }

        /** The one a container on this machine runs natively (Java's {@code os.arch}: amd64, x86_64, aarch64). */
        public static LambdaArchitecture ofHost(String osArch) {
            return switch (osArch) {
                case "aarch64", "arm64" -> ARM_64;
                case "amd64", "x86_64" -> X86_64;
                default -> throw new IllegalArgumentException("no Lambda architecture for a host of " + osArch
                        + ": pass -c lambdaArchitecture=arm64 or x86_64");
            };
        }
    }

    /**
     * On-demand (the default: capacity follows the load, nothing to plan), or provisioned with target-tracking
     * autoscaling, cheaper for steady load once the load tests have shown what it is.
     */
    public enum TableCapacity {
        ON_DEMAND, PROVISIONED;

        /** From the {@code capacity} context value: {@code on-demand} or {@code provisioned}. */
        public static TableCapacity fromContext(String value) {
            return switch (value) {
                case "on-demand" -> ON_DEMAND;
                case "provisioned" -> PROVISIONED;
                default -> throw new IllegalArgumentException(
                        "capacity must be on-demand or provisioned, was " + value);
            };
        }
    }

    /**
     * The most the serverless cache may scale to: a cost guardrail, not a reservation (it bills what it uses).
     * At the data ceiling the cache evicts keys that have a TTL, least recently used first, and refuses writes when
     * none is left; at the ECPU ceiling it throttles. Either way the functions see a cache that fails, and fall back
     * to DynamoDB (DESIGN: caches are caches).
     *
     * @param maxDataGb        1 to 5,000 GB (ElastiCache's range)
     * @param maxEcpuPerSecond 1,000 to 15,000,000 ECPUs per second (ElastiCache's range)
     */
    public record CacheLimits(int maxDataGb, int maxEcpuPerSecond) {
        /**
         * 10 GB holds about 100,000 full home timelines (1,000 ids of about 100 bytes each, the largest structure
         * cached) and costs at most $0.84 an hour if ever filled (Valkey, us-east-1). 100,000 ECPU/s is 50 times
         * the API's throttle (2,000 requests/s), room for fanout bursts of pipelined writes, and bounds a runaway
         * loop to $0.82 an hour.
         */
        public static final CacheLimits DEFAULT = new CacheLimits(10, 100_000);

        public CacheLimits {
            if (maxDataGb < 1 || maxDataGb > 5_000) {
                throw new IllegalArgumentException("cacheMaxDataGb must be 1 to 5000, was " + maxDataGb);
            }
            if (maxEcpuPerSecond < 1_000 || maxEcpuPerSecond > 15_000_000) {
                throw new IllegalArgumentException("cacheMaxEcpuPerSecond must be 1000 to 15000000, was "
                        + maxEcpuPerSecond);
            }
        }
    }

    public static final String DEFAULT_STAGE = "dev";
    /** Relative to cdk/, the working directory when the cdk CLI runs the app. */
    public static final String DEFAULT_FUNCTIONS_JAR = "../" + Artifact.FUNCTIONS.path();
    /** Relative to cdk/, as {@link #DEFAULT_FUNCTIONS_JAR}. */
    public static final String DEFAULT_ADMIN_JAR = "../" + Artifact.ADMIN.path();
    /** Relative to cdk/, as {@link #DEFAULT_FUNCTIONS_JAR}. */
    public static final String DEFAULT_WAREHOUSE_JAR = "../" + Artifact.WAREHOUSE.path();
    /** Relative to cdk/: where {@code npm run build} in web/ writes the client. */
    public static final String DEFAULT_WEB_DIST = "../web/dist";

    private static final Pattern STAGE = Pattern.compile("[a-z][a-z0-9-]{0,19}");

    public ScaleoutStackConfig {
        if (stage == null || !STAGE.matcher(stage).matches()) {
            throw new IllegalArgumentException("stage must match " + STAGE + " (it names the stack), was " + stage);
        }
        Objects.requireNonNull(functionsJarPath, "functionsJarPath");
        Objects.requireNonNull(adminJarPath, "adminJarPath");
        Objects.requireNonNull(warehouseJarPath, "warehouseJarPath");
        Objects.requireNonNull(redisUrl, "redisUrl");
        Objects.requireNonNull(capacity, "capacity");
        Objects.requireNonNull(cacheLimits, "cacheLimits");
        Objects.requireNonNull(webDist, "webDist");
        Objects.requireNonNull(lambdaArchitecture, "lambdaArchitecture");
        if (provisionedConcurrency < 0) {
            throw new IllegalArgumentException("provisionedConcurrency must be 0 or more, was "
                    + provisionedConcurrency);
        }
        redisUrl.ifPresent(ScaleoutStackConfig::requireNoCredentials);
    }

    public static ScaleoutStackConfig of(String stage, String functionsJarPath, String adminJarPath) {
        return of(stage, functionsJarPath, adminJarPath, DEFAULT_WAREHOUSE_JAR);
    }

    public static ScaleoutStackConfig of(String stage, String functionsJarPath, String adminJarPath,
                                         String warehouseJarPath) {
        return new ScaleoutStackConfig(stage, functionsJarPath, adminJarPath, warehouseJarPath, Optional.empty(), TableCapacity.ON_DEMAND, 0, false,
                CacheLimits.DEFAULT, Optional.empty(), LambdaArchitecture.ARM_64);
    }

    /** Where the artifact a function ships in is. */
    public String jarPath(Artifact artifact) {
        return switch (artifact) {
            case FUNCTIONS -> functionsJarPath;
            case ADMIN -> adminJarPath;
            case WAREHOUSE -> warehouseJarPath;
        };
    }

    public ScaleoutStackConfig withRedisUrl(String url) {
        return new ScaleoutStackConfig(stage, functionsJarPath, adminJarPath, warehouseJarPath, Optional.of(url), capacity, provisionedConcurrency,
                adminRoutes, cacheLimits, webDist, lambdaArchitecture);
    }

    public ScaleoutStackConfig withCapacity(TableCapacity tableCapacity) {
        return new ScaleoutStackConfig(stage, functionsJarPath, adminJarPath, warehouseJarPath, redisUrl, tableCapacity, provisionedConcurrency,
                adminRoutes, cacheLimits, webDist, lambdaArchitecture);
    }

    public ScaleoutStackConfig withProvisionedConcurrency(int environments) {
        return new ScaleoutStackConfig(stage, functionsJarPath, adminJarPath, warehouseJarPath, redisUrl, capacity, environments, adminRoutes,
                cacheLimits, webDist, lambdaArchitecture);
    }

    public ScaleoutStackConfig withAdminRoutes() {
        return new ScaleoutStackConfig(stage, functionsJarPath, adminJarPath, warehouseJarPath, redisUrl, capacity, provisionedConcurrency, true,
                cacheLimits, webDist, lambdaArchitecture);
    }

    public ScaleoutStackConfig withCacheLimits(CacheLimits limits) {
        return new ScaleoutStackConfig(stage, functionsJarPath, adminJarPath, warehouseJarPath, redisUrl, capacity, provisionedConcurrency,
                adminRoutes, limits, webDist, lambdaArchitecture);
    }

    public ScaleoutStackConfig withWebDist(Path directory) {
        return new ScaleoutStackConfig(stage, functionsJarPath, adminJarPath, warehouseJarPath, redisUrl, capacity, provisionedConcurrency,
                adminRoutes, cacheLimits, Optional.of(directory), lambdaArchitecture);
    }

    public ScaleoutStackConfig withLambdaArchitecture(LambdaArchitecture architecture) {
        return new ScaleoutStackConfig(stage, functionsJarPath, adminJarPath, warehouseJarPath, redisUrl, capacity, provisionedConcurrency,
                adminRoutes, cacheLimits, webDist, architecture);
    }

    public boolean isDev() {
        return DEFAULT_STAGE.equals(stage);
    }

    /** Outside dev, deleting a table takes turning its deletion protection off first. */
    public boolean protectsData() {
        return !isDev();
    }

    /** A dev stack is disposable; any other stage keeps its data when the stack or a resource goes away. */
    public RemovalPolicy removalPolicy() {
        return isDev() ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN;
    }

    /** Environment variables are visible to anyone who can read the function's configuration: names only. */
    private static void requireNoCredentials(String url) {
        URI uri;
        try {
            uri = URI.create(url);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("redisUrl is not a URI: " + url, e);
        }
        if (!"redis".equals(uri.getScheme()) && !"rediss".equals(uri.getScheme())) {
            throw new IllegalArgumentException("redisUrl must be redis:// or rediss://, was " + uri.getScheme());
        }
        if (uri.getRawUserInfo() != null) {
            throw new IllegalArgumentException(
                    "redisUrl must not carry credentials (it becomes an environment variable)");
        }
    }
}
