package com.scaleout.functions.social.application;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What a new password must be: 8-128 characters, not only blank or invisible ones, and not among the passwords an
 * attacker tries first, each refusal saying why. The passwords the project's own clients register with (tests,
 * seeds, load suites, benchmarks) pass.
 */
class PasswordPolicyTest {
    private final PasswordPolicy policy = new PasswordPolicy();

    @ParameterizedTest
    @ValueSource(strings = {"correct horse", "correct horse battery", "alice-password-1", "seeded-password",
            "load-test-password", "cost-bench-password", "scale-bench-password", "password-u1234567",
            "password-ab12cd34ef56", "hunter22-hunter", "Tr0ub4dor&3 of the castle", "kaŭĉuko-ĝardeno",
            "密码是一匹马和电池"})
    void acceptsPasswordsThatAreNotCommon(String password) {
        assertThat(policy.problem(password)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"12345678", "password", "iloveyou", "qwertyuiop", "sunshine", "football", "Password123",
            "abc12345", "1q2w3e4r", "trustno1", "PASSWORD", "p@ssw0rd"})
    void refusesTheMostCommonPasswordsSayingSo(String password) {
        assertThat(policy.problem(password)).hasValueSatisfying(reason ->
                assertThat(reason).startsWith("is too easy to guess").containsIgnoringCase("common"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"aaaaaaaa", "11111111", "abcdefghij"})
    void refusesRepeatsAndSequences(String password) {
        assertThat(policy.problem(password)).hasValueSatisfying(reason ->
                assertThat(reason).startsWith("is too easy to guess"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"        ", "\t\t\t\t\t\t\t\t", "\n\r\n\r\n\r\n\r", "\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0",
            "\u2003\u2003\u2003\u2003\u2003\u2003\u2003\u2003", "\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007",
            "\u200b\u200b\u200b\u200b\u200b\u200b\u200b\u200b", " \t\u00a0\u3000\u200d\ufeff\u007f\u0085"})
    void refusesPasswordsOfOnlyBlankControlOrInvisibleCharacters(String password) {
        assertThat(policy.problem(password)).contains("must not be only spaces, control or invisible characters");
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 7, 129, 1000})
    void refusesLengthsOutsideEightTo128(int length) {
        assertThat(policy.problem("k9$".repeat(400).substring(0, length))).contains("must be 8-128 characters");
    }

    @Test
    void countsCharactersNotUtf16Units() {
        String emoji = "\ud83d\ude00"; // one character, two UTF-16 units
        assertThat(policy.problem(emoji.repeat(7))).contains("must be 8-128 characters");
        assertThat(policy.problem(emoji.repeat(8))).isNotEqualTo(Optional.of("must be 8-128 characters"));
        assertThat(policy.problem(emoji.repeat(128))).isNotEqualTo(Optional.of("must be 8-128 characters"));
        assertThat(policy.problem(emoji.repeat(129))).contains("must be 8-128 characters");
    }

    @ParameterizedTest
    @ValueSource(ints = {65, 100, 128})
    void aLongPasswordIsJudgedByItsFirst64Characters(int length) {
        assertThat(policy.problem("a".repeat(length))).hasValueSatisfying(reason ->
                assertThat(reason).startsWith("is too easy to guess"));
        String strongStart = "pV7#qL2!xR9@mK4$wT6%zN8^bH3&cJ5*gF1(dS0)eA7_uY2+iO4=tE6~rW8?";
        assertThat(policy.problem(strongStart + "a".repeat(length - strongStart.length()))).isEmpty();
    }
}
