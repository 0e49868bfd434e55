package com.scaleout.functions.social.fakes;

import com.scaleout.functions.social.SocialComponents;
import com.scaleout.functions.social.LiveComponents;
import com.scaleout.functions.social.application.AuthorFollowers;
import com.scaleout.functions.social.application.AuthorNames;
import com.scaleout.functions.social.application.LiveLogout;
import com.scaleout.functions.social.application.LivePusher;
import com.scaleout.functions.social.application.LiveService;
import com.scaleout.functions.social.application.PasswordHasher;
import com.scaleout.functions.social.application.SearchService;
import com.scaleout.functions.social.application.SessionService;
import com.scaleout.functions.social.application.TweetBodies;
import com.scaleout.functions.social.domain.Mention;
import com.scaleout.functions.social.domain.SearchTerms;
import com.scaleout.functions.social.domain.Session;
import com.scaleout.functions.social.domain.Tweet;
import com.scaleout.functions.social.domain.TweetText;
import com.scaleout.functions.social.domain.User;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The live updates' services over in-memory stores: alice, bob and carol (bob and carol follow alice), each with a
 * session token; the Live function's service and the two pushers (the fanout's: home, mentions, public; the search
 * indexer's: hashtag, search) posting to a {@link RecordingPoster}.
 */
public final class LiveWorld {
    /** The pushers' celebrity threshold here: a hundred followers (FANOUT_MAX_FOLLOWERS is 10,000 by default). */
    public static final int FOLLOWERS_READ_WHOLE = 100;
    public static final Instant NOW = Instant.parse("2026-11-29T23:00:00Z");
    public static final String ALICE = "01M6B5CJM0A11CE00000000000";
    public static final String BOB = "01M6DQS9M0B0B0000000000000";
    public static final String CAROL = "01M6GA60M0CA70000000000000";
    public static final String ALICE_TOKEN = "kQ7vN2xR9sT4wY6zB8cD1fG3hJ5mP0qL2nV4bX6aZ8e";
    /** Alice's second session (another device). */
    public static final String ALICE_TOKEN_2 = "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5bC7dE9f";
    public static final String BOB_TOKEN = "Wd3Fq8Lr1Tz6Hn0Vb5Kx9Pc2Mg7Ys4Ja8Ue1Ri6Oh3w";
    public static final String CAROL_TOKEN = "Zp4Nc7Qs2Vw9Xe1Ry6Tu3Io8Pa5Sd0Fg2Hj7Kl4Mn9b";

    public final InMemoryUserStore users = new InMemoryUserStore();
    public final InMemoryTweetStore tweets = new InMemoryTweetStore(users);
    public final InMemorySearchIndexStore searchIndex = new InMemorySearchIndexStore();
    public final InMemoryConnectionStore connections = new InMemoryConnectionStore();
    public final InMemoryLivePresence presence = new InMemoryLivePresence();
    public final RecordingPoster poster = new RecordingPoster();
    public final Map<String, Set<String>> followers = new HashMap<>();
    public final AuthorNames authorNames = new AuthorNames(new InMemoryAuthorNameCache(), users);
    /** Messages each connection may send before {@link #live} refuses more (unlimited unless a test lowers it). */
    public volatile int messageBudget = Integer.MAX_VALUE;
    private final Map<String, Integer> messagesSent = new java.util.concurrent.ConcurrentHashMap<>();
    public final SessionService sessionService;
    public final LiveService live;
    public final LivePusher fanoutPusher;
    public final LivePusher indexerPusher;
    private int tweetCount;

    public LiveWorld() {
        var sessions = new InMemorySessionStore();
        sessionService = new SessionService(users, sessions, new InMemorySessionCache(), new PasswordHasher(4),
                Clock.fixed(NOW, ZoneOffset.UTC), SocialComponents.REVOCATION_TTL,
                new LiveLogout(connections, presence));
        var search = new SearchService(searchIndex, new InMemorySearchCache(),
                new TweetBodies(new InMemoryTweetCache(), tweets));
        live = new LiveService(connections, presence, sessionService, search,
                connectionId -> messagesSent.merge(connectionId, 1, Integer::sum) > messageBudget
                        ? Optional.of(java.time.Duration.ofSeconds(7)) : Optional.empty());
        fanoutPusher = pusher(LiveComponents.FANOUT_STREAMS);
        indexerPusher = pusher(LiveComponents.INDEXER_STREAMS);
        user(ALICE, "alice", "Alice A.");
        user(BOB, "bob", "Bob B.");
        user(CAROL, "carol", "Carol C.");
        sessions.save(session(ALICE_TOKEN, ALICE, "alice"));
        sessions.save(session(ALICE_TOKEN_2, ALICE, "alice"));
        sessions.save(session(BOB_TOKEN, BOB, "bob"));
        sessions.save(session(CAROL_TOKEN, CAROL, "carol"));
        followers.put(ALICE, new HashSet<>(Set.of(BOB, CAROL)));
    }

    private LivePusher pusher(Set<com.scaleout.functions.social.domain.LiveStream.Kind> kinds) {
        return new LivePusher(kinds, connections, presence, poster, authorNames, authorFollowers(),
                FOLLOWERS_READ_WHOLE);
    }

    /** The followers map as the pushers ask it. */
    public AuthorFollowers authorFollowers() {
        return new AuthorFollowers() {
            @Override
            public long count(String authorId) {
                return all(authorId).size();
            }

            @Override
            public Set<String> all(String authorId) {
                return Set.copyOf(followers.getOrDefault(authorId, Set.of()));
            }

            @Override
            public Set<String> among(String authorId, java.util.Collection<String> candidates) {
                return candidates.stream().filter(all(authorId)::contains).collect(java.util.stream.Collectors.toSet());
            }
        };
    }

    private void user(String id, String username, String displayName) {
        users.create(new User(id, username, displayName, "2026-11-01T09:00:00.000Z", "not a hash", 0, 0, 0));
    }

    private static Session session(String token, String userId, String username) {
        return new Session(SessionService.sessionId(token), userId, username, NOW.minusSeconds(3600),
                NOW.plusSeconds(3600));
    }

    /** A connection opened now, with the token (or none). */
    public String connect(String connectionId, Optional<String> token) {
        live.connect(connectionId, token, NOW);
        return connectionId;
    }

    /** A new tweet of the author, stored and indexed (as the stream's consumers would have it), not yet pushed. */
    public Tweet tweet(String authorId, String username, String text, Mention... mentions) {
        String id = String.format("01M9%022d", ++tweetCount);
        var tweet = new Tweet(id, authorId, username, text, NOW.toString(), Optional.empty(),
                TweetText.of(text).hashtags(), List.of(mentions), 0, 0);
        tweets.create(tweet);
        searchIndex.add(id, SearchTerms.of(text));
        return tweet;
    }

    public static Mention mention(String userId, String username) {
        return new Mention(userId, username);
    }
}
