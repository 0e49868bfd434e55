package com.scaleout.functions.social;

import com.scaleout.declaration.Settings;
import com.scaleout.functions.shared.config.RuntimeEnvironment;
import com.scaleout.functions.shared.redis.RedisLink;
import com.scaleout.functions.social.apigateway.ManagementApiPoster;
import com.scaleout.functions.social.application.AuthorFollowers;
import com.scaleout.functions.social.application.FanoutService;
import com.scaleout.functions.social.application.LivePusher;
import com.scaleout.functions.social.application.LiveService;
import com.scaleout.functions.social.domain.LiveStream;
import com.scaleout.functions.social.dynamodb.DynamoConnectionStore;
import com.scaleout.functions.social.redis.RedisLivePresence;
import com.scaleout.functions.social.redis.RedisMessageBudget;
import java.util.Collection;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The live updates' services, wired to the Connections table, Redis and the management API; built once. */
public final class LiveComponents {
    /** What the fanout pushes: it knows who follows whom. */
    public static final Set<LiveStream.Kind> FANOUT_STREAMS =
            EnumSet.of(LiveStream.Kind.HOME, LiveStream.Kind.MENTIONS, LiveStream.Kind.PUBLIC);
    /** What the search indexer pushes: it reads each tweet's terms. */
    public static final Set<LiveStream.Kind> INDEXER_STREAMS = EnumSet.of(LiveStream.Kind.HASHTAG,
            LiveStream.Kind.SEARCH);

    private LiveComponents() {
    }

    /** The Live function's service. */
    public static LiveService service(SocialComponents social, DynamoDbClient dynamoDb, Optional<RedisLink> redis) {
        return new LiveService(DynamoConnectionStore.fromEnvironment(dynamoDb), new RedisLivePresence(redis),
                social.sessions(), social.search(), new RedisMessageBudget(redis));
    }

    /**
     * The pusher of these kinds of stream for a function given {@code LIVE_ENDPOINT}; none without it (another
     * function, a stack without the live API, a test): that function pushes nothing.
     *
     * @param followers an author's followers (the fanout's own reads, for {@code HOME}; none for other kinds)
     */
    public static Optional<LivePusher> pusher(Set<LiveStream.Kind> kinds, SocialComponents social,
                                              DynamoDbClient dynamoDb, Optional<RedisLink> redis,
                                              AuthorFollowers followers) {
        return ManagementApiPoster.fromEnvironment().map(poster -> new LivePusher(kinds,
                DynamoConnectionStore.fromEnvironment(dynamoDb), new RedisLivePresence(redis), poster,
                social.authorNames(), followers, RuntimeEnvironment.integer(Settings.FANOUT_MAX_FOLLOWERS)));
    }

    /** The fanout's pusher: it finds home listeners among the followers the fanout reads (once a batch). */
    public static Optional<LivePusher> fanoutPusher(SocialComponents social, DynamoDbClient dynamoDb,
                                                    Optional<RedisLink> redis) {
        FanoutService fanout = social.fanout();
        return pusher(FANOUT_STREAMS, social, dynamoDb, redis, new AuthorFollowers() {
            @Override
            public long count(String authorId) {
                return fanout.followerCount(authorId);
            }

            @Override
            public Set<String> all(String authorId) {
                return fanout.followers(authorId);
            }

            @Override
            public Set<String> among(String authorId, Collection<String> candidates) {
                return fanout.followersAmong(authorId, candidates);
            }
        });
    }

    /** The search indexer's pusher: its streams do not depend on who follows whom. */
    public static Optional<LivePusher> indexerPusher(SocialComponents social, DynamoDbClient dynamoDb,
                                                     Optional<RedisLink> redis) {
        return pusher(INDEXER_STREAMS, social, dynamoDb, redis, AuthorFollowers.NONE);
    }
}
