package com.scaleout.functions.social.http;

import com.scaleout.functions.social.application.FollowStore;
import com.scaleout.functions.social.application.PasswordHasher;
import com.scaleout.functions.social.application.LikeStore;
import com.scaleout.functions.social.application.RetweetStore;
import com.scaleout.functions.social.domain.Mention;
import com.scaleout.functions.social.domain.SearchTerms;
import com.scaleout.functions.social.domain.Session;
import com.scaleout.functions.social.domain.Tweet;
import com.scaleout.functions.social.domain.User;
import com.scaleout.functions.social.dynamodb.SocialTables;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * The world the samples in {@code events/social/} refer to: the ids, tokens and passwords below are written in
 * them. alice follows bob; bob and carol follow alice; alice wrote three tweets (one a reply to bob's), bob one;
 * bob and carol retweeted alice's first. The caches start empty, as after a deploy: timelines are built on first
 * read.
 */
final class Seed {
    static final Instant NOW = Instant.parse("2026-11-29T23:00:00Z");
    static final String NOW_TEXT = "2026-11-29T23:00:00.000Z";

    static final String ALICE = "01M6B5CJM0A11CE00000000000";
    static final String BOB = "01M6DQS9M0B0B0000000000000";
    static final String CAROL = "01M6GA60M0CA70000000000000";
    static final String ALICE_PASSWORD = "alice-password-1";
    static final String ALICE_TOKEN = "kQ7vN2xR9sT4wY6zB8cD1fG3hJ5mP0qL2nV4bX6aZ8e";
    static final String BOB_TOKEN = "Wd3Fq8Lr1Tz6Hn0Vb5Kx9Pc2Mg7Ys4Ja8Ue1Ri6Oh3w";
    static final String CAROL_TOKEN = "Zp4Nc7Qs2Vw9Xe1Ry6Tu3Io8Pa5Sd0Fg2Hj7Kl4Mn9b";

    /** alice: "Hello #Java world", retweeted by bob and carol. */
    static final String ALICE_FIRST = "01M7W6C3800000000000000001";
    /** bob: mentions alice, tags java and Café, has alice's reply. */
    static final String BOB_FIRST = "01M7YRRT800000000000000002";
    static final String ALICE_REPLY = "01M81B5H800000000000000003";
    /** alice's newest, which delete-tweet.json deletes. */
    static final String ALICE_SECOND = "01M83XJ8800000000000000004";
    /** A well-formed id that names nothing. */
    static final String UNKNOWN_TWEET = "01M8MRGYS0ZZZZZZZZZZZZZZZZ";
    /** bob's retweet of alice's first, newer than every seeded tweet; carol's is just after it. */
    static final String BOB_RETWEET = "01M83XJ880R000000000000001";
    static final String CAROL_RETWEET = "01M83XJ880R000000000000002";
    /** Bob and then carol like alice's first tweet; bob likes alice's reply to him last. */
    static final String BOB_LIKE = "01M83XJ880K000000000000001";
    static final String CAROL_LIKE = "01M83XJ880K000000000000002";
    static final String BOB_LIKES_REPLY = "01M83XJ880K000000000000003";

    /** The tables the stream samples' event source ARNs name. */
    static final SocialTables TABLES = new SocialTables("scaleout-Users", "scaleout-Usernames", "scaleout-Sessions",
            "scaleout-Tweets", "scaleout-TweetIndex", "scaleout-Retweets", "scaleout-Follows",
            "scaleout-SearchIndex", "scaleout-Likes", "scaleout-CountLog");

    private Seed() {
    }

    static String sessionIdOf(String token) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(token.getBytes(StandardCharsets.US_ASCII)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static void plant(SocialWorld world, PasswordHasher passwords) {
        String hash = passwords.hash(ALICE_PASSWORD);
        world.users.create(user(ALICE, "alice", "Alice", "2026-11-01T09:00:00.000Z", hash));
        world.users.create(user(BOB, "bob", "Bob B.", "2026-11-02T09:00:00.000Z", passwords.hash("bob-password-1")));
        world.users.create(user(CAROL, "carol", "Carol", "2026-11-03T09:00:00.000Z",
                passwords.hash("carol-password-1")));

        world.follows.follow(edge(ALICE, BOB, "01M6GA60M0E000000000000001"));
        world.follows.follow(edge(BOB, ALICE, "01M6GA60M0E000000000000002"));
        world.follows.follow(edge(CAROL, ALICE, "01M6GA60M0E000000000000003"));

        tweet(world, new Tweet(ALICE_FIRST, ALICE, "alice", "Hello #Java world", "2026-11-20T10:00:00.000Z",
                Optional.empty(), List.of("Java"), List.of(), 0, 0));
        tweet(world, new Tweet(BOB_FIRST, BOB, "bob", "Hi @alice, welcome! #java #Café", "2026-11-21T10:00:00.000Z",
                Optional.empty(), List.of("java", "Café"), List.of(new Mention(ALICE, "alice")), 0, 0));
        tweet(world, new Tweet(ALICE_REPLY, ALICE, "alice", "@bob thanks! #Java", "2026-11-22T10:00:00.000Z",
                Optional.of(BOB_FIRST), List.of("Java"), List.of(new Mention(BOB, "bob")), 0, 0));
        tweet(world, new Tweet(ALICE_SECOND, ALICE, "alice", "Deleting this later", "2026-11-23T10:00:00.000Z",
                Optional.empty(), List.of(), List.of(), 0, 0));

        world.retweets.add(new RetweetStore.Retweet(ALICE_FIRST, BOB, BOB_RETWEET, "2026-11-23T10:00:00.000Z",
                "bob"));
        world.retweets.add(new RetweetStore.Retweet(ALICE_FIRST, CAROL, CAROL_RETWEET, "2026-11-23T10:00:00.000Z",
                "carol"));

        world.likes.add(new LikeStore.Like(ALICE_FIRST, BOB, BOB_LIKE, "2026-11-23T11:00:00.000Z"));
        world.likes.add(new LikeStore.Like(ALICE_FIRST, CAROL, CAROL_LIKE, "2026-11-23T12:00:00.000Z"));
        world.likes.add(new LikeStore.Like(ALICE_REPLY, BOB, BOB_LIKES_REPLY, "2026-11-23T13:00:00.000Z"));

        world.sessions.save(session(ALICE_TOKEN, ALICE, "alice"));
        world.sessions.save(session(BOB_TOKEN, BOB, "bob"));
        world.sessions.save(session(CAROL_TOKEN, CAROL, "carol"));
    }

    /** Another account, {@code user_<n>}, with an id of its own that sorts after the seeded ones. */
    static String extraUser(SocialWorld world, int n) {
        String id = "01M6GA60M1" + String.format("%016d", n);
        world.users.create(user(id, "user_" + n, "User " + n, "2026-11-04T09:00:00.000Z", "not a hash"));
        return id;
    }

    static Session session(String token, String userId, String username) {
        return new Session(sessionIdOf(token), userId, username, NOW.minusSeconds(3600),
                NOW.plusSeconds(29L * 24 * 3600));
    }

    private static FollowStore.Edge edge(String followerId, String followeeId, String edgeId) {
        return new FollowStore.Edge(followerId, followeeId, edgeId, "2026-11-03T09:00:00.000Z");
    }

    private static User user(String id, String username, String displayName, String createdAt, String hash) {
        return new User(id, username, displayName, createdAt, hash, 0, 0, 0);
    }

    /** Stored and indexed, as the tweet and search indexers would have done it from the stream. */
    private static void tweet(SocialWorld world, Tweet tweet) {
        world.tweets.create(tweet);
        world.index.add(tweet);
        world.searchIndex.add(tweet.id(), SearchTerms.of(tweet.text()));
    }
}
