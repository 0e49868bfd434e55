package com.scaleout.functions.imports.application;

import com.scaleout.functions.imports.domain.ImportKey;
import java.time.Instant;
import java.util.Optional;

/** Where import keys live (DynamoDB in production). */
public interface ImportKeyStore {
    void create(ImportKey key);

    Optional<ImportKey> find(String keyId);

    /** Marks the key revoked; false when there is no such key. Idempotent. */
    boolean revoke(String keyId, Instant at);
}
