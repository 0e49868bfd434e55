package com.scaleout.functions.imports.application;

import static org.assertj.core.api.Assertions.assertThat;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scaleout.functions.imports.ImportFakes.MemoryKeyMarks;
import com.scaleout.functions.imports.ImportFakes.MemoryKeyStore;
import com.scaleout.functions.imports.domain.ImportTokens;
import com.scaleout.functions.testing.SettableClock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * Key checks, their per-environment cache and the revocation marks every environment shares, on a store that counts
 * its look-ups, marks in memory and a clock the test moves.
 */
class ImportKeysTest {
    private static final Duration TTL = Duration.ofSeconds(30);

    private final MemoryKeyStore store = new MemoryKeyStore();
    private final MemoryKeyMarks marks = new MemoryKeyMarks();
    private final SettableClock clock = new SettableClock(Instant.parse("2026-11-29T23:00:00Z"));
    private final ImportKeys keys = environment();

    /** Another execution environment: the same store and marks, a memory of its own. */
    private ImportKeys environment() {
        return new ImportKeys(store, marks, clock, TTL);
    }

    @Test
    void aCreatedKeyIsStoredAsTheHashOfItsTokenAndAuthenticatesItsClient() {
        var created = keys.create(4821, "warehouse loader");

        var stored = store.find(created.key().keyId()).orElseThrow();
        assertThat(stored.tokenHash()).isEqualTo(ImportTokens.hash(created.token())).isNotEqualTo(created.token());
        assertThat(stored.clientId()).isEqualTo(4821);
        assertThat(stored.name()).isEqualTo("warehouse loader");
        assertThat(stored.createdAt()).isEqualTo(clock.instant());
        assertThat(stored.isActive()).isTrue();
        assertThat(ImportTokens.keyIdOf(created.token())).contains(created.key().keyId());
        assertThat(keys.authenticate(created.token())).hasValueSatisfying(key -> {
            assertThat(key.clientId()).isEqualTo(4821);
            assertThat(key.keyId()).isEqualTo(created.key().keyId());
        });
    }

    @Test
    void aValidKeyIsLookedUpOncePerTtl() {
        String token = keys.create(4821, "loader").token();
        int before = store.finds();

        for (int i = 0; i < 5; i++) {
            assertThat(keys.authenticate(token)).isPresent();
            clock.advance(TTL.dividedBy(10));
        }
        assertThat(store.finds() - before).isEqualTo(1);

        clock.advance(TTL);
        assertThat(keys.authenticate(token)).isPresent();
        assertThat(store.finds() - before).isEqualTo(2);
    }

    @Test
    void aRevokedKeyIsRefusedAtItsNextUseByEveryEnvironmentThatHeldIt() {
        var created = keys.create(4821, "loader");
        var first = environment();
        var second = environment();
        assertThat(first.authenticate(created.token())).isPresent();
        assertThat(second.authenticate(created.token())).isPresent();
        int finds = store.finds();

        assertThat(keys.revoke(created.key().keyId())).isTrue();

        assertThat(first.authenticate(created.token())).isEmpty();
        assertThat(second.authenticate(created.token())).isEmpty();
        assertThat(store.finds()).as("the mark says so, no store read").isEqualTo(finds);
        assertThat(marks.ttlOf(created.key().keyId())).as("marked as long as an environment may hold it")
                .contains(TTL);
        clock.advance(TTL.multipliedBy(3));
        assertThat(first.authenticate(created.token())).as("and stays refused").isEmpty();
    }

    @Test
    void aKeyHeldInMemoryWhoseMarkIsGoneIsCheckedInTheStore() {
        var created = keys.create(4821, "loader");
        var holder = environment();
        assertThat(holder.authenticate(created.token())).isPresent();
        keys.revoke(created.key().keyId());

        marks.flush(); // the cache restarted empty, and took the revocation mark with it

        assertThat(holder.authenticate(created.token())).isEmpty();
    }

    @Test
    void withTheMarksUnreachableEveryUseIsCheckedInTheStore() {
        var created = keys.create(4821, "loader");
        assertThat(keys.authenticate(created.token())).isPresent();
        marks.down(true);
        int finds = store.finds();

        assertThat(keys.authenticate(created.token())).isPresent();
        assertThat(keys.authenticate(created.token())).isPresent();
        assertThat(store.finds() - finds).isEqualTo(2);

        store.revoke(created.key().keyId(), clock.instant());
        assertThat(keys.authenticate(created.token())).isEmpty();
    }

    @Test
    void aRevocationWhoseMarkCannotBeWrittenIsReportedAndCanBeRepeated() {
        var created = keys.create(4821, "loader");
        var holder = environment();
        assertThat(holder.authenticate(created.token())).isPresent();
        marks.down(true);

        assertThatThrownBy(() -> keys.revoke(created.key().keyId()))
                .isInstanceOf(ImportKeys.RevocationNotSpreadException.class);
        assertThat(store.find(created.key().keyId()).orElseThrow().isActive()).isFalse();

        marks.down(false);
        assertThat(keys.revoke(created.key().keyId())).isTrue();
        assertThat(holder.authenticate(created.token())).isEmpty();
    }

    @Test
    void aStoreReadThatRacedTheRevocationNeitherLetsTheKeyInNorMarksItActive() {
        var created = keys.create(4821, "loader");
        // the revocation's mark is written; this environment's read of the store is older than the revocation
        marks.markRevoked(created.key().keyId(), TTL);

        assertThat(keys.authenticate(created.token())).isEmpty();
        marks.markActive(created.key().keyId(), TTL);
        assertThat(marks.find(created.key().keyId())).contains(ImportKeyMarks.Mark.REVOKED);
    }

    @Test
    void withoutSharedMarksARevokedKeyIsAcceptedWhereHeldUntilTheTtl() {
        var alone = new ImportKeys(store, clock, TTL);
        var created = alone.create(4821, "loader");
        assertThat(alone.authenticate(created.token())).isPresent();

        assertThat(alone.revoke(created.key().keyId())).isTrue();
        clock.advance(TTL.minusMillis(1));
        assertThat(alone.authenticate(created.token())).as("held, just inside the TTL").isPresent();

        clock.advance(Duration.ofMillis(1));
        assertThat(alone.authenticate(created.token())).as("the TTL has passed").isEmpty();
    }

    @Test
    void aKeyRevokedBeforeItWasEverCheckedIsRefusedAtOnce() {
        var created = keys.create(4821, "loader");
        keys.revoke(created.key().keyId());

        assertThat(keys.authenticate(created.token())).isEmpty();
    }

    @Test
    void anotherCacheOfTheSameStoreSeesTheRevocationAtOnce() {
        var created = keys.create(4821, "loader");
        assertThat(keys.authenticate(created.token())).isPresent();
        keys.revoke(created.key().keyId());

        var freshEnvironment = environment();
        assertThat(freshEnvironment.authenticate(created.token())).isEmpty();
    }

    @Test
    void anUnknownTokenIsNegativelyCachedForAMinute() {
        String unknown = ImportTokens.issue().token();
        var longLived = new ImportKeys(store, clock, Duration.ofHours(1));

        assertThat(longLived.authenticate(unknown)).isEmpty();
        assertThat(longLived.authenticate(unknown)).isEmpty();
        clock.advance(Duration.ofSeconds(59));
        assertThat(longLived.authenticate(unknown)).isEmpty();
        assertThat(store.finds()).as("one look-up within the minute").isEqualTo(1);

        clock.advance(Duration.ofSeconds(1));
        assertThat(longLived.authenticate(unknown)).isEmpty();
        assertThat(store.finds()).as("looked up again after the minute").isEqualTo(2);
    }

    @Test
    void theNegativeCacheNeverOutlivesAShorterValidTtl() {
        var shortLived = new ImportKeys(store, clock, Duration.ofSeconds(2));
        String unknown = ImportTokens.issue().token();

        shortLived.authenticate(unknown);
        clock.advance(Duration.ofSeconds(2));
        shortLived.authenticate(unknown);

        assertThat(store.finds()).isEqualTo(2);
    }

    @Test
    void aTokenWithAKnownKeyIdButAnotherSecretIsRefused() {
        var created = keys.create(4821, "loader");
        String forged = created.key().keyId() + "." + ImportTokens.issue().token().substring(17);

        assertThat(keys.authenticate(forged)).isEmpty();
        assertThat(keys.authenticate(created.token())).as("the real token is not hurt by the forgery").isPresent();
    }

    @Test
    void aMissingOrMisshapenTokenIsRefusedWithoutAStoreLookUp() {
        assertThat(keys.authenticate(null)).isEmpty();
        assertThat(keys.authenticate("")).isEmpty();
        assertThat(keys.authenticate("not-a-token")).isEmpty();

        assertThat(store.finds()).isZero();
    }

    @Test
    void revokingAnUnknownKeyReportsIt() {
        assertThat(keys.revoke("AAAAAAAAAAAAAAAA")).isFalse();
    }

    @Test
    void anIdNoKeyCouldHaveIsUnknownWithoutAskingTheStore() {
        // DynamoDB refuses a key over 2 KB with a ValidationException: the store must never see such an id
        var refusing = new ImportKeys(new com.scaleout.functions.imports.application.ImportKeyStore() {
            @Override
            public void create(com.scaleout.functions.imports.domain.ImportKey key) {
                throw new AssertionError("not called here");
            }

            @Override
            public java.util.Optional<com.scaleout.functions.imports.domain.ImportKey> find(String keyId) {
                throw new AssertionError("not called here");
            }

            @Override
            public boolean revoke(String keyId, java.time.Instant at) {
                throw new AssertionError("the store was asked to revoke " + keyId.length() + " characters");
            }
        }, java.time.Clock.systemUTC(), java.time.Duration.ofHours(1));

        assertThat(refusing.revoke("x".repeat(3000))).isFalse();
        assertThat(refusing.revoke("not/a key id!!!!")).isFalse();
        assertThat(refusing.revoke("")).isFalse();
    }
}
