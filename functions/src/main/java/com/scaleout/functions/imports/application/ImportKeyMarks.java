package com.scaleout.functions.imports.application;

import java.time.Duration;
import java.util.Optional;

/**
 * What every execution environment can see about a key it may hold in memory (Redis in production): marked active
 * by whoever read it from the store, marked revoked by its revocation. A revocation is looked up on each use, so it
 * reaches environments that keep the key for an hour.
 */
public interface ImportKeyMarks {
    enum Mark { ACTIVE, REVOKED }

    /**
     * The key's mark; empty when it has none (never marked, expired, or the cache was emptied).
     *
     * @throws RuntimeException when the marks cannot be reached
     */
    Optional<Mark> find(String keyId);

    /** Marks the key active unless it has a mark: a revocation is never overwritten by a read that raced it. */
    void markActive(String keyId, Duration ttl);

    /** Marks the key revoked, whatever its mark. */
    void markRevoked(String keyId, Duration ttl);

    /**
     * No marks shared between environments: every key counts as active until the environment reads it again, so a
     * revocation reaches an environment that holds the key only when its memory expires. For a single environment
     * that revokes nothing (benchmarks, tests of other things), never for a deployed function.
     */
    ImportKeyMarks NONE = new ImportKeyMarks() {
        @Override
        public Optional<Mark> find(String keyId) {
            return Optional.of(Mark.ACTIVE);
        }

        @Override
        public void markActive(String keyId, Duration ttl) {
        }

        @Override
        public void markRevoked(String keyId, Duration ttl) {
        }
    };
}
