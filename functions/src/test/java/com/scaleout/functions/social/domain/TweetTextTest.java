package com.scaleout.functions.social.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TweetTextTest {

    @Test
    void trimsTheText() {
        assertThat(TweetText.of(" \n\t hello world \u2003\n").text()).isEqualTo("hello world");
    }

    @Test
    void countsCodePointsSoAnEmojiCountsOnce() {
        String emoji280 = "😀".repeat(280);

        assertThat(TweetText.of(emoji280).text()).isEqualTo(emoji280);
        assertThatThrownBy(() -> TweetText.of(emoji280 + "a")).isInstanceOf(TweetText.InvalidTweetText.class)
                .hasMessageContaining("281");
    }

    @Test
    void allows280CharactersAfterTrimmingAndNoMore() {
        assertThat(TweetText.of("  " + "a".repeat(280) + "  ").text()).hasSize(280);
        assertThatThrownBy(() -> TweetText.of("a".repeat(281))).isInstanceOf(TweetText.InvalidTweetText.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", " \n\t\r ", "\u2003\u3000\u2028"})
    void refusesEmptyOrWhitespaceOnlyText(String text) {
        assertThatThrownBy(() -> TweetText.of(text)).isInstanceOf(TweetText.InvalidTweetText.class)
                .hasMessage("must not be empty or only whitespace");
    }

    @ParameterizedTest
    @ValueSource(strings = {"\u00a0", " \u00a0\u2007\u202f "})
    void refusesTextOfOnlyNoBreakSpaces(String text) {
        assertThatThrownBy(() -> TweetText.of(text)).isInstanceOf(TweetText.InvalidTweetText.class);
    }

    @Test
    void refusesAMissingText() {
        assertThatThrownBy(() -> TweetText.of(null)).hasMessage("is required");
    }

    @Test
    void findsHashtagsStandingAlone() {
        assertThat(TweetText.of("#tag at start, (#paren), end #last.").hashtags())
                .containsExactly("tag", "paren", "last");
    }

    @ParameterizedTest
    @ValueSource(strings = {"a#b", "no#tag", "https://example.com/page#section", "#2024", "#_", "# spaced"})
    void ignoresWhatIsNotAHashtag(String text) {
        assertThat(TweetText.of(text).hashtags()).isEmpty();
    }

    @Test
    void needsALetterInAHashtagButAllowsDigits() {
        assertThat(TweetText.of("#2024 #java21 #2024_year").hashtags()).containsExactly("java21", "2024_year");
    }

    @Test
    void dedupesHashtagsIgnoringCaseKeepingTheFirstSpelling() {
        assertThat(TweetText.of("#Java then #java and #JAVA, #Kotlin").hashtags()).containsExactly("Java", "Kotlin");
    }

    @Test
    void readsUnicodeHashtags() {
        assertThat(TweetText.of("#café #CAFÉ #東京 #naïve").hashtags()).containsExactly("café", "東京", "naïve");
        assertThat(TweetText.normalizeTag("CAFÉ")).isEqualTo("café");
    }

    @Test
    void allowsAHashtagOfUpTo100Characters() {
        assertThat(TweetText.of("#" + "a".repeat(100)).hashtags()).containsExactly("a".repeat(100));
    }

    @Test
    void ignoresAHashtagOfOver100CharactersAsItIgnoresAnOverlongMention() {
        assertThat(TweetText.of("#" + "a".repeat(101)).hashtags()).isEmpty();
    }

    @Test
    void findsMentionsNormalizedAndOnce() {
        assertThat(TweetText.of("@Bob hi, (@alice) and @bob's @carol_99.").mentionedUsernames())
                .containsExactly("bob", "alice", "carol_99");
    }

    @ParameterizedTest
    @ValueSource(strings = {"a@b.com", "mail bob@example.com", "@ab", "@abcdefghijklmnop", "@bob@example",
            "@@bob"})
    void ignoresWhatIsNotAMention(String text) {
        assertThat(TweetText.of(text).mentionedUsernames()).isEmpty();
    }

    @Test
    void allowsAMentionOfTheLongestUsername() {
        assertThat(TweetText.of("@abcdefghijklmno").mentionedUsernames()).containsExactly("abcdefghijklmno");
    }

    /** A tag, a mention and a search term are read by one tokenizer, so they fold the same way. */
    @Test
    void foldsWidthAndCaseAsSearchDoes() {
        var text = TweetText.of("\uff03\uff34\uff45\uff53\uff54 \uff20\uff42\uff4f\uff42");

        assertThat(text.hashtags()).containsExactly("Test");
        assertThat(text.mentionedUsernames()).containsExactly("bob");
        assertThat(SearchTerms.of(text.text())).containsExactly("#test", "@bob");
        assertThat(TweetText.hashtagKey("\uff34\uff25\uff33\uff34")).contains("test");
        assertThat(TweetText.hashtagKey("#Test")).contains("test");
    }

    @Test
    void aTagTheTextShowsIsATagTheRouteTakes() {
        String dotted = "\u0130".repeat(100);

        assertThat(TweetText.of("#" + dotted).hashtags()).containsExactly(dotted);
        assertThat(TweetText.hashtagKey(dotted)).contains(dotted.toLowerCase(java.util.Locale.ROOT));
        assertThat(TweetText.hashtagKey("a".repeat(101))).isEmpty();
        assertThat(TweetText.hashtagKey("no tag")).isEmpty();
        assertThat(TweetText.hashtagKey("2024")).isEmpty();
    }

    /** NFKC can make one character many (U+FDF2 is 4 letters): a tag is at most 100 characters once normalized. */
    @Test
    void aTagIsMeasuredOnceNormalized() {
        assertThat(TweetText.of("#" + "\ufdf2".repeat(25)).hashtags()).hasSize(1);
        assertThat(TweetText.of("#" + "\ufdf2".repeat(26)).hashtags()).isEmpty();
    }
}
