package com.scaleout.local;

import com.scaleout.declaration.Settings;
import com.scaleout.functions.shared.config.RuntimeEnvironment;
import com.scaleout.local.http.LocalHttpApi;
import com.scaleout.local.lambda.AccountConcurrency;
import com.scaleout.local.lambda.EnvironmentCap;
import com.scaleout.local.limits.AwsLimits;
import com.scaleout.local.websocket.LiveLimits;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * How the local runtime is configured: its own knobs ({@link LocalSettings}, where each is described) and the
 * function settings {@code DYNAMODB_ENDPOINT} and {@code REDIS_URL}, which, when given, are used instead of
 * starting moto_server and redis-server.
 *
 * @param template the synthesized template that configures the production declaration's functions, if given
 * @param liveLimits the WebSocket APIs' idle timeout, maximum duration and new-connection quota (API Gateway's,
 *                   shortened by tests)
 * @param environments how many environments each function run from its artifact keeps alive at most
 *                     ({@code SCALEOUT_ENVIRONMENTS}; Lambda's scaling where {@code awsLimits} are enforced)
 * @param awsLimits AWS's service limits, scaled, when the runtime enforces them ({@code SCALEOUT_AWS_LIMITS})
 * @param streamRetries every stream consumer's retry attempts instead of its template's or declaration's, if given:
 *                      a test that waits out exhausted retries keeps the production template (and its permission
 *                      audit) and waits for two retries instead of ten
 */
public record LocalConfig(
        int port,
        Optional<String> dynamoDbEndpoint,
        Optional<String> redisUrl,
        Path dataDir,
        Optional<Duration> authorizerTtlOverride,
        Duration streamPollInterval,
        int accountConcurrency,
        int executionSlots,
        EnvironmentCap environments,
        Optional<Path> webDir,
        Optional<Path> template,
        LiveLimits liveLimits,
        Optional<AwsLimits> awsLimits,
        Optional<Integer> streamRetries) {
    private static final Logger LOG = Logger.getLogger(LocalConfig.class.getName());

    public static LocalConfig fromEnvironment() {
        RuntimeEnvironment.variable(LocalSettings.RETIRED_MAX_CONCURRENCY).ifPresent(ignored -> LOG.warning(
                LocalSettings.RETIRED_MAX_CONCURRENCY.name() + " is ignored: functions scale on demand up to "
                        + LocalSettings.ACCOUNT_CONCURRENCY.name() + " (default " + AccountConcurrency.DEFAULT_LIMIT
                        + ")"));
        return new LocalConfig(
                RuntimeEnvironment.integer(LocalSettings.PORT),
                RuntimeEnvironment.variable(Settings.DYNAMODB_ENDPOINT),
                RuntimeEnvironment.variable(Settings.REDIS_URL),
                Path.of(RuntimeEnvironment.variable(LocalSettings.DATA_DIR).orElseThrow()),
                RuntimeEnvironment.variable(LocalSettings.AUTHORIZER_TTL_SECONDS).map(Long::parseLong)
                        .map(Duration::ofSeconds),
                Duration.ofMillis(RuntimeEnvironment.integer(LocalSettings.STREAM_POLL_MILLIS)),
                RuntimeEnvironment.integer(LocalSettings.ACCOUNT_CONCURRENCY),
                RuntimeEnvironment.integer(LocalSettings.EXECUTION_SLOTS),
                EnvironmentCap.parse(RuntimeEnvironment.variable(LocalSettings.ENVIRONMENTS).orElseThrow()),
                RuntimeEnvironment.variable(LocalSettings.WEB_DIR).map(Path::of)
                        .or(() -> Optional.of(Path.of("web", "dist")).filter(java.nio.file.Files::isDirectory)),
                RuntimeEnvironment.variable(LocalSettings.TEMPLATE).map(Path::of),
                LiveLimits.aws(),
                AwsLimits.parse(LocalSettings.AWS_LIMITS.name(),
                        RuntimeEnvironment.variable(LocalSettings.AWS_LIMITS).orElse("off")),
                Optional.empty());
    }

    public LocalConfig withPort(int newPort) {
        return new LocalConfig(newPort, dynamoDbEndpoint, redisUrl, dataDir, authorizerTtlOverride,
                streamPollInterval, accountConcurrency, executionSlots, environments, webDir, template, liveLimits,
                awsLimits, streamRetries);
    }

    public LocalConfig withBackends(String dynamoDb, String redis) {
        return new LocalConfig(port, Optional.of(dynamoDb), Optional.of(redis), dataDir, authorizerTtlOverride,
                streamPollInterval, accountConcurrency, executionSlots, environments, webDir, template, liveLimits,
                awsLimits, streamRetries);
    }

    public LocalConfig withAuthorizerTtl(Duration ttl) {
        return new LocalConfig(port, dynamoDbEndpoint, redisUrl, dataDir, Optional.of(ttl), streamPollInterval,
                accountConcurrency, executionSlots, environments, webDir, template, liveLimits, awsLimits,
                streamRetries);
    }

    public LocalConfig withDataDir(Path dir) {
        return new LocalConfig(port, dynamoDbEndpoint, redisUrl, dir, authorizerTtlOverride, streamPollInterval,
                accountConcurrency, executionSlots, environments, webDir, template, liveLimits, awsLimits,
                streamRetries);
    }

    public LocalConfig withAccountConcurrency(int limit) {
        return new LocalConfig(port, dynamoDbEndpoint, redisUrl, dataDir, authorizerTtlOverride, streamPollInterval,
                limit, executionSlots, environments, webDir, template, liveLimits, awsLimits,
                streamRetries);
    }

    /** Configures the production declaration's functions with this synthesized template. */
    public LocalConfig withTemplate(Path templateJson) {
        return new LocalConfig(port, dynamoDbEndpoint, redisUrl, dataDir, authorizerTtlOverride, streamPollInterval,
                accountConcurrency, executionSlots, environments, webDir, Optional.of(templateJson), liveLimits,
                awsLimits, streamRetries);
    }

    /** The WebSocket APIs' limits (API Gateway's unless a test shortens them). */
    public LocalConfig withLiveLimits(LiveLimits limits) {
        return new LocalConfig(port, dynamoDbEndpoint, redisUrl, dataDir, authorizerTtlOverride, streamPollInterval,
                accountConcurrency, executionSlots, environments, webDir, template, limits, awsLimits,
                streamRetries);
    }

    /** At most {@code cap} environments alive per function run from its artifact. */
    public LocalConfig withEnvironments(EnvironmentCap cap) {
        return new LocalConfig(port, dynamoDbEndpoint, redisUrl, dataDir, authorizerTtlOverride, streamPollInterval,
                accountConcurrency, executionSlots, cap, webDir, template, liveLimits, awsLimits,
                streamRetries);
    }

    /** Enforces AWS's limits divided by {@code limits}' scale (or none when empty). */
    public LocalConfig withAwsLimits(Optional<AwsLimits> limits) {
        return new LocalConfig(port, dynamoDbEndpoint, redisUrl, dataDir, authorizerTtlOverride, streamPollInterval,
                accountConcurrency, executionSlots, environments, webDir, template, liveLimits, limits, streamRetries);
    }

    /** Serves the web client's files from {@code dir} (or none when empty). */
    public LocalConfig withWebDir(Optional<Path> dir) {
        return new LocalConfig(port, dynamoDbEndpoint, redisUrl, dataDir, authorizerTtlOverride, streamPollInterval,
                accountConcurrency, executionSlots, environments, dir, template, liveLimits, awsLimits, streamRetries);
    }

    /** Every stream consumer retries a failing batch {@code attempts} times, whatever the template says. */
    public LocalConfig withStreamRetries(int attempts) {
        return new LocalConfig(port, dynamoDbEndpoint, redisUrl, dataDir, authorizerTtlOverride, streamPollInterval,
                accountConcurrency, executionSlots, environments, webDir, template, liveLimits, awsLimits,
                Optional.of(attempts));
    }
}
