package com.scaleout.functions.imports.application;

import com.scaleout.functions.imports.domain.ImportKey;
import com.scaleout.functions.imports.domain.ImportTokens;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Issues, revokes and checks import keys. Checks are cached in memory per execution environment, as the seed's
 * Node service did: a valid key for {@code validTtl} (one hour by default), an unknown or revoked one for a
 * minute, so that a flood of bad tokens does not become a flood of reads. A revoked key therefore keeps working
 * in an environment that cached it for at most {@code validTtl}.
 */
public final class ImportKeys {
    private static final int MAX_CACHED = 10_000;
    private static final Duration INVALID_TTL = Duration.ofMinutes(1);

    private final ImportKeyStore store;
    private final Clock clock;
    private final Duration validTtl;
    private final Map<String, Cached> cache = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Cached> eldest) {
            return size() > MAX_CACHED;
        }
    };

    public ImportKeys(ImportKeyStore store, Clock clock, Duration validTtl) {
        this.store = store;
        this.clock = clock;
        this.validTtl = validTtl;
    }

    private Duration invalidTtl() {
        return validTtl.compareTo(INVALID_TTL) < 0 ? validTtl : INVALID_TTL;
    }

    /** A key just made: its token exists only in this answer. */
    public record Created(ImportKey key, String token) {
    }

    private record Cached(Optional<ImportKey> key, Instant expires) {
    }

    public Created create(long clientId, String name) {
        var issued = ImportTokens.issue();
        var key = new ImportKey(issued.keyId(), clientId, name, ImportTokens.hash(issued.token()),
                clock.instant().truncatedTo(java.time.temporal.ChronoUnit.MILLIS), Optional.empty());
        store.create(key);
        return new Created(key, issued.token());
    }

    /** False when there is no such key (also for an id no key could have: DynamoDB would refuse a 3 KB key). */
    public boolean revoke(String keyId) {
        if (!ImportTokens.isKeyId(keyId)) {
            return false;
        }
        return store.revoke(keyId, clock.instant());
    }

    /** The active key a token belongs to, if any. */
    public Optional<ImportKey> authenticate(String token) {
        if (token == null || token.isEmpty()) {
            return Optional.empty();
        }
        String hash = ImportTokens.hash(token);
        Instant now = clock.instant();
        synchronized (cache) {
            Cached cached = cache.get(hash);
            if (cached != null && now.isBefore(cached.expires())) {
                return cached.key();
            }
        }
        Optional<ImportKey> key = ImportTokens.keyIdOf(token).flatMap(store::find)
                .filter(ImportKey::isActive)
                .filter(found -> ImportTokens.matches(token, found.tokenHash()));
        synchronized (cache) {
            cache.put(hash, new Cached(key, now.plus(key.isPresent() ? validTtl : invalidTtl())));
        }
        return key;
    }
}
