package com.scaleout.cdk;

import com.scaleout.declaration.ScaleoutDeclaration;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import software.amazon.awscdk.App;
import software.amazon.awscdk.AppProps;

/**
 * The CDK app: the stacks of one stage ({@link ScaleoutStacks}), built from the production declaration.
 * Context: {@code -c stage=prod}, {@code -c functionsJar=path}, {@code -c adminJar=path} and
 * {@code -c warehouseJar=path} (the Lambda
 * artifacts, by default the modules' Maven output), {@code -c redisUrl=rediss://host:6379} (a Redis of
 * your own: no VPC and no ElastiCache cache in the stack), {@code -c cacheMaxDataGb=N} and
 * {@code -c cacheMaxEcpuPerSecond=N} (the ceilings of the stack's own cache, default 10 GB and 100,000 ECPU/s),
 * {@code -c capacity=provisioned} (tables with autoscaled provisioned capacity instead of on-demand),
 * {@code -c provisionedConcurrency=N} (N initialized environments per request-serving function, autoscaled, in
 * place of SnapStart for those functions), {@code -c adminRoutes=true} (the admin routes and their functions, with a
 * generated key in Secrets Manager; without it they are not deployed), {@code -c webDist=PATH} (the built web client served by the stack's CloudFront site;
 * default {@code ../web/dist}: without it the stack has no site, and synth warns), {@code -c webSite=false} (no site
 * at all), {@code -c lambdaArchitecture=arm64|x86_64} (default arm64), {@code -c localstack=true} (the LocalStack
 * deploy: by default no site and the host's architecture; see {@link #config}).
 */
public final class ScaleoutApp {
    private ScaleoutApp() {
    }

    public static void main(String[] args) {
        App app = newApp();
        String hostArch = System.getProperty("os.arch");
        ScaleoutStackConfig config = config(app, hostArch);
        requireArtifact(config.functionsJarPath(), "functions", "functionsJar");
        requireArtifact(config.adminJarPath(), "admin", "adminJar");
        requireArtifact(config.warehouseJarPath(), "warehouse", "warehouseJar");
        stacks(app, hostArch);
        app.synth();
    }

    /**
     * The production declaration's stacks as the app's context configures them. No account/region: nothing here
     * looks anything up, so the stacks synthesize offline.
     *
     * <p>On LocalStack ({@code -c localstack=true}) the stacks reference each other by CloudFormation exports
     * ({@code Fn::ImportValue}), which LocalStack has long served, instead of the weak references cdk.json sets
     * ({@code Fn::GetStackOutput}, an intrinsic of 2026 that an emulator may not know yet).
     */
    static ScaleoutStacks stacks(App app, String hostArch) {
        if (localStack(app)) {
            app.getNode().setContext(CROSS_STACK_REFERENCES, "strong");
        }
        return new ScaleoutStacks(app, ScaleoutDeclaration.declaration(), config(app, hostArch));
    }

    /** The feature flag that chooses how stacks reference each other (cdk.json: weak). */
    static final String CROSS_STACK_REFERENCES = "@aws-cdk/core:defaultCrossStackReferences";

    private static boolean localStack(App app) {
        return context(app, "localstack").map(Boolean::parseBoolean).orElse(false);
    }

    /**
     * An app with cdk.json's context (the feature flags) under whatever the CLI or the caller passes: the same
     * flags whether the CLI runs the app, the build synthesizes the dev stage without the CLI, or a test builds it.
     */
    public static App newApp() {
        return new App(AppProps.builder().context(CdkJson.context(Path.of(CdkJson.FILE))).build());
    }

    /**
     * The stack's configuration from the app's context. {@code -c localstack=true} (the LocalStack deploy) changes
     * two defaults: no web site (CloudFront is in LocalStack's paid plans only), and functions built for the
     * architecture of {@code hostArch}, the machine LocalStack runs them on, instead of AWS's arm64.
     */
    static ScaleoutStackConfig config(App app, String hostArch) {
        boolean localStack = localStack(app);
        var architecture = context(app, "lambdaArchitecture")
                .map(ScaleoutStackConfig.LambdaArchitecture::fromContext)
                .orElseGet(() -> localStack ? ScaleoutStackConfig.LambdaArchitecture.ofHost(hostArch)
                        : ScaleoutStackConfig.LambdaArchitecture.ARM_64);
        boolean webSite = context(app, "webSite").map(Boolean::parseBoolean).orElse(!localStack);
        return new ScaleoutStackConfig(
                context(app, "stage").orElse(ScaleoutStackConfig.DEFAULT_STAGE),
                context(app, "functionsJar").orElse(ScaleoutStackConfig.DEFAULT_FUNCTIONS_JAR),
                context(app, "adminJar").orElse(ScaleoutStackConfig.DEFAULT_ADMIN_JAR),
                context(app, "warehouseJar").orElse(ScaleoutStackConfig.DEFAULT_WAREHOUSE_JAR),
                context(app, "redisUrl"),
                context(app, "capacity").map(ScaleoutStackConfig.TableCapacity::fromContext)
                        .orElse(ScaleoutStackConfig.TableCapacity.ON_DEMAND),
                context(app, "provisionedConcurrency").map(Integer::parseInt).orElse(0),
                context(app, "adminRoutes").map(Boolean::parseBoolean).orElse(false),
                new ScaleoutStackConfig.CacheLimits(
                        context(app, "cacheMaxDataGb").map(Integer::parseInt)
                                .orElse(ScaleoutStackConfig.CacheLimits.DEFAULT.maxDataGb()),
                        context(app, "cacheMaxEcpuPerSecond").map(Integer::parseInt)
                                .orElse(ScaleoutStackConfig.CacheLimits.DEFAULT.maxEcpuPerSecond())),
                webSite ? Optional.of(Path.of(context(app, "webDist").orElse(ScaleoutStackConfig.DEFAULT_WEB_DIST)))
                        : Optional.empty(),
                architecture);
    }

    private static Optional<String> context(App app, String key) {
        return Optional.ofNullable(app.getNode().tryGetContext(key)).map(Object::toString).filter(s -> !s.isBlank());
    }

    /** Fail with the fix rather than CDK's bare "Cannot find asset". */
    private static void requireArtifact(String jar, String module, String contextKey) {
        if (!Files.isRegularFile(Path.of(jar))) {
            throw new IllegalStateException(module + " artifact not found: " + Path.of(jar).toAbsolutePath()
                    + " (build it with: mvn -pl " + module + " -am package, or pass -c " + contextKey + "=PATH)");
        }
    }
}
