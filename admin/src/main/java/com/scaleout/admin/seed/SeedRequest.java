package com.scaleout.admin.seed;

/**
 * One seeding request: {@code users} new accounts, each with {@code tweetsPerUser} tweets and following
 * {@code followsPerUser} accounts (fewer while fewer exist).
 */
public record SeedRequest(int users, int tweetsPerUser, int followsPerUser) {
    /** Tweets and follows per account when a request does not say. */
    public static final int DEFAULT_PER_USER = 10;
    public static final int MAX_USERS = 1_000;
    public static final int MAX_TWEETS_PER_USER = 200;
    public static final int MAX_FOLLOWS_PER_USER = 1_000;
    /**
     * Items one request may write (accounts, usernames, tweets, follows): what a request writes well inside API
     * Gateway's 30 s also on the local emulator, where moto writes about 250 items/s while the stream consumers
     * work on the previous chunk (10,000 items took over 29 s there). On DynamoDB it is about a second. Larger
     * seeds go in chunks ({@code ./scaleout seed} does that).
     */
    public static final int MAX_ITEMS = 2_000;

    public long items() {
        return (long) users * (2L + tweetsPerUser + followsPerUser);
    }
}
