package com.scaleout.functions.social.domain;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HandleLookAlikesTest {
    @Test
    void aNameCouldPassForItselfAndForTheLatinLettersItImitates() {
        assertThat(HandleLookAlikes.candidates("@Alice")).containsExactly("alice");
        assertThat(HandleLookAlikes.candidates("\u0430lice")).contains("alice"); // Cyrillic а
        assertThat(HandleLookAlikes.candidates("Alice Liddell")).isEmpty(); // no handle has a space
    }

    @Test
    void confusableIsTr39sSkeletonInEitherCase() {
        assertThat(HandleLookAlikes.confusable("\u0430lice", "alice")).isTrue();
        assertThat(HandleLookAlikes.confusable("ALICE", "alice")).isTrue();
        assertThat(HandleLookAlikes.confusable("bob1", "bobl")).isTrue();
        assertThat(HandleLookAlikes.confusable("alicia", "alice")).isFalse();
    }
}
