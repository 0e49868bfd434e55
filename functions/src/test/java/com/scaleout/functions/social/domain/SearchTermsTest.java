package com.scaleout.functions.social.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** One tokenizer for tweets and queries: what it keeps, what it folds together, what it tells apart. */
class SearchTermsTest {

    @Test
    void lowerCasesAndKeepsDistinctTermsInOrderOfAppearance() {
        assertThat(SearchTerms.of("Hello WORLD hello World")).containsExactly("hello", "world");
    }

    @Test
    void splitsWordsOnPunctuation() {
        assertThat(SearchTerms.of("serverless,java;lambda...(dynamodb)/redis!"))
                .containsExactly("serverless", "java", "lambda", "dynamodb", "redis");
    }

    @Test
    void tellsAHashtagFromTheWordAndFromAMentionOfTheSameName() {
        assertThat(SearchTerms.of("#tag tag @tag")).containsExactly("#tag", "tag", "@tag");
        assertThat(SearchTerms.of("(#Java), [@Bob]")).containsExactly("#java", "@bob");
    }

    @Test
    void keepsUnderscoresAndDigitsInsideTerms() {
        assertThat(SearchTerms.of("@dave_01 shipped java21 on #day_2 in 2026"))
                .containsExactly("@dave_01", "shipped", "java21", "#day_2", "2026");
    }

    @Test
    void anEmailAddressIsNoMention() {
        List<String> terms = SearchTerms.of("write to bob@example.com please");

        assertThat(terms).noneMatch(term -> term.startsWith("@"));
        assertThat(terms).contains("bob", "example", "com", "write", "please");
    }

    @Test
    void aSigilInsideAWordStartsNoTerm() {
        assertThat(SearchTerms.of("c#sharp a@b")).doesNotContain("#sharp", "@b");
    }

    @Test
    void dropsStopWordsAndSingleLettersButKeepsTwoLetterWords() {
        assertThat(SearchTerms.of("The cat and a dog, i.e. x or y, is on it: go")).containsExactly("cat", "dog", "go");
    }

    @Test
    void normalizesCompatibilityFormsAndCombiningMarks() {
        assertThat(SearchTerms.of("Cafe\u0301")).containsExactly("café"); // e + combining acute
        assertThat(SearchTerms.of("CAFÉ")).containsExactly("café");
        assertThat(SearchTerms.of("ＪＡＶＡ")).containsExactly("java"); // full-width
        assertThat(SearchTerms.of("\ufb01le")).containsExactly("file"); // the fi ligature
        assertThat(SearchTerms.of("#Ｓｅｒｖｅｒｌｅｓｓ")).containsExactly("#serverless");
    }

    @Test
    void wordsOfOtherScriptsAreWords() {
        assertThat(SearchTerms.of("Привет мир! こんにちは #東京")).containsExactly("привет", "мир", "こんにちは", "#東京");
    }

    @Test
    void anEmojiSeparatesWordsAndIsNoTerm() {
        assertThat(SearchTerms.of("java🚀serverless 🎉")).containsExactly("java", "serverless");
    }

    @Test
    void anEmojiWithItsVariationSelectorBeforeAWordLeavesTheWordAsItIs() {
        // U+FE0F (emoji presentation) is a mark; "☕️coffee" must still be found by "coffee"
        assertThat(SearchTerms.of("☕\ufe0fcoffee")).containsExactly("coffee");
    }

    @Test
    void aQueryReadsAsATweetDoesSortedSoThatEqualQueriesShareACacheKey() {
        assertThat(SearchTerms.ofQuery("World #Java @Bob hello world")).containsExactly("#java", "@bob", "hello",
                "world");
        assertThat(SearchTerms.ofQuery("hello  WORLD")).isEqualTo(SearchTerms.ofQuery("world hello"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "\t\n"})
    void refusesAnEmptyQuery(String query) {
        assertThatThrownBy(() -> SearchTerms.ofQuery(query)).isInstanceOf(SearchTerms.InvalidQuery.class);
    }

    @Test
    void refusesAMissingQuery() {
        assertThatThrownBy(() -> SearchTerms.ofQuery(null)).isInstanceOf(SearchTerms.InvalidQuery.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"the and of", "a b c", "!!! ...", "🎉"})
    void refusesAQueryWithNoSearchableTerm(String query) {
        assertThatThrownBy(() -> SearchTerms.ofQuery(query)).isInstanceOf(SearchTerms.InvalidQuery.class)
                .hasMessageContaining("no searchable term");
    }

    @Test
    void allows200CharactersAndNoMore() {
        String query200 = "java " + "x".repeat(95) + " " + "y".repeat(99);

        assertThat(SearchTerms.ofQuery(query200)).hasSize(3);
        assertThatThrownBy(() -> SearchTerms.ofQuery(query200 + "x")).isInstanceOf(SearchTerms.InvalidQuery.class)
                .hasMessageContaining("200");
    }

    @Test
    void allowsTenTermsAndNoMoreCountingEachTermOnce() {
        var ten = IntStream.rangeClosed(1, 10).mapToObj(n -> "term" + n).collect(Collectors.joining(" "));

        assertThat(SearchTerms.ofQuery(ten)).hasSize(10);
        assertThat(SearchTerms.ofQuery(ten + " " + ten.toUpperCase() + " the a")).hasSize(10);
        assertThatThrownBy(() -> SearchTerms.ofQuery(ten + " term11"))
                .isInstanceOf(SearchTerms.InvalidQuery.class).hasMessageContaining("11");
        assertThatThrownBy(() -> SearchTerms.ofQuery(ten + " #term1"))
                .as("#term1 is a term of its own").isInstanceOf(SearchTerms.InvalidQuery.class);
    }

    @Test
    void aWordOfAQueryReadsTheWordAndItsHashtagAndATagOrAMentionOnlyItself() {
        assertThat(SearchTerms.postingsOf("history")).containsExactly("history", "#history");
        assertThat(SearchTerms.postingsOf("#history")).containsExactly("#history");
        assertThat(SearchTerms.postingsOf("@history")).containsExactly("@history");
        assertThat(SearchTerms.postingsOf("2026")).as("no hashtag is all digits").containsExactly("2026");
    }

    @Test
    void aTaggedTweetChangesTheResultsOfTheTagAndOfItsWord() {
        assertThat(SearchTerms.queriesChangedBy(SearchTerms.of("#History now @bob")))
                .containsExactly("#history", "now", "@bob", "history");
        assertThat(SearchTerms.queriesChangedBy(SearchTerms.of("#the #x #java java")))
                .as("a word no query can have is left out, a word already there kept once")
                .containsExactly("#the", "#x", "#java", "java");
    }

    /** Every key of the search index fits DynamoDB's: a longer run is no term (nor a tag). */
    @Test
    void aRunOfMoreThanAHundredCharactersIsNoTerm() {
        assertThat(SearchTerms.of("x".repeat(100) + " " + "y".repeat(101) + " #" + "z".repeat(101)))
                .containsExactly("x".repeat(100));
    }
}
