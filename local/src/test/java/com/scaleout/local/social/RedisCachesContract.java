package com.scaleout.local.social;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.f4b6a3.ulid.UlidCreator;
import com.scaleout.functions.shared.redis.RedisLink;
import com.scaleout.functions.shared.redis.RedisEndpoint;
import com.scaleout.functions.social.application.CallerStateCache;
import com.scaleout.functions.social.domain.ActedTweets;
import com.scaleout.functions.social.domain.TimelineEntry;
import com.scaleout.functions.social.redis.RedisFollowGraphCache;
import com.scaleout.functions.social.redis.RedisTimelineCache;
import com.scaleout.functions.imports.application.ImportKeyMarks;
import com.scaleout.functions.imports.redis.RedisImportKeyMarks;
import com.scaleout.functions.social.application.LoginThrottle;
import com.scaleout.functions.social.redis.RedisLoginThrottle;
import com.scaleout.functions.social.redis.RedisMessageBudget;
import com.scaleout.functions.social.application.MessageBudget;
import com.scaleout.local.testing.AllAtOnce;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The Redis adapters against a real server: capacity, order, missing versus empty, pipelined fanout. Run against
 * one redis-server ({@link RedisCachesIT}) and against a TLS Redis Cluster like ElastiCache Serverless
 * ({@link RedisClusterCachesIT}), through the same {@link RedisLink} the functions use.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class RedisCachesContract {
    private RedisLink redis;
    private RedisTimelineCache timelines;
    private RedisFollowGraphCache graph;

    /** Starts (or empties) the server and says how the functions would reach it. */
    abstract RedisEndpoint startEmpty() throws Exception;

    /** Commands of the test's own, to look at what the adapters keep. */
    abstract RedisClusterCommands<String, String> inspector();

    /** Every key gone, as after a restart of the cache. */
    abstract void flushAll() throws Exception;

    @BeforeAll
    void connect() throws Exception {
        redis = new RedisLink(startEmpty());
        // The first connection (TLS handshakes, the cluster's topology) must fit a 2 s budget, which a busy test
        // machine can miss; a function then falls back and connects on its next call. Do the same here.
        for (long giveUp = System.nanoTime() + 30_000_000_000L; ; ) {
            try {
                redis.get();
                break;
            } catch (RuntimeException e) {
                if (System.nanoTime() > giveUp) {
                    throw e;
                }
            }
        }
        timelines = new RedisTimelineCache(Optional.of(redis()));
        graph = new RedisFollowGraphCache(Optional.of(redis()));
    }

    @AfterAll
    void close() {
        redis.close();
    }

    RedisLink redis() {
        return redis;
    }

    private static String id() {
        return UlidCreator.getMonotonicUlid().toString();
    }

    @Test
    void aTimelineKeepsTheNewestThousandEntriesNewestFirst() {
        String user = id();
        timelines.replaceTimeline(user, List.of());
        var ids = new ArrayList<String>();
        for (int i = 0; i < 1100; i++) {
            ids.add(id());
        }
        ids.forEach(tweet -> timelines.addToTimelines(List.of(user), TimelineEntry.tweet(tweet)));

        var all = new ArrayList<TimelineEntry>();
        Optional<String> before = Optional.empty();
        List<TimelineEntry> page;
        do {
            page = timelines.timeline(user, before, 300).orElseThrow();
            all.addAll(page);
            before = page.isEmpty() ? before : Optional.of(page.getLast().sortKey());
        } while (!page.isEmpty());

        assertThat(all).hasSize(1000);
        assertThat(all.stream().map(TimelineEntry::tweetId).toList())
                .containsExactlyElementsOf(ids.subList(100, 1100).reversed());
    }

    @Test
    void aTimelineNeverBuiltOrFlushedIsMissingWhileABuiltEmptyOneIsEmpty() throws Exception {
        String built = id();
        String never = id();
        timelines.replaceTimeline(built, List.of());

        assertThat(timelines.timeline(built, Optional.empty(), 10)).contains(List.of());
        assertThat(timelines.timeline(never, Optional.empty(), 10)).isEmpty();
        // a fanout after a flush recreates the set without the marker: still missing, so it gets rebuilt
        timelines.addToTimelines(List.of(never), TimelineEntry.tweet(id()));
        assertThat(timelines.timeline(never, Optional.empty(), 10)).isEmpty();

        flushAll();
        assertThat(timelines.timeline(built, Optional.empty(), 10)).isEmpty();
    }

    /** 100,000 timelines: every command's timeout runs from when it is queued, so the pipeline goes in chunks. */
    @Test
    void aFanoutToAHundredThousandTimelinesCompletesWithinTheCommandTimeouts() {
        fanoutToAHundredThousand();
    }

    /** The fanout of one tweet to 100,000 followers; returns them. */
    List<String> fanoutToAHundredThousand() {
        var followers = new ArrayList<String>();
        for (int i = 0; i < 100_000; i++) {
            followers.add(id());
        }
        String tweet = id();

        timelines.addToTimelines(followers, TimelineEntry.tweet(tweet));

        for (String follower : List.of(followers.getFirst(), followers.getLast())) {
            assertThat(inspector().zrange("timeline:{" + follower + "}", 0, -1))
                    .containsExactly(TimelineEntry.tweet(tweet).member());
        }
        return followers;
    }

    @Test
    void aFillRacingAnEvictionCannotPutTheStaleTweetBack() {
        var tweets = new com.scaleout.functions.social.redis.RedisTweetCache(Optional.of(redis()));
        var stale = new com.scaleout.functions.social.domain.Tweet(id(), id(), "ann", "text", "2026-11-30T00:00:00.000Z",
                Optional.empty(), List.of(), List.of(), 0, 0);

        tweets.evict(stale.id());      // the stream saw its counts change...
        tweets.put(List.of(stale));    // ...after a reader had loaded the old copy

        assertThat(tweets.get(List.of(stale.id()))).isEmpty();
    }

    /** A page's authors sit in different slots: one pipelined read finds them all, and a fill never beats an edit. */
    @Test
    void displayNamesAreReadTogetherAndAFillNeverOverwritesAnEditedName() {
        var names = new com.scaleout.functions.social.redis.RedisAuthorNameCache(Optional.of(redis()));
        var authors = new java.util.HashMap<String, String>();
        for (int i = 0; i < 20; i++) {
            authors.put(id(), "Author " + i);
        }
        String edited = authors.keySet().iterator().next();
        String missing = id();

        names.replace(edited, "Edited");  // the edit's write...
        names.fill(authors);              // ...then a page that had read Users before it

        var expected = new java.util.HashMap<>(authors);
        expected.put(edited, "Edited");
        var keys = new java.util.ArrayList<>(authors.keySet());
        keys.add(missing);
        assertThat(names.get(keys)).isEqualTo(expected);
        assertThat(inspector().ttl("name:{" + edited + "}")).as("a day").isBetween(86_000L, 86_400L);
    }

    @Test
    void aSearchWhoseTermHasNoGenerationIsNeitherServedNorStored() {
        var cache = new com.scaleout.functions.social.redis.RedisSearchCache(Optional.of(redis()));
        var page = new com.scaleout.functions.social.application.SearchCache.CachedPage(List.of(id()), null);
        String term = "never-indexed-" + id();

        var lookup = cache.lookup(term, List.of(term));
        cache.put(term, lookup.stamp(), page);
        assertThat(cache.lookup(term, List.of(term)).page()).isEmpty();

        cache.invalidate(List.of(term)); // the term's first tweet: now pages can be kept
        var fresh = cache.lookup(term, List.of(term));
        cache.put(term, fresh.stamp(), page);
        assertThat(cache.lookup(term, List.of(term)).page()).contains(page);
    }

    @Test
    void followSetsAndCelebrityMarks() {
        String star = id();
        String fan = id();
        assertThat(graph.followers(star)).isEmpty();
        assertThat(graph.followersAmong(star, List.of(fan))).as("a missing set cannot say").isEmpty();
        graph.replaceFollowers(star, Set.of());
        graph.addEdge(fan, star);

        assertThat(graph.followers(star)).contains(Set.of(fan));
        var many = new java.util.ArrayList<String>(); // past one SMISMEMBER's thousand
        for (int i = 0; i < 2500; i++) {
            many.add(id());
        }
        many.add(fan);
        assertThat(graph.followersAmong(star, many)).contains(Set.of(fan));
        assertThat(graph.markCelebrity(star, true)).isTrue();
        assertThat(graph.markCelebrity(star, true)).isFalse();
        assertThat(graph.celebritiesAmong(List.of(star, fan))).containsExactly(star);
        assertThat(graph.markCelebrity(star, false)).isTrue();
    }

    @Test
    void sessionsAreCachedEvictedAndRevoked() {
        var sessions = new com.scaleout.functions.social.redis.RedisSessionCache(Optional.of(redis()));
        var now = java.time.Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
        var session = new com.scaleout.functions.social.domain.Session(id(), id(), "ann", now,
                now.plus(java.time.Duration.ofDays(30)));

        sessions.put(session);
        assertThat(sessions.get(session.id())).contains(session);
        sessions.evict(session.id());
        assertThat(sessions.get(session.id())).isEmpty();
        assertThat(sessions.isRevoked(session.id())).isFalse();
        sessions.markRevoked(session.id(), java.time.Duration.ofMinutes(5));
        assertThat(sessions.isRevoked(session.id())).isTrue();
    }

    @Test
    void recommendationsAreReplacedAsAWholeAndCandidatesRemoved() {
        var recommendations = new com.scaleout.functions.social.redis.RedisRecommendationCache(Optional.of(redis()));
        var Candidate = (java.util.function.BiFunction<String, Long,
                com.scaleout.functions.social.application.RecommendationCache.Candidate>)
                com.scaleout.functions.social.application.RecommendationCache.Candidate::new;
        String user = id();
        String first = id();
        String second = id();

        assertThat(recommendations.get(user)).isEmpty();
        recommendations.replace(user, List.of(Candidate.apply(id(), 1L)));
        recommendations.replace(user, List.of(Candidate.apply(first, 5L), Candidate.apply(second, 3L)));
        assertThat(recommendations.get(user).orElseThrow())
                .extracting(com.scaleout.functions.social.application.RecommendationCache.Candidate::userId)
                .containsExactly(first, second);
        recommendations.remove(user, first);
        assertThat(recommendations.get(user).orElseThrow())
                .extracting(com.scaleout.functions.social.application.RecommendationCache.Candidate::userId)
                .containsExactly(second);
    }

    @Test
    void callerStatesAreMissingUntilBuiltKeepTheirFloorsAndExpireWithoutWritesExtendingThem() {
        var acts = new com.scaleout.functions.social.redis.RedisCallerStateCache(Optional.of(redis()));
        String user = id();
        String retweeted = id();
        String liked = id();
        String written = id();
        String floor = id();
        acts.liked(user, written, true); // a write before any build: kept, but the copy is not built by it
        assertThat(acts.read(user, List.of(written))).isEmpty();
        assertThat(inspector().ttl("acts:{" + user + "}")).as("a copy only writes made still expires")
                .isBetween(3500L, 3600L);

        acts.replace(user, new CallerStateCache.UserActs(ActedTweets.complete(Set.of(retweeted)),
                new ActedTweets(Set.of(liked), Optional.of(floor))));
        var read = acts.read(user, List.of(retweeted, liked, written, id())).orElseThrow();
        assertThat(read.retweeted()).isEqualTo(ActedTweets.complete(Set.of(retweeted)));
        assertThat(read.liked()).as("the write before the build counts beneath the snapshot")
                .isEqualTo(new ActedTweets(Set.of(liked, written), Optional.of(floor)));

        inspector().expire("acts:{" + user + "}", 100);
        acts.liked(user, liked, false);
        acts.retweeted(user, liked, true);
        var after = acts.read(user, List.of(liked)).orElseThrow();
        assertThat(after.liked().tweetIds()).isEmpty();
        assertThat(after.retweeted().tweetIds()).containsExactly(liked);
        assertThat(inspector().ttl("acts:{" + user + "}")).as("writes never extend the copy's life").isLessThanOrEqualTo(100L);

        String empty = id();
        acts.replace(empty, new CallerStateCache.UserActs(ActedTweets.complete(Set.of()), ActedTweets.complete(Set.of())));
        assertThat(acts.read(empty, List.of(liked))).as("built and empty differs from missing").isPresent();
    }

    @Test
    void theHealthProbePassesWhileTheCacheAnswers() {
        new com.scaleout.functions.health.RedisProbe(Optional.of(redis())).check();
    }

    @Test
    void loginAttemptsAreCountedPerUsernameAndAddressWithinTheWindow() {
        var throttle = new RedisLoginThrottle(Optional.of(redis()));
        String username = "Guessed_" + id().substring(20);
        var address = Optional.of("203.0.113." + (int) (Math.random() * 200));

        for (int i = 0; i < LoginThrottle.PER_USERNAME; i++) {
            assertThat(throttle.admit(i % 2 == 0 ? username : username.toLowerCase(Locale.ROOT), address))
                    .isEqualTo(LoginThrottle.Admission.CHECKED);
        }
        var refused = throttle.admit(username, Optional.empty()).usernameRefused();
        assertThat(refused).hasValueSatisfying(wait -> assertThat(wait)
                .isPositive().isLessThanOrEqualTo(LoginThrottle.WINDOW));

        throttle.succeeded(username, address);
        assertThat(throttle.admit(username, address)).as("a success forgives the username")
                .isEqualTo(LoginThrottle.Admission.CHECKED);
        // the address keeps its failures (five, and this attempt, less the success): many usernames from one address
        // reach its own limit, past which only names of no account are refused
        for (int i = LoginThrottle.PER_USERNAME; i < LoginThrottle.PER_ADDRESS; i++) {
            assertThat(throttle.admit("other_" + i, address)).isEqualTo(LoginThrottle.Admission.CHECKED);
        }
        var past = throttle.admit("someone_else", address);
        assertThat(past.usernameRefused()).isEmpty();
        assertThat(past.unknownUsernameRefused()).hasValueSatisfying(wait -> assertThat(wait)
                .isPositive().isLessThanOrEqualTo(LoginThrottle.WINDOW));
        assertThat(throttle.admit("someone_else", Optional.of("198.51.100.1")))
                .isEqualTo(LoginThrottle.Admission.CHECKED);
    }

    @Test
    void fiftyParallelAttemptsOnOneUsernameAdmitFive() throws Exception {
        var throttle = new RedisLoginThrottle(Optional.of(redis()));
        String username = "Raced_" + id().substring(20);
        var address = new AtomicInteger();
        var admissions = AllAtOnce.run(50, () -> throttle.admit(username,
                Optional.of("192.0.2." + address.incrementAndGet())).usernameRefused().isEmpty());

        assertThat(admissions).filteredOn(admitted -> admitted).hasSize(LoginThrottle.PER_USERNAME);
    }

    /** Issue 45: one socket's 190 messages a second each ran; its budget now admits thirty a window, however sent. */
    @Test
    void aConnectionsMessagesAreCountedInItsWindowAndFiftyAtOnceAdmitTheBudget() throws Exception {
        var budget = new RedisMessageBudget(Optional.of(redis()));
        String connection = "budget-" + id();
        var admissions = AllAtOnce.run(50, () -> budget.spend(connection).isEmpty());

        assertThat(admissions).filteredOn(admitted -> admitted).hasSize(MessageBudget.MESSAGES);
        assertThat(budget.spend(connection)).hasValueSatisfying(wait -> assertThat(wait)
                .isPositive().isLessThanOrEqualTo(MessageBudget.WINDOW));
        assertThat(budget.spend("other-" + connection)).as("another connection's own budget").isEmpty();
    }

    @Test
    void importKeyMarksNeverLetAnActiveMarkOverwriteARevocation() {
        var marks = new RedisImportKeyMarks(Optional.of(redis()));
        String keyId = "K" + id().substring(11);
        assertThat(marks.find(keyId)).isEmpty();

        marks.markActive(keyId, Duration.ofSeconds(60));
        assertThat(marks.find(keyId)).contains(ImportKeyMarks.Mark.ACTIVE);
        marks.markRevoked(keyId, Duration.ofSeconds(3600));
        marks.markActive(keyId, Duration.ofSeconds(60)); // a read of the store that raced the revocation

        assertThat(marks.find(keyId)).contains(ImportKeyMarks.Mark.REVOKED);
        assertThat(inspector().ttl("import-key:" + keyId)).isBetween(3500L, 3600L);
    }
}
