package com.scaleout.functions.shared.http;

import com.scaleout.declaration.Settings;
import com.scaleout.functions.shared.aws.AwsClients;
import com.scaleout.functions.shared.config.RuntimeEnvironment;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Supplier;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClient;

/**
 * The admin and test routes' guard: {@code X-Admin-Key} must equal the configured key, compared in constant time.
 * The key is {@code SCALEOUT_ADMIN_KEY} (locally), or the secret named by {@code SCALEOUT_ADMIN_KEY_SECRET_ARN}
 * (in AWS: read at first use, not at start-up, so no SnapStart snapshot holds it, and again every five minutes,
 * so a rotated key takes over). Where neither is configured the routes are off and answer 404, as if they did not
 * exist (the default in AWS).
 */
public final class AdminKey {
    /** The local admin key's variable (the runtime and the benchmarks set it). */
    public static final String VARIABLE = Settings.ADMIN_KEY.name();
    static final Duration SECRET_TTL = Duration.ofMinutes(5);

    private final Optional<Supplier<String>> source;
    private final Clock clock;
    private String cached;
    private Instant cachedUntil = Instant.MIN;

    AdminKey(Optional<Supplier<String>> source, Clock clock) {
        this.source = source;
        this.clock = clock;
    }

    /** A fixed key, or none (the routes off). */
    public AdminKey(Optional<String> expected) {
        this(expected.filter(key -> !key.isBlank()).map(key -> () -> key), Clock.systemUTC());
    }

    public static AdminKey fromEnvironment() {
        Optional<String> fixed = RuntimeEnvironment.variable(Settings.ADMIN_KEY).filter(key -> !key.isBlank());
        if (fixed.isPresent()) {
            return new AdminKey(fixed);
        }
        return new AdminKey(RuntimeEnvironment.variable(Settings.ADMIN_KEY_SECRET_ARN).map(AdminKey::secret), Clock.systemUTC());
    }

    private static Supplier<String> secret(String arn) {
        return new Supplier<>() {
            private SecretsManagerClient secrets; // built at first use, then kept for the environment

            @Override
            public String get() {
                if (secrets == null) {
                    secrets = AwsClients.secretsManager();
                }
                return secrets.getSecretValue(get -> get.secretId(arn)).secretString();
            }
        };
    }

    /** Returns normally for the admin; otherwise throws the 404, 401 or 403 the caller gets. */
    public void require(ApiRequest request) {
        if (source.isEmpty()) {
            throw ApiException.notFound("Not Found");
        }
        String given = request.header("x-admin-key");
        if (given == null || given.isEmpty()) {
            throw ApiException.unauthorized("X-Admin-Key is required");
        }
        if (!MessageDigest.isEqual(given.getBytes(StandardCharsets.UTF_8),
                expected().getBytes(StandardCharsets.UTF_8))) {
            throw ApiException.forbidden("X-Admin-Key is not valid");
        }
    }

    /** The admin, known by the key they sent, once {@link #require} admits them; its refusal otherwise. */
    public Caller caller(ApiRequest request) {
        require(request);
        return Caller.bySecret("admin-key", request.header("x-admin-key"));
    }

    /** {@code route} behind the admin key: checked before anything else the route does (see {@link Caller}). */
    public ApiHandler.Route guard(ApiHandler.Route route) {
        return ApiHandler.Route.guarded(this::caller, route);
    }

    private synchronized String expected() {
        Instant now = clock.instant();
        if (cached == null || !now.isBefore(cachedUntil)) {
            cached = source.orElseThrow().get();
            cachedUntil = now.plus(SECRET_TTL);
        }
        return cached;
    }
}
