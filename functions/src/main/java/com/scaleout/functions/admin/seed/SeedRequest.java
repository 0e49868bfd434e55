package com.scaleout.functions.admin.seed;

/**
 * One seeding request: {@code users} new accounts, each with {@code tweetsPerUser} tweets and following
 * {@code followsPerUser} accounts (fewer while fewer exist).
 */
public record SeedRequest(int users, int tweetsPerUser, int followsPerUser) {
    /** Tweets and follows per account when a request does not say. */
    public static final int DEFAULT_PER_USER = 10;
    public static final int MAX_USERS = 5_000;
    public static final int MAX_TWEETS_PER_USER = 200;
    public static final int MAX_FOLLOWS_PER_USER = 1_000;
    /**
     * Items one request may write (accounts, usernames, tweets, follows): what a request can write well inside
     * API Gateway's 30 s, also on the local emulator (~1,000 items/s in batches). Larger seeds go in chunks
     * ({@code ./scaleout seed} does that).
     */
    public static final int MAX_ITEMS = 10_000;

    public long items() {
        return (long) users * (2L + tweetsPerUser + followsPerUser);
    }
}
