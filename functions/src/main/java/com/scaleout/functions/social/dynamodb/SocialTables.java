package com.scaleout.functions.social.dynamodb;

import com.scaleout.declaration.Settings;
import com.scaleout.functions.shared.config.RuntimeEnvironment;

/** Physical table names of the social workload, as the CDK app or the local runtime handed them over. */
public record SocialTables(String users, String usernames, String sessions, String tweets, String tweetIndex,
                           String retweets, String follows, String searchIndex, String likes,
                           String countLog) {

    public static final String USERS = "Users";
    public static final String USERNAMES = "Usernames";
    public static final String SESSIONS = "Sessions";
    public static final String TWEETS = "Tweets";
    public static final String TWEET_INDEX = "TweetIndex";
    public static final String RETWEETS = "Retweets";
    public static final String FOLLOWS = "Follows";
    public static final String SEARCH_INDEX = "SearchIndex";
    public static final String LIKES = "Likes";
    public static final String COUNT_LOG = "CountLog";

    /** Names of the tables this function was given; those it was not given are null and never used. */
    public static SocialTables fromEnvironment() {
        return new SocialTables(name(USERS), name(USERNAMES), name(SESSIONS), name(TWEETS), name(TWEET_INDEX),
                name(RETWEETS), name(FOLLOWS), name(SEARCH_INDEX), name(LIKES), name(COUNT_LOG));
    }

    private static String name(String table) {
        return RuntimeEnvironment.variable(Settings.table(table)).orElse(null);
    }
}
