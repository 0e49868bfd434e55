package com.scaleout.functions.social.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.functions.social.domain.TimelineEntry;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Hybrid fanout with a limit of 2 followers: an author with more is not copied into followers' timelines but
 * merged into them at read time, and one falling back under the limit is backfilled. Either way every timeline
 * must read as the stores say. Seeded: alice has 2 followers (bob, carol), so she is still fanned out.
 */
class HybridFanoutTest {
    private final SocialWorld world = SocialWorld.seededWithMaxFanout(2).warmTimelines();
    private final String dave = Seed.extraUser(world, 1);

    HybridFanoutTest() {
        world.timelines.warm(dave);
    }

    private boolean merged(String authorId) {
        return world.graphCache.celebritiesAmong(Set.of(authorId)).contains(authorId);
    }

    private List<String> cachedTweetIds(String userId) {
        return world.cachedTimeline(userId).orElseThrow().stream().map(TimelineEntry::tweetId).toList();
    }

    private void assertEveryTimelineAsTheStoresHaveIt() {
        world.assertTimelinesAsTheStoresHaveThem(Seed.ALICE, Seed.BOB, Seed.CAROL, dave);
    }

    @Test
    void anAuthorOverTheLimitIsMergedAtReadInsteadOfCopied() {
        world.followService.follow(world.actor(dave), "alice"); // her third follower
        world.deliverStreams();
        assertThat(merged(Seed.ALICE)).isTrue();

        String tweet = world.post(Seed.ALICE, "Too famous to copy");
        world.deliverStreams();

        assertThat(cachedTweetIds(Seed.BOB)).doesNotContain(tweet);
        assertThat(cachedTweetIds(dave)).doesNotContain(tweet, Seed.ALICE_FIRST); // no backfill either
        assertThat(world.timeline(Seed.BOB, 1).items().getFirst().tweet().id()).isEqualTo(tweet);
        assertThat(world.timeline(dave, 1).items().getFirst().tweet().id()).isEqualTo(tweet);
        assertThat(cachedTweetIds(Seed.ALICE)).contains(tweet); // her own timeline still gets it
        assertEveryTimelineAsTheStoresHaveIt();
    }

    @Test
    void anAuthorFallingBackUnderTheLimitIsBackfilledIntoEveryFollower() {
        world.followService.follow(world.actor(dave), "alice");
        world.deliverStreams();
        String whileMerged = world.post(Seed.ALICE, "Posted while merged at read");
        world.deliverStreams();

        world.followService.unfollow(world.actor(dave), "alice");
        world.deliverStreams();

        assertThat(merged(Seed.ALICE)).isFalse();
        assertThat(cachedTweetIds(Seed.BOB)).contains(whileMerged);
        assertThat(cachedTweetIds(Seed.CAROL)).contains(whileMerged);
        assertThat(cachedTweetIds(dave)).doesNotContain(whileMerged);
        assertEveryTimelineAsTheStoresHaveIt();

        String afterwards = world.post(Seed.ALICE, "Copied again");
        world.deliverStreams();
        assertThat(cachedTweetIds(Seed.BOB)).contains(afterwards);
        assertEveryTimelineAsTheStoresHaveIt();
    }

    @Test
    void theMergedAuthorsTweetsStillShowWithTheCacheDown() {
        world.followService.follow(world.actor(dave), "alice");
        world.deliverStreams();
        String tweet = world.post(Seed.ALICE, "Read from DynamoDB");
        world.deliverStreams();
        var up = world.timeline(dave, 100).items();

        world.setCachesAvailable(false);

        assertThat(world.timeline(dave, 100).items()).isEqualTo(up)
                .anySatisfy(item -> assertThat(item.tweet().id()).isEqualTo(tweet));
    }

    @Test
    void anUndoneRetweetLeavesFollowersTimelinesAfterTheRetweeterWentOverTheLimit() {
        // bob's retweet of alice's first sits in alice's timeline from when bob had one follower
        assertThat(world.cachedTimeline(Seed.ALICE).orElseThrow())
                .contains(TimelineEntry.retweet(Seed.BOB_RETWEET, Seed.ALICE_FIRST, Seed.BOB, "bob"));
        world.followService.follow(world.actor(Seed.CAROL), "bob");
        world.followService.follow(world.actor(dave), "bob"); // his third follower
        world.deliverStreams();
        assertThat(merged(Seed.BOB)).isTrue();

        world.tweetService.unretweet(world.actor(Seed.BOB), Seed.ALICE_FIRST);
        world.deliverStreams();

        assertThat(world.timeline(Seed.ALICE, 100).items()).noneMatch(item -> item.retweetedBy().isPresent());
        assertEveryTimelineAsTheStoresHaveIt();
    }
}
