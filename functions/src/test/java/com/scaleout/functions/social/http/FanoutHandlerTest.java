package com.scaleout.functions.social.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.amazonaws.services.lambda.runtime.tests.EventLoader;
import com.amazonaws.services.lambda.runtime.tests.annotations.Event;
import com.scaleout.functions.social.application.FollowStore;
import com.scaleout.functions.social.application.RetweetStore;
import com.scaleout.functions.social.domain.Mention;
import com.scaleout.functions.social.domain.TimelineEntry;
import com.scaleout.functions.social.domain.Tweet;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * FanoutHandler on the Tweets, Retweets and Follows stream samples of events/social/, in the seeded world (so
 * here, beside it, rather than in the streams package). Each test first makes the writes the batch reports, as
 * DynamoDB made them before the stream fired; afterwards every timeline must read as the stores say.
 */
class FanoutHandlerTest {
    /** From tweets-stream-insert-remove.json: alice's tweet mentioning bob, bob's reply mentioning alice. */
    private static final String INSERTED = "01M8MRGYS0000000000000000A";
    private static final String REPLY = "01M8MRJSC0000000000000000R";
    /** Removed by that sample: alice's, mentioning bob, in every seeded timeline before. */
    private static final String REMOVED = "01M6GA60M0000000000000000X";
    /** From retweets-stream-insert-remove.json: carol retweets bob's first (bob's retweet of alice's goes). */
    private static final TimelineEntry CAROL_RETWEETS_BOB = TimelineEntry.retweet("01M8MRJSC0R000000000000003",
            Seed.BOB_FIRST, Seed.CAROL, "carol");
    private static final TimelineEntry BOB_RETWEETS_ALICE = TimelineEntry.retweet(Seed.BOB_RETWEET,
            Seed.ALICE_FIRST, Seed.BOB, "bob");
    private static final List<String> EVERYONE = List.of(Seed.ALICE, Seed.BOB, Seed.CAROL);

    private final SocialWorld world = SocialWorld.seeded();

    /** As the stream event's image has it (the fanout caches the body of a new tweet from its image). */
    private static Tweet tweet(String id, String authorId, String author, String createdAt, String parent,
                               Mention mention, String text, String... hashtags) {
        return new Tweet(id, authorId, author, text, createdAt, Optional.ofNullable(parent), List.of(hashtags),
                List.of(mention), 0, 0);
    }

    private static Tweet inserted() {
        return tweet(INSERTED, Seed.ALICE, "alice", "2026-11-29T22:59:00.000Z", null, new Mention(Seed.BOB, "bob"),
                "Shipping #Java 21 with @bob #Serverless #java", "Java", "Serverless");
    }

    private List<TimelineEntry> cached(String userId) {
        return world.cachedTimeline(userId).orElseThrow();
    }

    private void assertEveryTimelineAsTheStoresHaveIt() {
        world.assertTimelinesAsTheStoresHaveThem(Seed.ALICE, Seed.BOB, Seed.CAROL);
    }

    private static void assertNoFailures(StreamsEventResponse response) {
        assertThat(response.getBatchItemFailures()).isEmpty();
    }

    /** The removed tweet was in everyone's timeline; then alice tweeted, bob replied, she deleted the old one. */
    private void beforeTheTweetsBatch() {
        Tweet removed = tweet(REMOVED, Seed.ALICE, "alice", "2026-11-03T09:00:00.000Z", null,
                new Mention(Seed.BOB, "bob"), "Old news #Legacy @bob", "Legacy");
        world.tweets.create(removed);
        world.index.add(removed);
        world.warmTimelines();
        Tweet inserted = inserted();
        Tweet reply = tweet(REPLY, Seed.BOB, "bob", "2026-11-29T23:00:00.000Z", INSERTED,
                new Mention(Seed.ALICE, "alice"), "@alice nice! #JAVA", "JAVA");
        for (Tweet tweet : List.of(inserted, reply)) {
            world.tweets.create(tweet);
            world.index.add(tweet); // the indexer, on the same stream
        }
        world.tweets.delete(removed);
        world.index.remove(removed);
    }

    @ParameterizedTest
    @Event(value = "events/social/tweets-stream-insert-remove.json", type = DynamodbEvent.class)
    void fansNewTweetsOutToAuthorFollowersAndMentionedAndTakesRemovedOnesBack(DynamodbEvent event) {
        beforeTheTweetsBatch();

        assertNoFailures(world.fanoutHandler.handleRequest(event, null));

        assertThat(cached(Seed.ALICE)).contains(TimelineEntry.tweet(INSERTED), TimelineEntry.tweet(REPLY));
        assertThat(cached(Seed.BOB)).contains(TimelineEntry.tweet(INSERTED), TimelineEntry.tweet(REPLY));
        assertThat(cached(Seed.CAROL)).contains(TimelineEntry.tweet(INSERTED))
                .doesNotContain(TimelineEntry.tweet(REPLY)); // carol neither follows bob nor is mentioned
        EVERYONE.forEach(user -> assertThat(cached(user)).doesNotContain(TimelineEntry.tweet(REMOVED)));
        assertEveryTimelineAsTheStoresHaveIt();
    }

    @ParameterizedTest
    @Event(value = "events/social/tweets-stream-insert-remove.json", type = DynamodbEvent.class)
    void evictsTheCachedBodyOfATweetWhoseCountsChanged(DynamodbEvent event) {
        beforeTheTweetsBatch();
        world.tweetCache.put(List.of(inserted())); // read before bob replied: 0 replies

        assertNoFailures(world.fanoutHandler.handleRequest(event, null));

        assertThat(world.tweetCache.contains(INSERTED)).isFalse();
        assertThat(world.timeline(Seed.ALICE, 100).items()).filteredOn(item -> item.tweet().id().equals(INSERTED))
                .singleElement().satisfies(item -> assertThat(item.tweet().replies()).isEqualTo(1));
    }

    @ParameterizedTest
    @Event(value = "events/social/retweets-stream-insert-remove.json", type = DynamodbEvent.class)
    void putsARetweetInTheRetweetersTimelinesAndTakesAnUndoneOneOut(DynamodbEvent event) {
        beforeTheRetweetsBatch();

        assertNoFailures(world.fanoutHandler.handleRequest(event, null));

        assertThat(cached(Seed.CAROL)).contains(CAROL_RETWEETS_BOB);
        assertThat(cached(Seed.ALICE)).doesNotContain(BOB_RETWEETS_ALICE);
        assertThat(cached(Seed.BOB)).doesNotContain(BOB_RETWEETS_ALICE);
        var carolsFirst = world.timeline(Seed.CAROL, 1).items().getFirst();
        assertThat(carolsFirst.tweet().id()).isEqualTo(Seed.BOB_FIRST);
        assertThat(carolsFirst.retweetedBy()).contains(new TimelineEntry.Retweeter(Seed.CAROL, "carol"));
        assertEveryTimelineAsTheStoresHaveIt();
    }

    private void beforeTheRetweetsBatch() {
        world.warmTimelines();
        world.retweets.add(new RetweetStore.Retweet(Seed.BOB_FIRST, Seed.CAROL, CAROL_RETWEETS_BOB.sortKey(),
                "2026-11-29T22:59:00.000Z", "carol"));
        world.retweets.remove(Seed.ALICE_FIRST, Seed.BOB);
    }

    @ParameterizedTest
    @Event(value = "events/social/follows-stream-insert-remove.json", type = DynamodbEvent.class)
    void backfillsANewFolloweeAndTakesAnUnfollowedOneOutButNotWhatMentionsTheFollower(DynamodbEvent event) {
        beforeTheFollowsBatch();

        assertNoFailures(world.fanoutHandler.handleRequest(event, null));

        assertThat(cached(Seed.CAROL)).contains(TimelineEntry.tweet(Seed.BOB_FIRST), BOB_RETWEETS_ALICE);
        assertThat(cached(Seed.ALICE)).doesNotContain(BOB_RETWEETS_ALICE)
                .contains(TimelineEntry.tweet(Seed.BOB_FIRST)); // bob's first mentions alice
        assertEveryTimelineAsTheStoresHaveIt();
    }

    private void beforeTheFollowsBatch() {
        world.warmTimelines();
        world.follows.follow(new FollowStore.Edge(Seed.CAROL, Seed.BOB, "01M8MRJSC0E000000000000004",
                "2026-11-29T22:59:00.000Z"));
        world.follows.unfollow(Seed.ALICE, Seed.BOB);
    }

    @ParameterizedTest
    @ValueSource(strings = {"tweets-stream-insert-remove", "retweets-stream-insert-remove",
            "follows-stream-insert-remove"})
    void convergesWhenTheBatchIsDeliveredAgain(String sample) {
        switch (sample) {
            case "tweets-stream-insert-remove" -> beforeTheTweetsBatch();
            case "retweets-stream-insert-remove" -> beforeTheRetweetsBatch();
            default -> beforeTheFollowsBatch();
        }
        assertNoFailures(world.fanoutHandler.handleRequest(EventLoader.loadDynamoDbEvent(
                Samples.FOLDER + sample + ".json"), null));
        var once = world.timelineCache.snapshot();

        assertNoFailures(world.fanoutHandler.handleRequest(EventLoader.loadDynamoDbEvent(
                Samples.FOLDER + sample + ".json"), null));

        assertThat(world.timelineCache.snapshot()).isEqualTo(once);
        assertEveryTimelineAsTheStoresHaveIt();
    }

    @ParameterizedTest
    @Event(value = "events/social/tweets-stream-missing-image.json", type = DynamodbEvent.class)
    void reportsTheFirstBadRecordAndStopsThere(DynamodbEvent event) {
        beforeTheTweetsBatch();

        var response = world.fanoutHandler.handleRequest(event, null);

        assertThat(response.getBatchItemFailures()).extracting(StreamsEventResponse.BatchItemFailure::getItemIdentifier)
                .containsExactly("4421584600000000017450439102");
        assertThat(cached(Seed.BOB)).contains(TimelineEntry.tweet(INSERTED))
                .contains(TimelineEntry.tweet(REMOVED)); // its removal comes again with the retry
    }

    @ParameterizedTest
    @Event(value = "events/social/retweets-stream-insert-remove.json", type = DynamodbEvent.class)
    void reportsARecordOfATableItDoesNotFanOutInsteadOfSkippingIt(DynamodbEvent event) {
        world.warmTimelines();
        var before = world.timelineCache.snapshot();
        event.getRecords().forEach(record -> record.setEventSourceARN(record.getEventSourceARN()
                .replace("table/scaleout-Retweets/", "table/scaleout-Users/")));

        var response = world.fanoutHandler.handleRequest(event, null);

        assertThat(response.getBatchItemFailures()).extracting(StreamsEventResponse.BatchItemFailure::getItemIdentifier)
                .containsExactly("5521584500000000017450439201");
        assertThat(world.timelineCache.snapshot()).isEqualTo(before);
    }
}
