package com.scaleout.functions.social.application;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.functions.shared.ids.Ids;
import com.scaleout.functions.social.domain.CallerState;
import com.scaleout.functions.social.domain.Tweet;
import com.scaleout.functions.social.domain.User;
import com.scaleout.functions.social.fakes.InMemoryCallerStateCache;
import com.scaleout.functions.social.fakes.InMemoryCallerStates;
import com.scaleout.functions.social.fakes.InMemoryLikeStore;
import com.scaleout.functions.social.fakes.InMemoryRetweetStore;
import com.scaleout.functions.social.fakes.InMemoryTweetIndexStore;
import com.scaleout.functions.social.fakes.InMemoryTweetStore;
import com.scaleout.functions.social.fakes.InMemoryUserStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The caller's state from the cache: DynamoDB (here the in-memory stores behind {@link InMemoryCallerStates}, whose
 * every read stands for one BatchGetItem) asked only for what a copy cannot say, writes followed at once, a flushed
 * or never built copy rebuilt, and with the cache down the stores answer and writes succeed.
 */
class CachedCallerStatesTest {
    private static final Instant START = Instant.parse("2026-11-01T00:00:00Z");
    private static final String AUTHOR = Ids.idAt(START);
    private static final Actor READER = new Actor(Ids.idAt(START.plusMillis(1)), "reader", "s");

    private final InMemoryUserStore users = new InMemoryUserStore();
    private final InMemoryTweetStore tweets = new InMemoryTweetStore(users);
    private final InMemoryRetweetStore retweets = new InMemoryRetweetStore(tweets);
    private final InMemoryLikeStore likes = new InMemoryLikeStore(tweets);
    private final AskedStore stored = new AskedStore(new InMemoryCallerStates(retweets, likes));
    private final InMemoryCallerStateCache cache = new InMemoryCallerStateCache();
    private final CachedCallerStates states = new CachedCallerStates(cache, stored, retweets, likes);
    private final Clock clock = Clock.systemUTC();
    private final LikeService likeService = new LikeService(likes, tweets, users, states, clock);
    private final TweetService tweetService = new TweetService(tweets, new InMemoryTweetIndexStore(), retweets, users,
            states, clock);

    /** The stored states, noting which tweet ids each read asked for. */
    private static final class AskedStore implements CallerStates {
        private final CallerStates truth;
        final List<List<String>> asked = new ArrayList<>();

        AskedStore(CallerStates truth) {
            this.truth = truth;
        }

        @Override
        public Map<String, CallerState> of(String userId, List<String> tweetIds) {
            asked.add(List.copyOf(tweetIds));
            return truth.of(userId, tweetIds);
        }

        @Override
        public void retweeted(String userId, String tweetId, boolean now) {
        }

        @Override
        public void liked(String userId, String tweetId, boolean now) {
        }
    }

    @BeforeEach
    void users() {
        users.create(new User(AUTHOR, "author", "Author", "2026-11-01T00:00:00.000Z", "x", 0, 0, 0));
        users.create(new User(READER.userId(), READER.username(), "Reader", "2026-11-01T00:00:00.000Z", "x", 0, 0, 0));
    }

    /** A tweet posted {@code minutes} after the start. */
    private String tweet(int minutes) {
        Instant at = START.plus(Duration.ofMinutes(minutes));
        String id = Ids.idAt(at);
        tweets.create(new Tweet(id, AUTHOR, "author", "tweet " + minutes, at.toString(), Optional.empty(), List.of(),
                List.of(), 0, 0));
        return id;
    }

    private Map<String, CallerState> read(String... tweetIds) {
        return states.of(READER.userId(), List.of(tweetIds));
    }

    @Test
    void aBuiltCompleteCopyAnswersAPageWithoutReadingDynamoDb() {
        String liked = tweet(1);
        String retweeted = tweet(2);
        String neither = tweet(3);
        likeService.like(READER, liked);
        tweetService.retweet(READER, retweeted);

        var first = read(liked, retweeted, neither);
        var warm = read(liked, retweeted, neither);

        assertThat(first).isEqualTo(warm).isEqualTo(Map.of(liked, new CallerState(false, true),
                retweeted, new CallerState(true, false), neither, CallerState.NONE));
        assertThat(stored.asked).as("a complete copy knows every tweet, built or warm").isEmpty();
    }

    @Test
    void likesRetweetsAndTheirUndoingShowAtOnceOnACopyThatIsBuilt() {
        String tweet = tweet(1);
        read(tweet);

        likeService.like(READER, tweet);
        assertThat(read(tweet).get(tweet)).isEqualTo(new CallerState(false, true));
        tweetService.retweet(READER, tweet);
        assertThat(read(tweet).get(tweet)).isEqualTo(new CallerState(true, true));
        likeService.unlike(READER, tweet);
        tweetService.unretweet(READER, tweet);
        assertThat(read(tweet).get(tweet)).isEqualTo(CallerState.NONE);
        assertThat(stored.asked).isEmpty();
    }

    @Test
    void aCopyFlushedAndThenWrittenToIsStillMissingAndRebuiltWhole() {
        String old = tweet(1);
        String fresh = tweet(2);
        tweetService.retweet(READER, old);
        read(old);
        cache.flush();

        likeService.like(READER, fresh); // recreates the copy with this like only, not built

        assertThat(read(old, fresh)).isEqualTo(Map.of(old, new CallerState(true, false),
                fresh, new CallerState(false, true)));
        assertThat(cache.read(READER.userId(), List.of(old))).as("rebuilt").isPresent();
    }

    @Test
    void withTheCacheDownPagesAreReadFromDynamoDbAndWritesSucceed() {
        String tweet = tweet(1);
        read(tweet);
        cache.setAvailable(false);

        likeService.like(READER, tweet);
        assertThat(read(tweet).get(tweet)).isEqualTo(new CallerState(false, true));
        assertThat(stored.asked).containsExactly(List.of(tweet));

        cache.flush(); // back, empty, as a restarted cache
        cache.setAvailable(true);
        assertThat(read(tweet).get(tweet)).as("rebuilt").isEqualTo(new CallerState(false, true));
        assertThat(stored.asked).hasSize(1);
    }

    @Test
    void aUserWithMoreLikesThanTheCopyHoldsGetsExactAnswersAskingDynamoDbOnlyBelowTheFloor() {
        int over = CallerStateCache.CAPACITY + 5;
        List<String> liked = IntStream.range(0, over).mapToObj(this::tweet).toList();
        String notLikedOld = tweet(over);
        Instant likedAt = START.plus(Duration.ofDays(30));
        for (int i = 0; i < over; i++) { // the oldest tweet liked first
            Instant at = likedAt.plusSeconds(i);
            likes.add(new LikeStore.Like(liked.get(i), READER.userId(), Ids.idAt(at), at.toString()));
        }
        Instant afterLikes = likedAt.plus(Duration.ofDays(1));
        String posted = Ids.idAt(afterLikes);
        tweets.create(new Tweet(posted, AUTHOR, "author", "new", afterLikes.toString(), Optional.empty(), List.of(),
                List.of(), 0, 0));
        String oldestLiked = liked.getFirst();
        String newestLiked = liked.getLast();

        var page = read(newestLiked, oldestLiked, notLikedOld, posted);

        assertThat(page).isEqualTo(Map.of(newestLiked, new CallerState(false, true),
                oldestLiked, new CallerState(false, true), notLikedOld, CallerState.NONE, posted, CallerState.NONE));
        assertThat(stored.asked).as("only the tweets older than the floor, which the copy cannot answer")
                .containsExactly(List.of(oldestLiked, notLikedOld));
        likeService.unlike(READER, oldestLiked);
        assertThat(read(oldestLiked).get(oldestLiked)).isEqualTo(CallerState.NONE);
    }
}
