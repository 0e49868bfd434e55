package com.scaleout.functions.social.application;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.functions.social.domain.User;
import com.scaleout.functions.social.fakes.InMemoryFollowGraphCache;
import com.scaleout.functions.social.fakes.InMemoryFollowStore;
import com.scaleout.functions.social.fakes.InMemoryRetweetStore;
import com.scaleout.functions.social.fakes.InMemoryTimelineCache;
import com.scaleout.functions.social.fakes.InMemoryTweetCache;
import com.scaleout.functions.social.fakes.InMemoryTweetIndexStore;
import com.scaleout.functions.social.fakes.InMemoryTweetStore;
import com.scaleout.functions.social.fakes.InMemoryUserStore;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The reads a stream batch repeats are made once per batch (a popular account's many new followers), a batch's
 * followees' counts in one call, and a followee's activity once at all: from then on it comes from the cache.
 */
class FanoutBatchReadsTest {
    private static final String STAR = "star";
    private static final String FIRST = com.scaleout.functions.shared.ids.Ids.idAt(
            java.time.Instant.parse("2026-01-01T00:00:00Z"));
    private static final String SECOND = com.scaleout.functions.shared.ids.Ids.idAt(
            java.time.Instant.parse("2026-01-01T00:01:00Z"));
    private final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
    private final InMemoryUserStore storedUsers = new InMemoryUserStore();
    private final InMemoryTweetStore storedTweets = new InMemoryTweetStore(storedUsers);
    private final InMemoryTimelineCache timelines = new InMemoryTimelineCache();
    private final InMemoryTweetCache tweetCache = new InMemoryTweetCache();
    private final FanoutService fanout;

    FanoutBatchReadsTest() {
        storedUsers.create(new User(STAR, STAR, STAR, "2026-01-01T00:00:00Z", "hash", 5, 0, 0));
        UserStore users = counting(UserStore.class, storedUsers);
        TweetStore tweets = counting(TweetStore.class, storedTweets);
        var source = new TimelineSource(tweets, new InMemoryRetweetStore(storedTweets), new InMemoryTweetIndexStore());
        fanout = new FanoutService(timelines, new SocialGraph(new InMemoryFollowGraphCache(),
                new InMemoryFollowStore(storedUsers)), tweetCache, users, tweets, source, 1_000);
    }

    @SuppressWarnings("unchecked")
    private <T> T counting(Class<T> type, T target) {
        InvocationHandler handler = (proxy, method, args) -> {
            calls.computeIfAbsent(type.getSimpleName() + "." + method.getName(), k -> new AtomicInteger())
                    .incrementAndGet();
            try {
                return method.invoke(target, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        };
        return (T) Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, handler);
    }

    private int calls(String name) {
        return calls.getOrDefault(name, new AtomicInteger()).get();
    }

    private void fiveNewFollowersOfTheStar() {
        for (int i = 0; i < 5; i++) {
            fanout.followed(new FollowStore.Edge("fan" + i, STAR, "edge" + i, "2026-01-01T00:00:0" + i + "Z"));
        }
    }

    @Test
    void inOneBatchTheFollowerCountAndTheRecentActivityAreReadOnce() {
        fanout.inOneBatch(() -> {
            fiveNewFollowersOfTheStar();
            return null;
        });

        assertThat(calls("UserStore.findById")).isEqualTo(1);
        assertThat(calls("TweetStore.byAuthor")).isEqualTo(1);
    }

    @Test
    void outsideABatchEveryRecordReadsTheFollowerCountForItselfAndTheActivityComesFromTheCache() {
        fiveNewFollowersOfTheStar();

        assertThat(calls("UserStore.findById")).isEqualTo(5);
        assertThat(calls("TweetStore.byAuthor")).isEqualTo(1);
    }

    @Test
    void theFolloweesOfABatchAreReadInOneCallAndAnUnknownOneCountsNoFollowers() {
        fanout.inOneBatch(() -> {
            fanout.readFollowerCounts(java.util.List.of(STAR, "nobody", STAR));
            fiveNewFollowersOfTheStar();
            fanout.followed(new FollowStore.Edge("fan9", "nobody", "edge9", "2026-01-01T00:00:09Z"));
            return null;
        });

        assertThat(calls("UserStore.findByIds")).isEqualTo(1);
        assertThat(calls("UserStore.findById")).isZero();
    }

    @Test
    void aNewFollowerGetsTheFolloweesActivityAsTheFanoutKeptItAfterTheFirstBackfill() {
        storedTweets.create(tweet(FIRST));
        fanout.tweetCreated(tweet(FIRST));
        fanout.followed(new FollowStore.Edge("fan0", STAR, "edge0", "2026-01-01T00:00:00Z"));
        // made and fanned out after the activity list was built: the cache has it, as DynamoDB does
        storedTweets.create(tweet(SECOND));
        fanout.tweetCreated(tweet(SECOND));
        storedTweets.delete(tweet(FIRST));
        fanout.tweetDeleted(tweet(FIRST));

        timelines.replaceTimeline("fan1", java.util.List.of());
        fanout.followed(new FollowStore.Edge("fan1", STAR, "edge1", "2026-01-01T00:00:01Z"));

        assertThat(calls("TweetStore.byAuthor")).isEqualTo(1);
        assertThat(timelines.timeline("fan1", java.util.Optional.empty(), 10)).get()
                .isEqualTo(java.util.List.of(com.scaleout.functions.social.domain.TimelineEntry.tweet(SECOND)));
    }

    @Test
    void aNewTweetsBodyGoesIntoTheTweetCacheAndADeletedOneComesOut() {
        storedTweets.create(tweet(FIRST));
        fanout.tweetCreated(tweet(FIRST));

        assertThat(tweetCache.get(java.util.List.of(FIRST))).containsEntry(FIRST, tweet(FIRST));

        storedTweets.delete(tweet(FIRST));
        fanout.tweetDeleted(tweet(FIRST));
        assertThat(tweetCache.contains(FIRST)).isFalse();
    }

    private static com.scaleout.functions.social.domain.Tweet tweet(String id) {
        return new com.scaleout.functions.social.domain.Tweet(id, STAR, STAR, "hello", "2026-01-01T00:00:00Z",
                java.util.Optional.empty(), java.util.List.of(), java.util.List.of(), 0, 0);
    }
}
