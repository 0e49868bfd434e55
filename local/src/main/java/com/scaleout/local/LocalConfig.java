package com.scaleout.local;

import com.scaleout.functions.shared.config.RuntimeEnvironment;
import com.scaleout.local.http.LocalHttpApi;
import com.scaleout.local.lambda.AccountConcurrency;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * How the local runtime is configured, from the environment (a system property of the same name wins, which is
 * how tests set it):
 * <ul>
 *   <li>{@code PORT} — the API's port on 127.0.0.1 (default 3000; 0 picks a free one)</li>
 *   <li>{@code DYNAMODB_ENDPOINT}, {@code REDIS_URL} — use these instead of starting moto_server/redis-server</li>
 *   <li>{@code SCALEOUT_DATA_DIR} — logs and on-failure records (default {@code .scaleout})</li>
 *   <li>{@code SCALEOUT_AUTHORIZER_TTL_SECONDS} — overrides every authorizer's cache TTL (0 disables it)</li>
 *   <li>{@code SCALEOUT_STREAM_POLL_MILLIS} — idle interval between stream reads (default 100)</li>
 *   <li>{@code SCALEOUT_ACCOUNT_CONCURRENCY} — the account's concurrency limit, shared by every function (default
 *       1,000, Lambda's); functions without reserved concurrency scale on demand up to what reservations leave</li>
 *   <li>{@code SCALEOUT_EXECUTION_SLOTS} — how many API requests run at once (default 32 per core, at least 64); the others wait
 *       at the gateway for a slot (see {@code ExecutionSlots})</li>
 *   <li>{@code SCALEOUT_FAULT_LOST_ANSWERS} — a fault for testing retries: this share (0..1) of write calls lose
 *       their first answer after moto applied them (read by {@code DynamoDbGate}; see {@code LostAnswers}), and with
 *       {@code SCALEOUT_FAULT_FORGET_TOKENS=true} transactions reach moto without their ClientRequestToken</li>
 *   <li>{@code SCALEOUT_WEB_DIR} — the web client's built files, served at {@code /} for GET requests that match no
 *       API route (default {@code web/dist} when that directory exists; none otherwise)</li>
 * </ul>
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
        Optional<Path> webDir) {
    private static final Logger LOG = Logger.getLogger(LocalConfig.class.getName());

    public static final String ACCOUNT_CONCURRENCY = "SCALEOUT_ACCOUNT_CONCURRENCY";
    public static final String EXECUTION_SLOTS = "SCALEOUT_EXECUTION_SLOTS";
    /** What raised every function's pool before functions scaled on demand; now it would only mislead. */
    private static final String RETIRED_MAX_CONCURRENCY = "SCALEOUT_MAX_CONCURRENCY";

    public static LocalConfig fromEnvironment() {
        RuntimeEnvironment.variable(RETIRED_MAX_CONCURRENCY).ifPresent(ignored -> LOG.warning(RETIRED_MAX_CONCURRENCY
                + " is ignored: functions scale on demand up to " + ACCOUNT_CONCURRENCY + " (default "
                + AccountConcurrency.DEFAULT_LIMIT + ")"));
        return new LocalConfig(
                RuntimeEnvironment.variable("PORT").map(Integer::parseInt).orElse(3000),
                RuntimeEnvironment.variable(RuntimeEnvironment.DYNAMODB_ENDPOINT),
                RuntimeEnvironment.variable(RuntimeEnvironment.REDIS_URL),
                Path.of(RuntimeEnvironment.variable("SCALEOUT_DATA_DIR").orElse(".scaleout")),
                RuntimeEnvironment.variable("SCALEOUT_AUTHORIZER_TTL_SECONDS").map(Long::parseLong)
                        .map(Duration::ofSeconds),
                Duration.ofMillis(RuntimeEnvironment.variable("SCALEOUT_STREAM_POLL_MILLIS").map(Long::parseLong)
                        .orElse(100L)),
                RuntimeEnvironment.variable(ACCOUNT_CONCURRENCY).map(Integer::parseInt)
                        .orElse(AccountConcurrency.DEFAULT_LIMIT),
                RuntimeEnvironment.variable(EXECUTION_SLOTS).map(Integer::parseInt)
                        .orElse(LocalHttpApi.DEFAULT_EXECUTION_SLOTS),
                RuntimeEnvironment.variable("SCALEOUT_WEB_DIR").map(Path::of)
                        .or(() -> Optional.of(Path.of("web", "dist")).filter(java.nio.file.Files::isDirectory)));
    }

    public LocalConfig withPort(int newPort) {
        return new LocalConfig(newPort, dynamoDbEndpoint, redisUrl, dataDir, authorizerTtlOverride,
                streamPollInterval, accountConcurrency, executionSlots, webDir);
    }

    public LocalConfig withBackends(String dynamoDb, String redis) {
        return new LocalConfig(port, Optional.of(dynamoDb), Optional.of(redis), dataDir, authorizerTtlOverride,
                streamPollInterval, accountConcurrency, executionSlots, webDir);
    }

    public LocalConfig withAuthorizerTtl(Duration ttl) {
        return new LocalConfig(port, dynamoDbEndpoint, redisUrl, dataDir, Optional.of(ttl), streamPollInterval,
                accountConcurrency, executionSlots, webDir);
    }

    public LocalConfig withDataDir(Path dir) {
        return new LocalConfig(port, dynamoDbEndpoint, redisUrl, dir, authorizerTtlOverride, streamPollInterval,
                accountConcurrency, executionSlots, webDir);
    }

    public LocalConfig withAccountConcurrency(int limit) {
        return new LocalConfig(port, dynamoDbEndpoint, redisUrl, dataDir, authorizerTtlOverride, streamPollInterval,
                limit, executionSlots, webDir);
    }

    /** Serves the web client's files from {@code dir} (or none when empty). */
    public LocalConfig withWebDir(Optional<Path> dir) {
        return new LocalConfig(port, dynamoDbEndpoint, redisUrl, dataDir, authorizerTtlOverride, streamPollInterval,
                accountConcurrency, executionSlots, dir);
    }
}
