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

/** The reads a stream batch repeats are made once per batch: a popular account's many new followers. */
class FanoutBatchReadsTest {
    private static final String STAR = "star";
    private final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
    private final InMemoryUserStore storedUsers = new InMemoryUserStore();
    private final InMemoryTweetStore storedTweets = new InMemoryTweetStore(storedUsers);
    private final InMemoryTimelineCache timelines = new InMemoryTimelineCache();
    private final FanoutService fanout;

    FanoutBatchReadsTest() {
        storedUsers.create(new User(STAR, STAR, STAR, "2026-01-01T00:00:00Z", "hash", 5, 0, 0));
        UserStore users = counting(UserStore.class, storedUsers);
        TweetStore tweets = counting(TweetStore.class, storedTweets);
        var source = new TimelineSource(tweets, new InMemoryRetweetStore(storedTweets), new InMemoryTweetIndexStore());
        fanout = new FanoutService(timelines, new SocialGraph(new InMemoryFollowGraphCache(),
                new InMemoryFollowStore(storedUsers)), new InMemoryTweetCache(), users, tweets, source, 1_000);
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
    void outsideABatchEveryRecordReadsForItself() {
        fiveNewFollowersOfTheStar();

        assertThat(calls("UserStore.findById")).isEqualTo(5);
        assertThat(calls("TweetStore.byAuthor")).isEqualTo(5);
    }
}
