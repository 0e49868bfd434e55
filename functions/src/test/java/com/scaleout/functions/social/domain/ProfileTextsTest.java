package com.scaleout.functions.social.domain;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ProfileTextsTest {
    @ParameterizedTest
    @ValueSource(strings = {"Ada", "Renée", "Ada 👩‍💻", "إليس", "李", "a\u00a0b", ""})
    void visibleTextInAnyScriptIsANameAndABio(String text) {
        assertThat(ProfileTexts.displayNameProblem(text)).isEmpty();
        assertThat(ProfileTexts.bioProblem(text)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"\u202aa", "a\u202b", "\u202cx", "\u202dx", "\u202ex", "\u2066x", "\u2067x", "\u2068x",
        "\u2069x", "\u200ex", "\u200fx", "\u061cx"})
    void everyDirectionControlIsRefused(String text) {
        assertThat(ProfileTexts.displayNameProblem(text)).get().asString().contains("direction controls");
        assertThat(ProfileTexts.bioProblem(text)).get().asString().contains("direction controls");
    }

    @ParameterizedTest
    @ValueSource(strings = {"a\u0000", "a\u001b[31m", "a\u007f", "a\u0085", "a\r"})
    void controlCharactersAreRefused(String text) {
        assertThat(ProfileTexts.displayNameProblem(text)).get().asString().contains("control characters");
        assertThat(ProfileTexts.bioProblem(text)).get().asString().contains("control characters");
    }

    @ParameterizedTest
    @ValueSource(strings = {"\u3164", "\u2800", "\u200b", "\u00a0\u2060", "\ufeff", "\u115f\u1160", "\ufe0f"})
    void textThatRendersAsNothingIsRefused(String text) {
        assertThat(ProfileTexts.displayNameProblem(text)).contains("must contain a visible character");
    }

    @org.junit.jupiter.api.Test
    void aBioMayBreakLinesAndANameMayNot() {
        assertThat(ProfileTexts.bioProblem("one\ntwo")).isEmpty();
        assertThat(ProfileTexts.displayNameProblem("one\ntwo")).isPresent();
    }
}
