package com.scaleout.functions.shared.http;

import com.scaleout.functions.shared.config.RuntimeEnvironment;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Optional;

/**
 * The admin and test routes' guard: {@code X-Admin-Key} must equal the configured key
 * ({@code SCALEOUT_ADMIN_KEY}), compared in constant time. Where no key is configured the routes are off and
 * answer 404, as if they did not exist (the default in AWS).
 */
public final class AdminKey {
    public static final String VARIABLE = "SCALEOUT_ADMIN_KEY";

    private final Optional<String> expected;

    public AdminKey(Optional<String> expected) {
        this.expected = expected.filter(key -> !key.isBlank());
    }

    public static AdminKey fromEnvironment() {
        return new AdminKey(RuntimeEnvironment.variable(VARIABLE));
    }

    /** Returns normally for the admin; otherwise throws the 404, 401 or 403 the caller gets. */
    public void require(ApiRequest request) {
        if (expected.isEmpty()) {
            throw ApiException.notFound("Not Found");
        }
        String given = request.header("x-admin-key");
        if (given == null || given.isEmpty()) {
            throw ApiException.unauthorized("X-Admin-Key is required");
        }
        if (!MessageDigest.isEqual(given.getBytes(StandardCharsets.UTF_8),
                expected.get().getBytes(StandardCharsets.UTF_8))) {
            throw ApiException.forbidden("X-Admin-Key is not valid");
        }
    }
}
