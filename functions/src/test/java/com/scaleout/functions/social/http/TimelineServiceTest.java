package com.scaleout.functions.social.http;

import static com.scaleout.functions.social.http.ApiJson.next;
import static com.scaleout.functions.social.http.ApiJson.ok;
import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.functions.shared.paging.PageRequest;
import com.scaleout.functions.social.domain.TimelineEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Reading timelines: a missing one is rebuilt from the stores, pages follow their cursors, a deleted tweet whose
 * entry is still cached is skipped, and with the cache down the stores answer. (In the http package for the
 * seeded world.)
 */
class TimelineServiceTest {
    private final SocialWorld world = SocialWorld.seeded().warmTimelines();

    private APIGatewayV2HTTPEvent timelineRequest(String userId, int limit) {
        String username = world.users.findById(userId).orElseThrow().username();
        String token = "token of " + username;
        world.sessions.save(Seed.session(token, userId, username)); // the authorizer lets only sessions in
        var event = Samples.as(Samples.http("get-timeline"), userId, username, token);
        event.setQueryStringParameters(Map.of("limit", Integer.toString(limit)));
        return event;
    }

    /** Every page of {@code limit} from GET /timeline, following {@code next} until it is null. */
    private List<JsonNode> allPages(String userId, int limit) {
        var items = new ArrayList<JsonNode>();
        var event = timelineRequest(userId, limit);
        for (int pages = 0; pages <= 100; pages++) {
            var page = ok(world.handle(event), 200);
            page.get("items").forEach(items::add);
            if (next(page) == null) {
                break;
            }
            event = Samples.withCursor(timelineRequest(userId, limit), next(page));
        }
        return items;
    }

    private List<JsonNode> wholeTimeline(String userId) {
        var items = new ArrayList<JsonNode>();
        ok(world.handle(timelineRequest(userId, PageRequest.MAX_LIMIT)), 200).get("items").forEach(items::add);
        return items;
    }

    private void someActivity() {
        world.post(Seed.BOB, "Hello @carol");
        world.tweetService.retweet(world.actor(Seed.ALICE), Seed.BOB_FIRST);
        world.followService.follow(world.actor(Seed.CAROL), "bob");
        world.post(Seed.ALICE, "Later");
        world.deliverStreams();
    }

    @Test
    void rebuildsAFlushedTimelineFromTheStoresToTheSamePage() {
        someActivity();
        var before = List.of(world.timeline(Seed.ALICE, 20), world.timeline(Seed.CAROL, 20));

        world.flushCaches();
        var after = List.of(world.timeline(Seed.ALICE, 20), world.timeline(Seed.CAROL, 20));

        assertThat(after).isEqualTo(before);
        assertThat(world.cachedTimeline(Seed.ALICE)).isPresent(); // and it is cached again
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 7, 100})
    void pagesAddUpToTheWholeTimelineWithNoDuplicateOrGap(int limit) {
        String dave = Seed.extraUser(world, 1);
        world.followService.follow(world.actor(dave), "alice");
        IntStream.range(0, 12).forEach(n -> world.post(Seed.ALICE, "tweet " + n));
        world.deliverStreams();

        var whole = wholeTimeline(dave);

        assertThat(whole).hasSize(15); // her 12 and the 3 seeded
        assertThat(allPages(dave, limit)).isEqualTo(whole);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void aTweetShownAsARetweetDoesNotComeAgainOnALaterPage(int limit) {
        // alice's first is in her timeline as her own tweet and, newer, as bob's retweet
        assertThat(allPages(Seed.ALICE, limit)).isEqualTo(wholeTimeline(Seed.ALICE));
    }

    private static List<String> ids(List<JsonNode> items) {
        return items.stream().map(item -> item.get("id").asText()).toList();
    }

    /** Dave follows alice, bob and erin; bob and then erin retweet a tweet of alice's, with three of hers after it. */
    private String aTweetOfAFolloweeRetweetedByTwoOthers(String dave, String erin) {
        for (String followee : List.of("alice", "bob", "user_2")) {
            world.followService.follow(world.actor(dave), followee);
        }
        String tweet = world.post(Seed.ALICE, "Worth two retweets");
        IntStream.range(0, 3).forEach(n -> world.post(Seed.ALICE, "after it " + n));
        world.deliverStreams();
        world.tweetService.retweet(world.actor(Seed.BOB), tweet);
        world.deliverStreams();
        world.tweetService.retweet(world.actor(erin), tweet);
        world.deliverStreams();
        return tweet;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 100})
    void aTweetFollowedAndRetweetedByFolloweesShowsOnceAtItsNewestRetweetOnEveryPageSize(int limit) {
        String dave = Seed.extraUser(world, 1);
        String erin = Seed.extraUser(world, 2);
        String tweet = aTweetOfAFolloweeRetweetedByTwoOthers(dave, erin);

        var whole = wholeTimeline(dave);
        var paged = allPages(dave, limit);

        assertThat(ids(whole)).doesNotHaveDuplicates().contains(Seed.ALICE_FIRST); // bob's seeded retweet of it too
        assertThat(whole.getFirst().get("id").asText()).isEqualTo(tweet);
        assertThat(whole.getFirst().get("retweetedBy").get("username").asText()).isEqualTo("user_2");
        assertThat(ids(paged)).isEqualTo(ids(whole));
    }

    @Test
    void oneLinePerTweetWhenTheTimelineIsRebuiltOrTheCacheIsDown() {
        String dave = Seed.extraUser(world, 1);
        aTweetOfAFolloweeRetweetedByTwoOthers(dave, Seed.extraUser(world, 2));
        var up = allPages(dave, 2);

        world.flushCaches();
        assertThat(allPages(dave, 2)).as("rebuilt").isEqualTo(up);
        world.setCachesAvailable(false);
        assertThat(allPages(dave, 2)).as("from the stores").isEqualTo(up);
        assertThat(ids(up)).doesNotHaveDuplicates();
    }

    @Test
    void undoingTheNewestRetweetShowsTheTweetAtItsNextReason() {
        String dave = Seed.extraUser(world, 1);
        String erin = Seed.extraUser(world, 2);
        String tweet = aTweetOfAFolloweeRetweetedByTwoOthers(dave, erin);

        world.tweetService.unretweet(world.actor(erin), tweet);
        world.deliverStreams();

        var whole = wholeTimeline(dave);
        assertThat(whole.getFirst().get("retweetedBy").get("username").asText()).isEqualTo("bob");
        assertThat(ids(whole)).doesNotHaveDuplicates().containsOnlyOnce(tweet);
    }

    @Test
    void aPageShortenedByARetweetOfTheTweetBelowStillLeadsOn() {
        String tweet = world.post(Seed.ALICE, "Retweeted at once");
        world.deliverStreams();
        world.tweetService.retweet(world.actor(Seed.BOB), tweet);
        world.deliverStreams();

        var first = world.timeline(Seed.ALICE, 1);

        assertThat(first.items()).extracting(item -> item.tweet().id()).containsExactly(tweet);
        assertThat(first.next()).as("next, with four more tweets below").isNotNull();
    }

    @Test
    void skipsADeletedTweetWhoseEntryIsStillCached() {
        world.tweets.delete(world.tweets.find(Seed.ALICE_SECOND).orElseThrow()); // the stream has not caught up

        var items = world.timeline(Seed.BOB, 100).items();

        assertThat(world.cachedTimeline(Seed.BOB).orElseThrow()).contains(TimelineEntry.tweet(Seed.ALICE_SECOND));
        assertThat(items).extracting(item -> item.tweet().id()).doesNotContain(Seed.ALICE_SECOND)
                .contains(Seed.ALICE_REPLY, Seed.BOB_FIRST);
    }

    @Test
    void servesTheSamePageFromTheStoresWhileTheCacheIsDown() {
        someActivity();
        var up = List.of(world.timeline(Seed.ALICE, 20), world.timeline(Seed.CAROL, 20));

        world.setCachesAvailable(false);

        assertThat(List.of(world.timeline(Seed.ALICE, 20), world.timeline(Seed.CAROL, 20))).isEqualTo(up);
    }

    @Test
    void servesTheSamePageFromTheStoresWhenTheCacheWasFlushedAndIsDown() {
        someActivity();
        var up = world.timeline(Seed.CAROL, 20);

        world.flushCaches();
        world.setCachesAvailable(false);

        assertThat(world.timeline(Seed.CAROL, 20)).isEqualTo(up);
    }
}
