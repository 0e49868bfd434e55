package com.scaleout.functions.social.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.functions.social.application.TimelineCache;
import com.scaleout.functions.social.domain.TimelineEntry;
import com.scaleout.functions.social.fakes.StreamRecorder.Change;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Fanout on write, end to end: the services write, the streams deliver what they wrote to FanoutService, and the
 * built timelines must then hold what the stores say. (In the http package for the seeded world.) Seeded: alice
 * follows bob; bob and carol follow alice.
 */
class FanoutServiceTest {
    private final SocialWorld world = SocialWorld.seeded().warmTimelines();

    /** The cached timeline as lines: the tweet id, and who retweeted it when that put it there. */
    private List<String> cached(String userId) {
        return world.cachedTimeline(userId).orElseThrow().stream().map(FanoutServiceTest::line).toList();
    }

    private static String line(TimelineEntry entry) {
        return entry.tweetId() + entry.retweetedBy().map(r -> " rt " + r.username()).orElse("");
    }

    private void assertEveryTimelineAsTheStoresHaveIt() {
        world.assertTimelinesAsTheStoresHaveThem(Seed.ALICE, Seed.BOB, Seed.CAROL);
    }

    @Test
    void aNewTweetReachesItsAuthorTheirFollowersAndTheMentionedOnly() {
        String alices = world.post(Seed.ALICE, "Shipping today");
        String carols = world.post(Seed.CAROL, "Hey @alice, look");

        world.deliverStreams();

        assertThat(cached(Seed.ALICE)).contains(alices, carols); // her own; carol mentions her
        assertThat(cached(Seed.BOB)).contains(alices).doesNotContain(carols); // follows alice only
        assertThat(cached(Seed.CAROL)).contains(alices, carols); // follows alice; her own
        assertEveryTimelineAsTheStoresHaveIt();
    }

    @Test
    void aDeletedTweetLeavesEveryTimelineWithItsRetweets() {
        String tweet = world.post(Seed.ALICE, "Soon gone, @bob");
        world.deliverStreams();
        world.tweetService.retweet(world.actor(Seed.BOB), tweet);
        world.deliverStreams();
        assertThat(cached(Seed.ALICE)).contains(tweet + " rt bob");

        world.tweetService.delete(world.actor(Seed.ALICE), tweet);
        world.deliverStreams();

        for (String user : List.of(Seed.ALICE, Seed.BOB, Seed.CAROL)) {
            assertThat(cached(user)).as("timeline of %s", user).noneMatch(line -> line.startsWith(tweet));
        }
        assertEveryTimelineAsTheStoresHaveIt();
    }

    @Test
    void aRetweetShowsWhoRetweetedUntilItIsUndone() {
        world.tweetService.retweet(world.actor(Seed.ALICE), Seed.BOB_FIRST);
        world.deliverStreams();

        var carolsFirst = world.timeline(Seed.CAROL, 1).items().getFirst();
        assertThat(carolsFirst.tweet().id()).isEqualTo(Seed.BOB_FIRST);
        assertThat(carolsFirst.retweetedBy()).contains(new TimelineEntry.Retweeter(Seed.ALICE, "alice"));
        assertThat(cached(Seed.BOB)).contains(Seed.BOB_FIRST + " rt alice"); // alice's follower, and its author
        assertEveryTimelineAsTheStoresHaveIt();

        world.tweetService.unretweet(world.actor(Seed.ALICE), Seed.BOB_FIRST);
        world.deliverStreams();

        assertThat(world.timeline(Seed.CAROL, 100).items()).noneMatch(i -> i.tweet().id().equals(Seed.BOB_FIRST));
        assertEveryTimelineAsTheStoresHaveIt();
    }

    @Test
    void followingBackfillsTheFolloweesRecentActivity() {
        String tweet = world.post(Seed.CAROL, "Before alice followed me");
        world.tweetService.retweet(world.actor(Seed.CAROL), Seed.BOB_FIRST);
        world.deliverStreams();
        assertThat(cached(Seed.ALICE)).doesNotContain(tweet);

        world.followService.follow(world.actor(Seed.ALICE), "carol");
        world.deliverStreams();

        assertThat(cached(Seed.ALICE)).contains(tweet, Seed.BOB_FIRST + " rt carol");
        assertEveryTimelineAsTheStoresHaveIt();
    }

    @Test
    void unfollowingTakesTheFolloweesActivityOutButKeepsWhatMentionsTheFollower() {
        String plain = world.post(Seed.BOB, "Nothing for alice");
        String mentioning = world.post(Seed.BOB, "Thanks @alice");
        world.tweetService.retweet(world.actor(Seed.BOB), Seed.ALICE_REPLY);
        world.deliverStreams();
        assertThat(cached(Seed.ALICE)).contains(plain, mentioning, Seed.ALICE_REPLY + " rt bob");

        world.followService.unfollow(world.actor(Seed.ALICE), "bob");
        world.deliverStreams();

        assertThat(cached(Seed.ALICE)).contains(mentioning, Seed.BOB_FIRST) // both mention her
                .doesNotContain(plain, Seed.ALICE_REPLY + " rt bob", Seed.ALICE_FIRST + " rt bob");
        assertEveryTimelineAsTheStoresHaveIt();
    }

    @Test
    void anUndoneRetweetLeavesTheTimelineOfSomeoneWhoUnfollowedTheRetweeterMeanwhile() {
        // both writes land before the streams catch up (lag, a retry): each removal then reads the other's result
        world.tweetService.unretweet(world.actor(Seed.BOB), Seed.ALICE_FIRST);
        world.followService.unfollow(world.actor(Seed.ALICE), "bob");

        world.deliverStreams();

        assertThat(cached(Seed.ALICE)).doesNotContain(Seed.ALICE_FIRST + " rt bob");
        assertEveryTimelineAsTheStoresHaveIt();
    }

    @Test
    void redeliveredDuplicatedOrPairedRecordsLeaveTheSameTimelines() {
        var delivered = new ArrayList<Change>();
        String tweet = world.post(Seed.ALICE, "Replayed @carol");
        delivered.addAll(world.deliverStreams());
        world.tweetService.retweet(world.actor(Seed.BOB), tweet);
        world.followService.follow(world.actor(Seed.ALICE), "carol");
        delivered.addAll(world.deliverStreams());
        world.tweetService.unretweet(world.actor(Seed.BOB), tweet); // undoes the retweet: an INSERT/REMOVE pair
        world.followService.unfollow(world.actor(Seed.ALICE), "carol"); // and a follow/unfollow pair
        world.tweetService.delete(world.actor(Seed.ALICE), Seed.ALICE_SECOND);
        delivered.addAll(world.deliverStreams());
        var once = world.timelineCache.snapshot();

        world.deliver(delivered); // the whole history again, in order
        assertThat(world.timelineCache.snapshot()).isEqualTo(once);

        world.deliver(delivered.stream().flatMap(change -> List.of(change, change).stream()).toList());
        assertThat(world.timelineCache.snapshot()).isEqualTo(once);
        assertEveryTimelineAsTheStoresHaveIt();
    }

    @Test
    void aTimelineKeepsItsNewestThousandEntries() {
        var posted = IntStream.range(0, TimelineCache.CAPACITY + 5).mapToObj(n -> world.post(Seed.ALICE, "n" + n))
                .toList();

        world.deliverStreams();

        var newest = posted.subList(5, posted.size()).reversed();
        assertThat(cached(Seed.BOB)).containsExactlyElementsOf(newest);
        assertThat(world.timeline(Seed.BOB, 3).items()).extracting(item -> item.tweet().id())
                .containsExactlyElementsOf(newest.subList(0, 3));
    }
}
