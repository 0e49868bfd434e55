package com.scaleout.functions.social;

import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.declaration.Settings;
import com.scaleout.functions.shared.aws.AwsClients;
import com.scaleout.functions.shared.config.RuntimeEnvironment;
import com.scaleout.functions.shared.redis.RedisLink;
import com.scaleout.functions.social.application.AccountService;
import com.scaleout.functions.social.application.AuthorNames;
import com.scaleout.functions.social.application.CachedCallerStates;
import com.scaleout.functions.social.application.CallerStates;
import com.scaleout.functions.social.application.LikeService;
import com.scaleout.functions.social.dynamodb.DynamoCallerStates;
import com.scaleout.functions.social.dynamodb.DynamoLikeStore;
import com.scaleout.functions.social.application.FanoutService;
import com.scaleout.functions.social.application.RecommendationService;
import com.scaleout.functions.social.application.SearchService;
import com.scaleout.functions.social.dynamodb.DynamoSearchIndexStore;
import com.scaleout.functions.social.redis.RedisSearchCache;
import com.scaleout.functions.social.application.SocialGraph;
import com.scaleout.functions.social.application.TimelineService;
import com.scaleout.functions.social.application.TweetBodies;
import com.scaleout.functions.social.application.TimelineSource;
import com.scaleout.functions.social.redis.RedisCallerStateCache;
import com.scaleout.functions.social.redis.RedisFollowGraphCache;
import com.scaleout.functions.social.redis.RedisRecommendationCache;
import com.scaleout.functions.social.redis.RedisTimelineCache;
import com.scaleout.functions.social.redis.RedisTweetCache;
import com.scaleout.functions.social.redis.RedisAuthorNameCache;
import com.scaleout.functions.social.application.FollowService;
import com.scaleout.functions.social.application.LoginThrottle;
import com.scaleout.functions.social.redis.RedisLoginThrottle;
import com.scaleout.functions.social.application.PasswordHasher;
import com.scaleout.functions.social.application.LiveLogout;
import com.scaleout.functions.social.redis.RedisLivePresence;
import com.scaleout.functions.social.dynamodb.DynamoConnectionStore;
import com.scaleout.functions.social.application.SessionEnd;
import com.scaleout.functions.social.application.SessionService;
import com.scaleout.functions.social.application.TweetService;
import com.scaleout.functions.social.dynamodb.DynamoFollowStore;
import com.scaleout.functions.social.dynamodb.DynamoRetweetStore;
import com.scaleout.functions.social.dynamodb.DynamoSessionStore;
import com.scaleout.functions.social.dynamodb.DynamoTweetIndexStore;
import com.scaleout.functions.social.dynamodb.DynamoTweetStore;
import com.scaleout.functions.social.dynamodb.DynamoUserStore;
import com.scaleout.functions.social.dynamodb.SocialTables;
import com.scaleout.functions.social.redis.RedisSessionCache;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The social workload's services, wired to DynamoDB and Redis. Built once per execution environment (the
 * handlers' no-arg constructors call {@link #create()}), so clients are never built per invocation.
 * {@code SEARCH_QUERY_CONCURRENCY} (default 40) bounds the search index Queries one environment runs at once.
 */
public record SocialComponents(AccountService accounts, SessionService sessions, TweetService tweets,
                               FollowService follows, DynamoTweetIndexStore tweetIndex,
                               DynamoRetweetStore retweets, LikeService likes, DynamoLikeStore likeStore,
                               CallerStates callerStates, TimelineService timelines,
                               RecommendationService recommendations, FanoutService fanout,
                               SearchService search, DynamoSearchIndexStore searchIndex, RedisSearchCache searchCache,
                               LoginThrottle loginThrottle, AuthorNames authorNames, Optional<RedisLink> redis) {

    /**
     * How long a logout is remembered for the handlers: the gateway's authorizer cache may allow a revoked token
     * for up to its TTL (300 s, see the declaration), so a little longer than that.
     */
    public static final Duration REVOCATION_TTL =
            Duration.ofSeconds(ScaleoutDeclaration.SESSIONS_AUTHORIZER_TTL_SECONDS + 60L);

    public static SocialComponents create() {
        return create(AwsClients.dynamoDb(), RedisLink.fromEnvironment());
    }

    /** BCrypt at {@link Settings#BCRYPT_COST} (the tests lower it). */
    public static PasswordHasher passwordHasher() {
        return new PasswordHasher(RuntimeEnvironment.integer(Settings.BCRYPT_COST));
    }

    /** With clients built elsewhere (a function that also needs them for other work). */
    public static SocialComponents create(DynamoDbClient dynamoDb, Optional<RedisLink> redis) {
        int searchQueries = RuntimeEnvironment.integer(Settings.SEARCH_QUERY_CONCURRENCY);
        AwsClients.keepAliveConnections(searchQueries); // before the first connection: see there
        var tables = SocialTables.fromEnvironment();
        var clock = Clock.systemUTC();
        var passwords = passwordHasher();
        var users = new DynamoUserStore(dynamoDb, tables);
        var sessionCache = new RedisSessionCache(redis);
        var tweetIndex = new DynamoTweetIndexStore(dynamoDb, tables);
        var retweets = new DynamoRetweetStore(dynamoDb, tables, clock);
        var likes = new DynamoLikeStore(dynamoDb, tables, clock);
        var tweets = new DynamoTweetStore(dynamoDb, tables);
        var follows = new DynamoFollowStore(dynamoDb, tables, clock);
        var graph = new SocialGraph(new RedisFollowGraphCache(redis), follows);
        var timelineCache = new RedisTimelineCache(redis);
        var tweetCache = new RedisTweetCache(redis);
        var bodies = new TweetBodies(tweetCache, tweets);
        var recommendationCache = new RedisRecommendationCache(redis);
        var source = new TimelineSource(tweets, retweets, tweetIndex);
        int maxFanoutFollowers = RuntimeEnvironment.integer(Settings.FANOUT_MAX_FOLLOWERS);
        var searchIndex = new DynamoSearchIndexStore(dynamoDb, tables, searchQueries);
        var searchCache = new RedisSearchCache(redis);
        var authorNames = new AuthorNames(new RedisAuthorNameCache(redis), users);
        var callerStates = new CachedCallerStates(new RedisCallerStateCache(redis),
                new DynamoCallerStates(dynamoDb, tables), retweets, likes);
        return new SocialComponents(
                new AccountService(users, authorNames, passwords, clock),
                new SessionService(users, new DynamoSessionStore(dynamoDb, tables), sessionCache, passwords, clock,
                        REVOCATION_TTL, DynamoConnectionStore.ifGiven(dynamoDb)
                                .<SessionEnd>map(connections -> new LiveLogout(connections,
                                        new RedisLivePresence(redis)))
                                .orElse(SessionEnd.NONE)),
                new TweetService(tweets, tweetIndex, retweets, users, callerStates, clock),
                new FollowService(follows, users, clock),
                tweetIndex, retweets, new LikeService(likes, tweets, users, callerStates, clock), likes,
                callerStates,
                new TimelineService(timelineCache, graph, bodies, source),
                new RecommendationService(recommendationCache, graph, users),
                new FanoutService(timelineCache, graph, tweetCache, users, tweets, source,
                        maxFanoutFollowers),
                new SearchService(searchIndex, searchCache, bodies), searchIndex, searchCache,
                new RedisLoginThrottle(redis), authorNames, redis);
    }
}
