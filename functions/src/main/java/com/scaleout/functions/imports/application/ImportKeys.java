package com.scaleout.functions.imports.application;

import com.scaleout.functions.imports.domain.ImportKey;
import com.scaleout.functions.imports.domain.ImportTokens;
import com.scaleout.functions.shared.logging.ThrottledLogs;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Issues, revokes and checks import keys. A key read from the store is kept in memory per execution environment,
 * as the seed's Node service did, for {@code validTtl} (one hour by default), and an unknown or revoked one for a
 * minute, so that neither a busy client nor a flood of bad tokens becomes a flood of reads. Each use of a key held
 * in memory looks up its mark (see {@link ImportKeyMarks}): a revocation marks the key revoked for
 * {@code validTtl}, so every environment refuses it at its next use. With no mark (expired, or the cache emptied)
 * or the marks unreachable, the store decides.
 */
public final class ImportKeys {
    private static final org.apache.logging.log4j.Logger MARKS_DOWN = ThrottledLogs.cacheDown();
    private static final int MAX_CACHED = 10_000;
    private static final Duration INVALID_TTL = Duration.ofMinutes(1);

    private final ImportKeyStore store;
    private final ImportKeyMarks marks;
    private final Clock clock;
    private final Duration validTtl;
    private final Map<String, Cached> cache = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Cached> eldest) {
            return size() > MAX_CACHED;
        }
    };

    public ImportKeys(ImportKeyStore store, ImportKeyMarks marks, Clock clock, Duration validTtl) {
        this.store = store;
        this.marks = marks;
        this.clock = clock;
        this.validTtl = validTtl;
    }

    /** Without shared marks ({@link ImportKeyMarks#NONE}): a single environment's benchmarks and tests. */
    public ImportKeys(ImportKeyStore store, Clock clock, Duration validTtl) {
        this(store, ImportKeyMarks.NONE, clock, validTtl);
    }

    private Duration invalidTtl() {
        return validTtl.compareTo(INVALID_TTL) < 0 ? validTtl : INVALID_TTL;
    }

    /** A key just made: its token exists only in this answer. */
    public record Created(ImportKey key, String token) {
    }

    private record Cached(Optional<ImportKey> key, Instant expires) {
    }

    /** The key is revoked in the store, but the environments holding it could not be told; revoking again is safe. */
    public static final class RevocationNotSpreadException extends RuntimeException {
        RevocationNotSpreadException(String keyId, RuntimeException cause) {
            super("import key " + keyId + " revoked in the store, its revocation mark not written", cause);
        }
    }

    public Created create(long clientId, String name) {
        var issued = ImportTokens.issue();
        var key = new ImportKey(issued.keyId(), clientId, name, ImportTokens.hash(issued.token()),
                clock.instant().truncatedTo(java.time.temporal.ChronoUnit.MILLIS), Optional.empty());
        store.create(key);
        return new Created(key, issued.token());
    }

    /**
     * Revokes the key in the store, then marks it revoked for every environment. False when there is no such key
     * (also for an id no key could have: DynamoDB would refuse a 3 KB key).
     *
     * @throws RevocationNotSpreadException when the mark could not be written (the cache unreachable)
     */
    public boolean revoke(String keyId) {
        if (!ImportTokens.isKeyId(keyId)) {
            return false;
        }
        if (!store.revoke(keyId, clock.instant())) {
            return false;
        }
        try {
            // as long as any environment may hold the key in memory
            marks.markRevoked(keyId, validTtl);
        } catch (RuntimeException e) {
            throw new RevocationNotSpreadException(keyId, e);
        }
        return true;
    }

    /** The active key a token belongs to, if any. */
    public Optional<ImportKey> authenticate(String token) {
        if (token == null || token.isEmpty()) {
            return Optional.empty();
        }
        Optional<String> keyId = ImportTokens.keyIdOf(token);
        if (keyId.isEmpty()) {
            return Optional.empty();
        }
        String hash = ImportTokens.hash(token);
        Instant now = clock.instant();
        Cached cached;
        synchronized (cache) {
            cached = cache.get(hash);
        }
        boolean remembered = cached != null && now.isBefore(cached.expires());
        if (remembered && cached.key().isEmpty()) {
            return Optional.empty(); // unknown or revoked: it stays so
        }
        Optional<ImportKeyMarks.Mark> mark = markOf(keyId.get());
        if (mark.equals(Optional.of(ImportKeyMarks.Mark.REVOKED))) {
            remember(hash, Optional.empty(), now);
            return Optional.empty();
        }
        if (remembered && mark.isPresent()) {
            return cached.key();
        }
        Optional<ImportKey> key = store.find(keyId.get())
                .filter(ImportKey::isActive)
                .filter(found -> ImportTokens.matches(token, found.tokenHash()));
        remember(hash, key, now);
        key.ifPresent(active -> mark(active.keyId()));
        return key;
    }

    private Optional<ImportKeyMarks.Mark> markOf(String keyId) {
        try {
            return marks.find(keyId);
        } catch (RuntimeException e) {
            MARKS_DOWN.warn("import key marks unreachable: keys are checked in the store", e);
            return Optional.empty();
        }
    }

    private void mark(String keyId) {
        try {
            marks.markActive(keyId, validTtl);
        } catch (RuntimeException e) {
            MARKS_DOWN.warn("import key marks unreachable: keys are checked in the store", e);
        }
    }

    private void remember(String hash, Optional<ImportKey> key, Instant now) {
        synchronized (cache) {
            cache.put(hash, new Cached(key, now.plus(key.isPresent() ? validTtl : invalidTtl())));
        }
    }
}
