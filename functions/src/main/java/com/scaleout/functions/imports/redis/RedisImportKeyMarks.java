package com.scaleout.functions.imports.redis;

import com.scaleout.functions.imports.application.ImportKeyMarks;
import com.scaleout.functions.shared.redis.RedisLink;
import io.lettuce.core.SetArgs;
import java.time.Duration;
import java.util.Optional;

/** One string per key, {@code import-key:<keyId>} = {@code active} or {@code revoked}, expiring with its TTL. */
public final class RedisImportKeyMarks implements ImportKeyMarks {
    private static final String ACTIVE = "active";
    private static final String REVOKED = "revoked";
    private final Optional<RedisLink> redis;

    public RedisImportKeyMarks(Optional<RedisLink> redis) {
        this.redis = redis;
    }

    static String key(String keyId) {
        return "import-key:" + keyId;
    }

    @Override
    public Optional<Mark> find(String keyId) {
        String mark = RedisLink.required(redis).sync().get(key(keyId));
        if (REVOKED.equals(mark)) {
            return Optional.of(Mark.REVOKED);
        }
        return ACTIVE.equals(mark) ? Optional.of(Mark.ACTIVE) : Optional.empty();
    }

    @Override
    public void markActive(String keyId, Duration ttl) {
        RedisLink.required(redis).sync().set(key(keyId), ACTIVE, SetArgs.Builder.nx().px(ttl.toMillis()));
    }

    @Override
    public void markRevoked(String keyId, Duration ttl) {
        RedisLink.required(redis).sync().set(key(keyId), REVOKED, SetArgs.Builder.px(ttl.toMillis()));
    }
}
