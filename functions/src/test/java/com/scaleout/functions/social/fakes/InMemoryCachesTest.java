package com.scaleout.functions.social.fakes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scaleout.functions.social.application.RecommendationCache.Candidate;
import com.scaleout.functions.social.application.TimelineCache;
import com.scaleout.functions.social.domain.TimelineEntry;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The cache fakes keep the semantics of the Redis adapters, or the timeline tests prove nothing. */
class InMemoryCachesTest {
    private static final String ALICE = "01M6B5CJM0A11CE00000000000";
    private static final String BOB = "01M6DQS9M0B0B0000000000000";

    private final InMemoryTimelineCache timelines = new InMemoryTimelineCache();
    private final InMemoryFollowGraphCache graph = new InMemoryFollowGraphCache();

    private static String id(int n) {
        return "01M7W6C380000000000000" + String.format("%04d", n);
    }

    private static TimelineEntry tweet(int n) {
        return TimelineEntry.tweet(id(n));
    }

    private List<TimelineEntry> read(Optional<String> before, int count) {
        return timelines.timeline(ALICE, before, count).orElseThrow();
    }

    @Test
    void tellsAMissingTimelineFromAnEmptyOneAndKeepsAMissingOneMissing() {
        timelines.addToTimelines(List.of(ALICE), tweet(1)); // a fanout after a flush: no list to add to

        assertThat(timelines.timeline(ALICE, Optional.empty(), 10)).isEmpty();
        timelines.replaceTimeline(ALICE, List.of());
        assertThat(timelines.timeline(ALICE, Optional.empty(), 10)).contains(List.of());
        timelines.flush();
        assertThat(timelines.timeline(ALICE, Optional.empty(), 10)).isEmpty();
    }

    @Test
    void readsNewestFirstByMemberStrictlyBeforeTheCursor() {
        var retweet = TimelineEntry.retweet(id(4), id(1), BOB, "bob");
        timelines.replaceTimeline(ALICE, List.of(tweet(1), tweet(2), tweet(3)));
        timelines.addAllToTimeline(ALICE, List.of(retweet));

        assertThat(read(Optional.empty(), 10)).containsExactly(retweet, tweet(3), tweet(2), tweet(1));
        assertThat(read(Optional.of(id(3)), 10)).containsExactly(tweet(2), tweet(1));
        assertThat(read(Optional.of(id(4)), 1)).containsExactly(tweet(3));
    }

    @Test
    void keepsTheNewestThousandWhetherReplacedOrAddedTo() {
        var many = IntStream.rangeClosed(1, TimelineCache.CAPACITY + 2).mapToObj(InMemoryCachesTest::tweet).toList();
        timelines.replaceTimeline(ALICE, many);
        assertThat(read(Optional.empty(), 2000)).hasSize(TimelineCache.CAPACITY).last().isEqualTo(tweet(3));

        timelines.addToTimelines(List.of(ALICE), tweet(1003));
        assertThat(read(Optional.empty(), 2000)).hasSize(TimelineCache.CAPACITY).last().isEqualTo(tweet(4));
        assertThat(read(Optional.empty(), 1)).containsExactly(tweet(1003));
    }

    @Test
    void removesFixedMembersIdempotently() {
        timelines.replaceTimeline(ALICE, List.of(tweet(1), tweet(2)));
        timelines.replaceActivity(BOB, List.of(tweet(2)));

        timelines.removeFromTimelines(List.of(ALICE, BOB), List.of(tweet(2), tweet(9)));
        timelines.removeFromTimelines(List.of(ALICE), List.of(tweet(2)));
        timelines.removeFromActivity(BOB, tweet(2));

        assertThat(read(Optional.empty(), 10)).containsExactly(tweet(1));
        assertThat(timelines.timeline(BOB, Optional.empty(), 10)).isEmpty();
        assertThat(timelines.activity(BOB, Optional.empty(), 10)).contains(List.of());
    }

    @Test
    void recordsEdgesOnlyInBuiltSetsAndSaysWhetherAMarkChanged() {
        graph.replaceFollowers(BOB, Set.of());
        graph.addEdge(ALICE, BOB);

        assertThat(graph.followers(BOB)).contains(Set.of(ALICE));
        assertThat(graph.following(ALICE)).isEmpty();
        assertThat(graph.markCelebrity(BOB, false)).isFalse();
        assertThat(graph.markCelebrity(BOB, true)).isTrue();
        assertThat(graph.markCelebrity(BOB, true)).isFalse();
        assertThat(graph.celebritiesAmong(List.of(ALICE, BOB))).containsExactly(BOB);
        assertThat(graph.markCelebrity(BOB, false)).isTrue();
    }

    @Test
    void remembersAnEmptyRecommendationList() {
        var recommendations = new InMemoryRecommendationCache();
        recommendations.replace(ALICE, List.of());
        recommendations.replace(BOB, List.of(new Candidate(ALICE, 2), new Candidate("x", 1)));
        recommendations.remove(BOB, ALICE);

        assertThat(recommendations.get(ALICE)).contains(List.of());
        assertThat(recommendations.get(BOB)).contains(List.of(new Candidate("x", 1)));
        assertThat(recommendations.get("nobody")).isEmpty();
    }

    @Test
    void failsEveryCallWhileDown() {
        var tweets = new InMemoryTweetCache();
        var recommendations = new InMemoryRecommendationCache();
        timelines.setAvailable(false);
        graph.setAvailable(false);
        tweets.setAvailable(false);
        recommendations.setAvailable(false);

        assertThatThrownBy(() -> timelines.timeline(ALICE, Optional.empty(), 1))
                .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> timelines.addToTimelines(List.of(ALICE), tweet(1)))
                .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> graph.following(ALICE)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> graph.celebritiesAmong(List.of(ALICE))).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> tweets.get(List.of(id(1)))).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> recommendations.get(ALICE)).isInstanceOf(IllegalStateException.class);
    }
}
