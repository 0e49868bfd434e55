package com.scaleout.functions.social.application;

import static org.assertj.core.api.Assertions.assertThat;

import at.favre.lib.crypto.bcrypt.BCrypt;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PasswordHasherTest {

    @ParameterizedTest
    @ValueSource(ints = {4, 10, 12})
    void theDecoyIsCheckedAtTheCostOfARealHash(int cost) {
        var hasher = new PasswordHasher(cost);
        String real = hasher.hash("a-real-password");

        BCrypt.Result decoy = hasher.verifyDecoy("a-real-password");

        // the verification runs 2^cost rounds: the same cost, the same version, the same work as a real check
        assertThat(decoy.validFormat).as(decoy.formatErrorMessage).isTrue();
        assertThat(decoy.details.cost).isEqualTo(cost);
        assertThat(decoy.details.version).isEqualTo(BCrypt.Version.VERSION_2B);
        assertThat(real).startsWith(String.format("$2b$%02d$", cost));
        assertThat(decoy.verified).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "decoy", "decoy-password-for-timing", "DecoySaltForTimingOnly",
            "a password far longer than the seventy-two bytes BCrypt reads, so it is pre-hashed with SHA-512 first"})
    void noPasswordMatchesTheDecoyAndCheckingItNeverThrows(String password) {
        var hasher = new PasswordHasher(4);

        hasher.matchDecoy(password);

        assertThat(hasher.verifyDecoy(password).verified).isFalse();
    }

    @ParameterizedTest
    @ValueSource(ints = {8, 72, 73, 200})
    void aHashMatchesItsPasswordOnlyEvenPastBCryptsSeventyTwoBytes(int length) {
        var hasher = new PasswordHasher(4);
        String password = "p".repeat(length);
        String hash = hasher.hash(password);

        assertThat(hasher.matches(password, hash)).isTrue();
        assertThat(hasher.matches(password + "q", hash)).isFalse();
        assertThat(hasher.matches("q" + password.substring(1), hash)).isFalse();
    }
}
