package com.scaleout.functions.imports.fakes;

import com.scaleout.functions.imports.application.ImportKeyStore;
import com.scaleout.functions.imports.domain.ImportKey;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** Import keys in memory. */
public final class InMemoryImportKeyStore implements ImportKeyStore {
    private final Map<String, ImportKey> keys = new ConcurrentHashMap<>();

    @Override
    public void create(ImportKey key) {
        if (keys.putIfAbsent(key.keyId(), key) != null) {
            throw new IllegalStateException("key " + key.keyId() + " exists");
        }
    }

    @Override
    public Optional<ImportKey> find(String keyId) {
        return Optional.ofNullable(keys.get(keyId));
    }

    @Override
    public boolean revoke(String keyId, Instant at) {
        return keys.computeIfPresent(keyId, (id, key) -> key.revokedAt().isPresent() ? key
                : new ImportKey(key.keyId(), key.clientId(), key.name(), key.tokenHash(), key.createdAt(),
                        Optional.of(at))) != null;
    }
}
