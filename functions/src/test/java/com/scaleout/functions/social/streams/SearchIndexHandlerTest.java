package com.scaleout.functions.social.streams;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.tests.EventLoader;
import com.amazonaws.services.lambda.runtime.tests.annotations.Event;
import com.scaleout.functions.social.application.SearchCache;
import com.scaleout.functions.social.domain.SearchTerms;
import com.scaleout.functions.social.fakes.InMemorySearchCache;
import com.scaleout.functions.social.fakes.InMemorySearchIndexStore;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;

/** The search indexer on the Tweets stream samples of events/social/. */
class SearchIndexHandlerTest {
    /** Inserted by the sample: "Shipping #Java 21 with @bob #Serverless #java". */
    private static final String INSERTED = "01M8MRGYS0000000000000000A";
    /** Inserted by the sample: "@alice nice! #JAVA". */
    private static final String REPLY = "01M8MRJSC0000000000000000R";
    /** Removed by the sample: "Old news #Legacy @bob", indexed before. */
    private static final String REMOVED = "01M6GA60M0000000000000000X";
    private static final String NEWEST = "7ZZZZZZZZZZZZZZZZZZZZZZZZZ";
    private static final SearchCache.CachedPage PAGE = new SearchCache.CachedPage(List.of(), null);

    private final InMemorySearchIndexStore index = new InMemorySearchIndexStore();
    private final InMemorySearchCache cache = new InMemorySearchCache();
    private final SearchIndexHandler handler = new SearchIndexHandler(index, cache);

    SearchIndexHandlerTest() {
        index.add(REMOVED, SearchTerms.of("Old news #Legacy @bob"));
    }

    private List<String> postings(String term) {
        return index.postings(List.of(term), NEWEST, 100).get(term);
    }

    @ParameterizedTest
    @Event(value = "events/social/tweets-stream-insert-remove.json", type = DynamodbEvent.class)
    void indexesTheTermsOfInsertsAndRemovesThoseOfRemoves(DynamodbEvent event) {
        var response = handler.handleRequest(event, null);

        assertThat(response.getBatchItemFailures()).isEmpty();
        assertThat(index.snapshot()).containsOnlyKeys("shipping", "#java", "21", "@bob", "#serverless", "@alice",
                "nice");
        assertThat(postings("#java")).containsExactly(REPLY, INSERTED);
        assertThat(postings("@bob")).containsExactly(INSERTED);
        assertThat(postings("@alice")).containsExactly(REPLY);
        assertThat(postings("#legacy")).isEmpty();
        assertThat(postings("news")).isEmpty();
    }

    @ParameterizedTest
    @Event(value = "events/social/tweets-stream-insert-remove.json", type = DynamodbEvent.class)
    void convergesWhenTheBatchIsDeliveredAgain(DynamodbEvent event) {
        handler.handleRequest(event, null);
        var once = index.snapshot();

        var replay = handler.handleRequest(EventLoader.loadDynamoDbEvent(
                "events/social/tweets-stream-insert-remove.json"), null);

        assertThat(replay.getBatchItemFailures()).isEmpty();
        assertThat(index.snapshot()).isEqualTo(once);
    }

    @ParameterizedTest
    @Event(value = "events/social/tweets-stream-insert-remove.json", type = DynamodbEvent.class)
    void dropsExactlyTheCachedQueriesSharingATerm(DynamodbEvent event) {
        for (var terms : List.of(List.of("#java"), List.of("#legacy", "news"), List.of("java"), List.of("@carol"),
                List.of("shipping"), List.of("#shipping"))) {
            String query = String.join(" ", terms);
            cache.put(query, cache.lookup(query, terms).stamp(), PAGE);
        }

        handler.handleRequest(event, null);

        assertThat(cache.contains("#java")).isFalse();
        assertThat(cache.contains("#legacy news")).as("the removed tweet's terms").isFalse();
        assertThat(cache.contains("java")).as("the word, whose search finds the tag too").isFalse();
        assertThat(cache.contains("shipping")).as("a word of the tweet").isFalse();
        assertThat(cache.contains("#shipping")).as("the tag of a word the tweet has untagged").isTrue();
        assertThat(cache.contains("@carol")).isTrue();
        assertThat(cache.invalidations()).isEqualTo(4);
    }

    @ParameterizedTest
    @Event(value = "events/social/tweets-stream-insert-remove.json", type = DynamodbEvent.class)
    void indexesWithTheCacheDown(DynamodbEvent event) {
        cache.setAvailable(false);

        var response = handler.handleRequest(event, null);

        assertThat(response.getBatchItemFailures()).isEmpty();
        assertThat(postings("#java")).containsExactly(REPLY, INSERTED);
        assertThat(postings("#legacy")).isEmpty();
    }

    @ParameterizedTest
    @Event(value = "events/social/tweets-stream-missing-image.json", type = DynamodbEvent.class)
    void reportsTheFirstBadRecordAndStopsThere(DynamodbEvent event) {
        var response = handler.handleRequest(event, null);

        assertThat(response.getBatchItemFailures()).extracting(f -> f.getItemIdentifier())
                .containsExactly("4421584600000000017450439102");
        assertThat(postings("#legacy")).as("the removal comes again").containsExactly(REMOVED);
    }
}
