package com.scaleout.functions.social.application;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.functions.shared.ids.Ids;
import com.scaleout.functions.social.domain.Tweet;
import com.scaleout.functions.social.domain.User;
import com.scaleout.functions.social.fakes.InMemoryTweetCache;
import com.scaleout.functions.social.fakes.InMemoryTweetStore;
import com.scaleout.functions.social.fakes.InMemoryUserStore;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A page's bodies come from the tweet cache where it has them, and only the rest from DynamoDB. */
class TweetBodiesTest {
    private static final String AUTHOR = "author";
    private final InMemoryUserStore users = new InMemoryUserStore();
    private final InMemoryTweetStore stored = new InMemoryTweetStore(users);
    private final InMemoryTweetCache cache = new InMemoryTweetCache();
    private final List<List<String>> storeReads = new ArrayList<>();
    private final TweetBodies bodies = new TweetBodies(cache, recordingReads());
    private final Tweet first = tweet(1);
    private final Tweet second = tweet(2);
    private final Tweet third = tweet(3);

    TweetBodiesTest() {
        users.create(new User(AUTHOR, AUTHOR, AUTHOR, "2026-01-01T00:00:00Z", "hash", 0, 0, 0));
        List.of(first, second, third).forEach(stored::create);
    }

    @Test
    void cachedBodiesAreNotReadFromTheStoreAndTheOthersAreReadOnceAndCached() {
        cache.put(List.of(second));

        assertThat(bodies.inOrder(List.of(third, second, first).stream().map(Tweet::id).toList()))
                .containsExactly(third, second, first);
        assertThat(storeReads).containsExactly(List.of(third.id(), first.id()));

        bodies.inOrder(List.of(first.id(), third.id()));
        assertThat(storeReads).hasSize(1);
    }

    @Test
    void aTweetThatIsGoneIsLeftOutAndOneAskedTwiceIsReadOnce() {
        String missing = Ids.idAt(Instant.parse("2026-01-02T00:00:00Z"));

        assertThat(bodies.inOrder(List.of(first.id(), missing, first.id()))).containsExactly(first, first);
        assertThat(storeReads).containsExactly(List.of(first.id(), missing));
    }

    @Test
    void withTheCacheDownEveryBodyComesFromTheStore() {
        cache.put(List.of(first));
        cache.setAvailable(false);

        assertThat(bodies.inOrder(List.of(first.id(), second.id()))).containsExactly(first, second);
        assertThat(storeReads).containsExactly(List.of(first.id(), second.id()));
    }

    private TweetStore recordingReads() {
        return (TweetStore) java.lang.reflect.Proxy.newProxyInstance(TweetStore.class.getClassLoader(),
                new Class<?>[] {TweetStore.class}, (proxy, method, args) -> {
                    if (method.getName().equals("findMany")) {
                        @SuppressWarnings("unchecked")
                        List<String> ids = (List<String>) args[0];
                        storeReads.add(List.copyOf(ids));
                    }
                    try {
                        return method.invoke(stored, args);
                    } catch (java.lang.reflect.InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    private static Tweet tweet(int minute) {
        return new Tweet(Ids.idAt(Instant.parse("2026-01-01T00:00:00Z").plusSeconds(60L * minute)), AUTHOR, AUTHOR,
                "hello " + minute, "2026-01-01T00:0" + minute + ":00Z", Optional.empty(), List.of(), List.of(), 0, 0);
    }
}
