package com.scaleout.functions.social.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LiveStreamTest {
    private static final Optional<String> ALICE = Optional.of("01M6B5CJM0A11CE00000000000");

    @Test
    void homeAndMentionsAreTheCallersAndNeedAUser() {
        var home = LiveStream.parse("home");
        var mentions = LiveStream.parse("mentions");

        assertThat(home.kind().needsUser()).isTrue();
        assertThat(mentions.kind().needsUser()).isTrue();
        assertThat(home.keyFor(ALICE)).isEqualTo("home:" + ALICE.get());
        assertThat(mentions.keyFor(ALICE)).isEqualTo("mentions:" + ALICE.get());
        assertThat(LiveStream.parse("public").keyFor(Optional.empty())).isEqualTo(LiveStream.PUBLIC_KEY);
        assertThat(LiveStream.parse("public").kind().needsUser()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"hashtag:Java", "hashtag:#java", "hashtag:JAVA", "hashtag:\uff03Java"})
    void aHashtagIsFoldedAsTheHashtagRouteFoldsIt(String name) {
        var stream = LiveStream.parse(name);

        assertThat(stream.name()).isEqualTo("hashtag:java");
        assertThat(stream.keyFor(Optional.empty())).isEqualTo("hashtag:java");
        assertThat(LiveStream.hashtagKeysOf(List.of("Java", "JAVA"))).containsExactly("hashtag:java");
    }

    @Test
    void aSearchIsItsQueryNormalizedAndIsFoundByItsSmallestTerm() {
        var stream = LiveStream.parse("search:Serverless  JAVA #Cloud");

        assertThat(stream.name()).isEqualTo("search:#cloud java serverless");
        assertThat(stream.query()).contains("#cloud java serverless");
        assertThat(stream.terms()).containsExactly("#cloud", "java", "serverless");
        assertThat(stream.keyFor(Optional.empty())).isEqualTo("search:#cloud");
    }

    @Test
    void aTweetMatchesASearchWhenEachTermFindsItAWordAlsoAsATag() {
        var query = LiveStream.parse("search:java serverless").terms();

        assertThat(LiveStream.searchMatches(query, SearchTerms.of("Serverless #Java at scale"))).isTrue();
        assertThat(LiveStream.searchMatches(query, SearchTerms.of("Java only"))).isFalse();
        assertThat(LiveStream.searchMatches(LiveStream.parse("search:#java").terms(),
                SearchTerms.of("plain java"))).isFalse();
        // a tweet tagged #java is looked up under the word's key too, where a search for "java" listens
        assertThat(LiveStream.searchKeysOf(SearchTerms.of("#Java rocks")))
                .contains("search:#java", "search:java", "search:rocks");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "private", "home:someone", "hashtag:", "hashtag:#", "hashtag:a b", "search:",
            "search:the", "search:a"})
    void refusesWhatNamesNoStream(String name) {
        assertThatThrownBy(() -> LiveStream.parse(name)).isInstanceOf(LiveStream.Invalid.class);
    }

    @Test
    void refusesNullAndOverlongNames() {
        assertThatThrownBy(() -> LiveStream.parse(null)).isInstanceOf(LiveStream.Invalid.class)
                .hasMessageContaining("stream is required");
        assertThatThrownBy(() -> LiveStream.parse("search:" + "java ".repeat(60)))
                .isInstanceOf(LiveStream.Invalid.class).hasMessageContaining("at most " + LiveStream.MAX_NAME_CHARS);
        assertThatThrownBy(() -> LiveStream.parse("search:" + "x".repeat(201)))
                .isInstanceOf(LiveStream.Invalid.class).hasMessageContaining("at most 200");
    }

    @Test
    void onlyHomeKeysNameAUser() {
        assertThat(LiveStream.homeUserOf("home:u1")).contains("u1");
        assertThat(LiveStream.homeUserOf("mentions:u1")).isEmpty();
    }
}
