package com.scaleout.local.imports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.functions.imports.domain.ImportKey;
import com.scaleout.functions.imports.dynamodb.DynamoImportKeyStore;
import com.scaleout.local.testing.RuntimeFixture;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Creating a key is safe to retry: the SDK retries a PutItem whose answer was lost although it was written, and
 * that retry must not turn a stored key into a 500 (it did: the load suite's key creation failed under load).
 */
class DynamoImportKeyStoreIT {
    private static RuntimeFixture fixture;
    private static DynamoImportKeyStore keys;

    @BeforeAll
    static void start() throws Exception {
        fixture = RuntimeFixture.start(Declaration.builder()
                .table(ScaleoutDeclaration.declaration().table("ImportKeys")).build());
        keys = new DynamoImportKeyStore(fixture.runtime().dynamoDb(), "ImportKeys");
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    private static ImportKey key(String keyId, String tokenHash) {
        return new ImportKey(keyId, 42, "loader", tokenHash, Instant.parse("2026-11-30T00:00:00Z"), Optional.empty());
    }

    @Test
    void aRetriedCreateOfTheSameKeySucceedsAndStoresItOnce() {
        var key = key("k1AAAAAAAAAAAAAA", "hash-one");

        keys.create(key);
        keys.create(key); // what the SDK's retry does after a lost answer

        assertThat(keys.find(key.keyId())).contains(key);
    }

    @Test
    void anotherKeyUnderTheSameIdIsRefusedAndTheStoredOneKept() {
        keys.create(key("k2AAAAAAAAAAAAAA", "hash-two"));

        assertThatThrownBy(() -> keys.create(key("k2AAAAAAAAAAAAAA", "hash-other")))
                .isInstanceOf(IllegalStateException.class);
        assertThat(keys.find("k2AAAAAAAAAAAAAA").orElseThrow().tokenHash()).isEqualTo("hash-two");
    }
}
