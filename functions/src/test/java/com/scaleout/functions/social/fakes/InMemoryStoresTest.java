package com.scaleout.functions.social.fakes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scaleout.functions.shared.paging.PageRequest;
import com.scaleout.functions.social.application.FollowStore;
import com.scaleout.functions.social.application.RetweetStore;
import com.scaleout.functions.social.application.TweetStore;
import com.scaleout.functions.social.application.UserStore;
import com.scaleout.functions.social.domain.Tweet;
import com.scaleout.functions.social.domain.User;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The fakes keep the documented semantics of the store interfaces, or the handler tests prove nothing. */
class InMemoryStoresTest {
    private static final String ALICE = "01M6B5CJM0A11CE00000000000";
    private static final String BOB = "01M6DQS9M0B0B0000000000000";

    private final InMemoryUserStore users = new InMemoryUserStore();
    private final InMemoryTweetStore tweets = new InMemoryTweetStore(users);
    private final InMemoryRetweetStore retweets = new InMemoryRetweetStore(tweets);
    private final InMemoryFollowStore follows = new InMemoryFollowStore(users);

    InMemoryStoresTest() {
        users.create(new User(ALICE, "Alice", "Alice", "2026-11-01T09:00:00.000Z", "x", 0, 0, 0));
        users.create(new User(BOB, "bob", "Bob", "2026-11-02T09:00:00.000Z", "x", 0, 0, 0));
    }

    private static Tweet tweet(String id, String parent) {
        return new Tweet(id, ALICE, "Alice", "text", "2026-11-20T10:00:00.000Z", Optional.ofNullable(parent),
                List.of(), List.of(), 0, 0);
    }

    private static String id(int n) {
        return "01M7W6C38000000000000000" + String.format("%02d", n);
    }

    @Test
    void keepsUsernamesUniqueRegardlessOfCase() {
        assertThatThrownBy(() -> users.create(new User("01M6GA60M0CA70000000000000", "ALICE", "A", "t", "x", 0, 0,
                0))).isInstanceOf(UserStore.UsernameTaken.class);
        assertThat(users.findByUsername("aLiCe")).map(User::id).contains(ALICE);
        assertThat(users.resolveUsernames(List.of("alice", "nobody")).get("alice").username()).isEqualTo("Alice");
    }

    @Test
    void pagesNewestFirstBeforeTheCursorSayingWhetherThereIsMore() {
        for (int n = 1; n <= 5; n++) {
            tweets.create(tweet(id(n), null));
        }

        var first = tweets.byAuthor(ALICE, new PageRequest(2, Optional.empty()));
        var last = tweets.byAuthor(ALICE, new PageRequest(2, Optional.of(id(2))));

        assertThat(first.items()).extracting(Tweet::id).containsExactly(id(5), id(4));
        assertThat(first.more()).isTrue();
        assertThat(last.items()).extracting(Tweet::id).containsExactly(id(1));
        assertThat(last.more()).isFalse();
    }

    @Test
    void countsTweetsAndRepliesAndRefusesAReplyToNothing() {
        tweets.create(tweet(id(1), null));
        tweets.create(tweet(id(2), id(1)));

        assertThatThrownBy(() -> tweets.create(tweet(id(3), id(9)))).isInstanceOf(TweetStore.ParentNotFound.class);
        assertThat(tweets.find(id(1))).map(Tweet::replies).contains(1L);
        assertThat(users.findById(ALICE)).map(User::tweets).contains(2L);

        tweets.delete(tweets.find(id(2)).orElseThrow());
        assertThat(tweets.find(id(1))).map(Tweet::replies).contains(0L);
        assertThat(users.findById(ALICE)).map(User::tweets).contains(1L);
    }

    @Test
    void retweetsOncePerUserAndRefusesAMissingTweet() {
        tweets.create(tweet(id(1), null));
        var retweet = new RetweetStore.Retweet(id(1), BOB, id(50), "t");

        assertThat(retweets.add(retweet)).isTrue();
        assertThat(retweets.add(retweet)).isFalse();
        assertThat(tweets.find(id(1))).map(Tweet::retweets).contains(1L);
        assertThatThrownBy(() -> retweets.add(new RetweetStore.Retweet(id(9), BOB, id(51), "t")))
                .isInstanceOf(RetweetStore.TweetNotFound.class);
        retweets.remove(id(1), BOB);
        retweets.remove(id(1), BOB);
        assertThat(tweets.find(id(1))).map(Tweet::retweets).contains(0L);
    }

    @Test
    void followsOnceAndKeepsBothCountsEqualToTheEdgesUnderConcurrency() throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        for (int i = 0; i < 200; i++) {
            String edgeId = id(i % 100);
            pool.submit(() -> follows.follow(new FollowStore.Edge(ALICE, BOB, edgeId, "t")));
            pool.submit(() -> follows.unfollow(ALICE, BOB));
        }
        pool.shutdown();
        assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();

        long edges = follows.following(ALICE, new PageRequest(10, Optional.empty())).items().size();
        assertThat(users.findById(ALICE)).map(User::following).contains(edges);
        assertThat(users.findById(BOB)).map(User::followers).contains(edges);
        assertThat(follows.follow(new FollowStore.Edge(ALICE, BOB, id(99), "t"))).isEqualTo(edges == 0);
    }
}
