package com.scaleout.functions.social.streams;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.tests.EventLoader;
import com.amazonaws.services.lambda.runtime.tests.annotations.Event;
import com.scaleout.functions.shared.paging.PageRequest;
import com.scaleout.functions.social.application.LikeStore;
import com.scaleout.functions.social.application.RetweetStore;
import com.scaleout.functions.social.domain.Mention;
import com.scaleout.functions.social.domain.Tweet;
import com.scaleout.functions.social.domain.User;
import com.scaleout.functions.social.fakes.InMemoryLikeStore;
import com.scaleout.functions.social.fakes.InMemoryRetweetStore;
import com.scaleout.functions.social.fakes.InMemoryTweetIndexStore;
import com.scaleout.functions.social.fakes.InMemoryTweetStore;
import com.scaleout.functions.social.fakes.InMemoryUserStore;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;

/** The tweet indexer on the Tweets stream samples of events/social/. */
class TweetIndexHandlerTest {
    private static final String ALICE = "01M6B5CJM0A11CE00000000000";
    private static final String BOB = "01M6DQS9M0B0B0000000000000";
    /** Inserted by the sample, with #Java #Serverless #java and @bob. */
    private static final String INSERTED = "01M8MRGYS0000000000000000A";
    /** Inserted by the sample: bob's reply, #JAVA and @alice. */
    private static final String REPLY = "01M8MRJSC0000000000000000R";
    /** Removed by the sample: indexed and retweeted before. */
    private static final String REMOVED = "01M6GA60M0000000000000000X";
    private static final PageRequest ALL = new PageRequest(PageRequest.MAX_LIMIT, Optional.empty());

    private final InMemoryUserStore users = new InMemoryUserStore();
    private final InMemoryTweetStore tweets = new InMemoryTweetStore(users);
    private final InMemoryTweetIndexStore index = new InMemoryTweetIndexStore();
    private final InMemoryRetweetStore retweets = new InMemoryRetweetStore(tweets);
    private final InMemoryLikeStore likes = new InMemoryLikeStore(tweets);
    private final TweetIndexHandler handler = new TweetIndexHandler(index, retweets, likes);

    /** The state before the sample: the removed tweet was posted, indexed and retweeted, then deleted. */
    TweetIndexHandlerTest() {
        users.create(new User(ALICE, "alice", "Alice", "2026-11-01T09:00:00.000Z", "x", 0, 0, 0));
        users.create(new User(BOB, "bob", "Bob", "2026-11-02T09:00:00.000Z", "x", 0, 0, 0));
        var removed = new Tweet(REMOVED, ALICE, "alice", "Old news #Legacy @bob", "2026-11-03T09:00:00.000Z",
                Optional.empty(), List.of("Legacy"), List.of(new Mention(BOB, "bob")), 0, 0);
        tweets.create(removed);
        index.add(removed);
        retweets.add(new RetweetStore.Retweet(REMOVED, BOB, "01M6GA60M0R000000000000001", "2026-11-03T10:00:00Z"));
        retweets.add(new RetweetStore.Retweet(REMOVED, ALICE, "01M6GA60M0R000000000000002", "2026-11-03T11:00:00Z"));
        likes.add(new LikeStore.Like(REMOVED, BOB, "01M6GA60M0K000000000000001", "2026-11-03T10:30:00Z"));
        tweets.delete(removed);
    }

    @ParameterizedTest
    @Event(value = "events/social/tweets-stream-insert-remove.json", type = DynamodbEvent.class)
    void indexesInsertsAndForgetsRemovesWithTheirRetweetsAndLikes(DynamodbEvent event) {
        var response = handler.handleRequest(event, null);

        assertThat(response.getBatchItemFailures()).isEmpty();
        assertThat(index.recent(ALL).items()).containsExactly(REPLY, INSERTED);
        assertThat(index.byHashtag("java", ALL).items()).containsExactly(REPLY, INSERTED);
        assertThat(index.byHashtag("serverless", ALL).items()).containsExactly(INSERTED);
        assertThat(index.byHashtag("legacy", ALL).items()).isEmpty();
        assertThat(index.mentioning(BOB, ALL).items()).containsExactly(INSERTED);
        assertThat(index.mentioning(ALICE, ALL).items()).containsExactly(REPLY);
        assertThat(retweets.retweeters(REMOVED, ALL).items()).isEmpty();
        assertThat(likes.likers(REMOVED, ALL).items()).isEmpty();
        assertThat(likes.byUser(BOB, ALL).items()).as("the deleted tweet leaves bob's likes").isEmpty();
    }

    @ParameterizedTest
    @Event(value = "events/social/tweets-stream-insert-remove.json", type = DynamodbEvent.class)
    void aTweetMadeAndDeletedInOneBatchIsNotLeftIndexed(DynamodbEvent event) {
        // the batch's new tweets are written together: the deletion must still come after its own insertion
        var insert = event.getRecords().stream().filter(r -> r.getEventName().equals("INSERT")
                && r.getDynamodb().getNewImage().get("id").getS().equals(INSERTED)).findFirst().orElseThrow();
        var data = new com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamRecord()
                .withKeys(insert.getDynamodb().getKeys()).withOldImage(insert.getDynamodb().getNewImage())
                .withSequenceNumber(insert.getDynamodb().getSequenceNumber() + "9");
        var remove = new DynamodbEvent.DynamodbStreamRecord();
        remove.setEventName("REMOVE");
        remove.setEventSourceARN(insert.getEventSourceARN());
        remove.setDynamodb(data);
        var batch = new DynamodbEvent();
        batch.setRecords(List.of(insert, remove));

        var response = handler.handleRequest(batch, null);

        assertThat(response.getBatchItemFailures()).isEmpty();
        assertThat(index.recent(ALL).items()).doesNotContain(INSERTED);
        assertThat(index.byHashtag("serverless", ALL).items()).isEmpty();
    }

    @ParameterizedTest
    @Event(value = "events/social/tweets-stream-insert-remove.json", type = DynamodbEvent.class)
    void storesHashtagsLowerCasedUnderTheirLists(DynamodbEvent event) {
        handler.handleRequest(event, null);

        assertThat(index.snapshot()).containsOnlyKeys(InMemoryTweetIndexStore.recentList(),
                InMemoryTweetIndexStore.hashtagList("java"), InMemoryTweetIndexStore.hashtagList("serverless"),
                InMemoryTweetIndexStore.mentionList(ALICE), InMemoryTweetIndexStore.mentionList(BOB));
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
        assertThat(retweets.retweeters(REMOVED, ALL).items()).isEmpty();
    }

    @ParameterizedTest
    @Event(value = "events/social/tweets-stream-missing-image.json", type = DynamodbEvent.class)
    void reportsTheFirstBadRecordAndStopsThere(DynamodbEvent event) {
        var response = handler.handleRequest(event, null);

        assertThat(response.getBatchItemFailures()).extracting(f -> f.getItemIdentifier())
                .containsExactly("4421584600000000017450439102");
        assertThat(index.recent(ALL).items()).containsExactly(INSERTED, REMOVED); // the removal comes again
    }

    @ParameterizedTest
    @Event(value = "events/social/tweets-stream-not-a-tweet.json", type = DynamodbEvent.class)
    void reportsAnItemThatIsNotATweetInsteadOfIndexingIt(DynamodbEvent event) {
        var response = handler.handleRequest(event, null);

        // only an id: no author, text or time; the record after it comes again with the retry
        assertThat(response.getBatchItemFailures()).extracting(f -> f.getItemIdentifier())
                .containsExactly("4421584600000000017450439102");
        assertThat(index.recent(ALL).items()).contains(INSERTED)
                .doesNotContain("01M8MRK000000000000000000P", "01M8MRM000000000000000000Z");
    }
}
