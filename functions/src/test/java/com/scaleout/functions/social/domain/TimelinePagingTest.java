package com.scaleout.functions.social.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One line per tweet in a home timeline, at its newest reason, across pages: the entries a page reads are those a
 * timeline store answers below the position (newest first, {@link TimelinePaging#window} of them).
 */
class TimelinePagingTest {

    private static String id(int n) {
        return String.format("01M%023d", n);
    }

    private static TimelineEntry retweet(int n, String tweetId, String by) {
        return TimelineEntry.retweet(id(n), tweetId, "id-" + by, by);
    }

    /** What a store answers for a page: the newest {@code window} entries below the position. */
    private static List<TimelineEntry> read(List<TimelineEntry> timeline, TimelinePaging.Position at, int limit) {
        return timeline.stream().sorted(Comparator.comparing(TimelineEntry::sortKey).reversed())
                .filter(e -> at.before().map(b -> e.sortKey().compareTo(b) < 0).orElse(true))
                .limit(TimelinePaging.window(limit)).toList();
    }

    /** Every page of {@code limit}, following the positions until there is none. */
    private static List<List<TimelineEntry>> pages(List<TimelineEntry> timeline, int limit) {
        var pages = new ArrayList<List<TimelineEntry>>();
        TimelinePaging.Position at = TimelinePaging.Position.START;
        for (int guard = 0; guard <= timeline.size() + 1; guard++) {
            var cut = TimelinePaging.cut(read(timeline, at, limit), at, limit);
            assertThat(cut.shown()).hasSizeLessThanOrEqualTo(limit);
            pages.add(cut.shown());
            if (cut.next().isEmpty()) {
                return pages;
            }
            at = cut.next().get();
        }
        throw new AssertionError("the pages do not end");
    }

    private static List<TimelineEntry> paged(List<TimelineEntry> timeline, int limit) {
        return pages(timeline, limit).stream().flatMap(List::stream).toList();
    }

    /** The timeline as a reader must see it: each tweet once, at its newest entry, newest first. */
    private static List<TimelineEntry> oneLinePerTweet(List<TimelineEntry> timeline) {
        var newest = new LinkedHashMap<String, TimelineEntry>();
        timeline.stream().sorted(Comparator.comparing(TimelineEntry::sortKey).reversed())
                .forEach(e -> newest.putIfAbsent(e.tweetId(), e));
        return List.copyOf(newest.values());
    }

    @Test
    void aTweetFollowedAndRetweetedShowsOnceAtItsRetweet() {
        String tweet = id(1);
        var timeline = List.of(TimelineEntry.tweet(tweet), TimelineEntry.tweet(id(2)), retweet(3, tweet, "bob"));

        assertThat(paged(timeline, 20)).containsExactly(retweet(3, tweet, "bob"), TimelineEntry.tweet(id(2)));
    }

    @Test
    void twoRetweetersShowTheNewestRetweet() {
        String tweet = id(1);
        var timeline = List.of(retweet(2, tweet, "bob"), retweet(4, tweet, "carol"), TimelineEntry.tweet(id(3)));

        assertThat(paged(timeline, 20)).containsExactly(retweet(4, tweet, "carol"), TimelineEntry.tweet(id(3)));
    }

    @Test
    void aTweetOnPageOneDoesNotComeBackWhenItsOlderReasonFallsOnPageTwo() {
        String tweet = id(1);
        var timeline = List.of(TimelineEntry.tweet(tweet), TimelineEntry.tweet(id(2)), TimelineEntry.tweet(id(3)),
                retweet(4, tweet, "bob"));

        var pages = pages(timeline, 1);

        assertThat(pages).containsExactly(List.of(retweet(4, tweet, "bob")), List.of(TimelineEntry.tweet(id(3))),
                List.of(TimelineEntry.tweet(id(2))));
    }

    @Test
    void aPositionCarriesOnlyTweetsThatCanStillHaveAnEntryBelowIt() {
        var timeline = List.of(TimelineEntry.tweet(id(5)), retweet(7, id(2), "bob"), TimelineEntry.tweet(id(6)),
                TimelineEntry.tweet(id(1)));

        var cut = TimelinePaging.cut(read(timeline, TimelinePaging.Position.START, 3), TimelinePaging.Position.START,
                3);

        assertThat(cut.next()).contains(new TimelinePaging.Position(Optional.of(id(5)), List.of(id(2))));
    }

    @Test
    void aPageOfDuplicatesOnlyStillLeadsOnToTheTweetsBelow() {
        String tweet = id(1);
        var timeline = new ArrayList<TimelineEntry>(List.of(TimelineEntry.tweet(id(0)), TimelineEntry.tweet(tweet)));
        IntStream.rangeClosed(2, 12).forEach(n -> timeline.add(retweet(n, tweet, "user" + n)));

        assertThat(paged(timeline, 1)).containsExactly(retweet(12, tweet, "user12"), TimelineEntry.tweet(id(0)));
    }

    @Test
    void theCarriedTweetsAreCappedKeepingTheNewest() {
        var timeline = new ArrayList<TimelineEntry>();
        int retweets = TimelinePaging.MAX_CARRIED + 20;
        for (int n = 0; n < retweets; n++) {
            timeline.add(retweet(10_000 + n, id(n), "bob")); // retweets of old tweets whose originals are far below
        }
        timeline.add(TimelineEntry.tweet(id(5_000)));

        var first = TimelinePaging.cut(read(timeline, TimelinePaging.Position.START, 100),
                TimelinePaging.Position.START, 100);
        var second = first.next().orElseThrow();
        var then = TimelinePaging.cut(read(timeline, second, 20), second, 20).next().orElseThrow();

        assertThat(second.shownAbove()).hasSize(100);
        assertThat(then.shownAbove()).as("the tweets whose originals a reader reaches first")
                .hasSize(TimelinePaging.MAX_CARRIED).isSortedAccordingTo(Comparator.reverseOrder())
                .contains(id(retweets - 1)).doesNotContain(id(0));
    }

    /**
     * Random timelines (tweets, some followed, each retweeted by up to three followees, the retweets at any later
     * time), paged with every small limit: each tweet exactly once, at its newest entry, in the order of those
     * entries, as one page of everything shows it.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 5, 8, 100})
    void pagesShowEachTweetOnceAtItsNewestEntryWhateverTheTimeline(int limit) {
        var random = new Random(23L * limit);
        for (int run = 0; run < 200; run++) {
            var timeline = new ArrayList<TimelineEntry>();
            int tweets = 1 + random.nextInt(30);
            int clock = tweets;
            for (int t = 0; t < tweets; t++) {
                boolean followed = random.nextInt(3) > 0;
                int retweeters = followed ? random.nextInt(3) : 1 + random.nextInt(3);
                if (followed) {
                    timeline.add(TimelineEntry.tweet(id(t)));
                }
                for (int r = 0; r < retweeters; r++) {
                    clock += 1 + random.nextInt(4);
                    timeline.add(retweet(clock, id(t), "user" + r));
                }
            }

            assertThat(paged(timeline, limit)).as("run %s: %s", run, timeline)
                    .containsExactlyElementsOf(oneLinePerTweet(timeline));
        }
    }
}
