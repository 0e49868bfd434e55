package com.scaleout.admin;

import com.scaleout.admin.application.CacheAdmin;
import com.scaleout.admin.application.DataEraser;
import com.scaleout.admin.application.ResetService;
import com.scaleout.admin.application.SeedChunkLog;
import com.scaleout.admin.application.SeedIndexCounter;
import com.scaleout.admin.application.SeedService;
import com.scaleout.admin.application.SocialBulkWriter;
import com.scaleout.admin.application.StatusService;
import com.scaleout.admin.application.StressService;
import com.scaleout.admin.seed.SeedBatch;
import com.scaleout.functions.shared.http.AdminKey;
import com.scaleout.functions.social.application.AccountService;
import com.scaleout.functions.social.application.AuthorNames;
import com.scaleout.functions.social.fakes.InMemoryAuthorNameCache;
import com.scaleout.functions.social.application.FollowService;
import com.scaleout.functions.social.application.PasswordHasher;
import com.scaleout.functions.social.application.SessionService;
import com.scaleout.functions.social.fakes.InMemorySessionCache;
import com.scaleout.functions.social.fakes.InMemorySessionStore;
import com.scaleout.functions.social.application.SocialGraph;
import com.scaleout.functions.social.application.TimelineService;
import com.scaleout.functions.social.application.TweetBodies;
import com.scaleout.functions.social.application.TimelineSource;
import com.scaleout.functions.social.application.TweetService;
import com.scaleout.functions.social.fakes.InMemoryCallerStates;
import com.scaleout.functions.social.fakes.InMemoryFollowGraphCache;
import com.scaleout.functions.social.fakes.InMemoryFollowStore;
import com.scaleout.functions.social.fakes.InMemoryLikeStore;
import com.scaleout.functions.social.fakes.InMemoryRetweetStore;
import com.scaleout.functions.social.fakes.InMemoryTimelineCache;
import com.scaleout.functions.social.fakes.InMemoryTweetCache;
import com.scaleout.functions.social.fakes.InMemoryTweetIndexStore;
import com.scaleout.functions.social.fakes.InMemoryTweetStore;
import com.scaleout.functions.social.fakes.InMemoryUserStore;
import com.scaleout.functions.testing.SettableClock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The admin handler over in-memory stores, with the admin key the samples of {@code events/admin/} carry: what
 * the seed wrote ({@link #written}) and what the reset finds left to erase ({@link #left}) for tests to look at.
 */
final class AdminWorld {
    private final SettableClock clock = new SettableClock(Instant.parse("2026-11-30T00:00:00Z"));
    final InMemoryUserStore users = new InMemoryUserStore();
    final InMemoryTweetStore tweets = new InMemoryTweetStore(users);
    private final InMemoryRetweetStore retweets = new InMemoryRetweetStore(tweets);
    final InMemoryFollowStore follows = new InMemoryFollowStore(users);
    final List<SeedBatch> written = new ArrayList<>();
    private long nextIndex;
    private final Map<String, SeedIndexCounter.Claim> claims = new HashMap<>();
    private final SeedIndexCounter counter = (chunkId, count, now) -> claims.computeIfAbsent(chunkId, id -> {
        long first = nextIndex;
        nextIndex += count;
        return new SeedIndexCounter.Claim(first, now);
    });
    private final Map<String, SeedChunkLog.Entry> finishedChunks = new HashMap<>();
    /** Set to make the next finish fail, as an attempt that dies (a timeout) after writing its data. */
    boolean failNextFinish;
    private final SeedChunkLog chunkLog = new SeedChunkLog() {
        @Override
        public Optional<Entry> finished(String chunkId) {
            return Optional.ofNullable(finishedChunks.get(chunkId));
        }

        @Override
        public void finish(String chunkId, Entry entry) {
            if (failNextFinish) {
                failNextFinish = false;
                throw new IllegalStateException("the attempt died after writing its data");
            }
            finishedChunks.put(chunkId, entry);
        }
    };
    private final SocialBulkWriter writer = (batch, chunkId) -> {
        written.add(batch);
        batch.users().stream().filter(u -> users.findById(u.id()).isEmpty()).forEach(users::create);
        batch.edges().forEach(follows::follow);
    };
    final Map<String, Long> left = new HashMap<>(Map.of("Users", 3L));
    private final DataEraser eraser = (store, deadline) -> {
        long deleted = left.getOrDefault(store, 0L);
        left.put(store, 0L);
        return new DataEraser.Erased(deleted, true);
    };
    private final CacheAdmin cache = new CacheAdmin() {
        @Override
        public void flush() {
        }

        @Override
        public CacheStats stats() {
            return CacheStats.of(1, 2, 3, 1);
        }
    };
    /** How many random generators the stress service drew: one per request, none in the snapshot. */
    final AtomicInteger generatorsDrawn = new AtomicInteger();
    final SessionService sessions = new SessionService(users, new InMemorySessionStore(), new InMemorySessionCache(),
            new PasswordHasher(4), clock, java.time.Duration.ofMinutes(6));
    private final SeedService seed = new SeedService(counter, chunkLog, users, writer, new PasswordHasher(4), sessions,
            clock);
    final AdminHandler handler = new AdminHandler(seed,
            new ResetService(List.of("Users"), List.of(), eraser, eraser, cache),
            new StatusService(() -> Map.of("Users", 25L), cache, Map::of, clock),
            new StressService(seed, users, new AccountService(users,
                    new AuthorNames(new InMemoryAuthorNameCache(), users), new PasswordHasher(4), clock),
                    new TweetService(tweets, new InMemoryTweetIndexStore(), retweets, users,
                            new InMemoryCallerStates(retweets, new InMemoryLikeStore(tweets)), clock),
                    new FollowService(follows, users, clock),
                    new TimelineService(new InMemoryTimelineCache(),
                            new SocialGraph(new InMemoryFollowGraphCache(), follows), new TweetBodies(new InMemoryTweetCache(), tweets),
                            new TimelineSource(tweets, new InMemoryRetweetStore(tweets), new InMemoryTweetIndexStore())),
                    () -> {
                        generatorsDrawn.incrementAndGet();
                        return new Random(2);
                    }),
            new AdminKey(Optional.of("test-admin-key")));
}
