package com.scaleout.functions.social.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class UsernamesTest {

    @ParameterizedTest
    @ValueSource(strings = {"abc", "Alice", "a_b_1", "___", "abcdefghijklmno", "007"})
    void acceptsThreeToFifteenLettersDigitsOrUnderscores(String username) {
        assertThat(Usernames.isValid(username)).isTrue();
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {"ab", "abcdefghijklmnop", "no spaces", "dash-ed", "dot.ted", "ñandu", "ａｂｃ", "abc\n",
            "١٢٣"})
    void refusesAnythingElse(String username) {
        assertThat(Usernames.isValid(username)).isFalse();
    }

    @Test
    void normalizesToLowerCaseWhateverTheDefaultLocale() {
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.forLanguageTag("tr")); // where "I".toLowerCase() is a dotless ı
            assertThat(Usernames.normalize("TIM_ID")).isEqualTo("tim_id");
        } finally {
            Locale.setDefault(before);
        }
    }
}
