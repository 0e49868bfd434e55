package com.scaleout.local.social;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.functions.shared.redis.RedisEndpoint;
import com.scaleout.functions.shared.redis.RedisLink;
import com.scaleout.functions.social.domain.LiveConnection;
import com.scaleout.functions.social.domain.LiveStream;
import com.scaleout.functions.social.domain.LiveSubscription;
import com.scaleout.functions.social.dynamodb.DynamoConnectionStore;
import com.scaleout.functions.social.redis.RedisLivePresence;
import com.scaleout.local.testing.DynamoDbSpy;
import com.scaleout.local.testing.RuntimeFixture;
import com.scaleout.local.testing.SharedBackends;
import com.scaleout.local.testing.TlsRedisCluster;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The live updates' adapters against moto_server and redis-server: the Connections table with its ByStream index
 * (DynamoConnectionStore), and the presence counts and home set kept by one script (RedisLivePresence), also on a
 * Redis Cluster, where a script over keys of two slots would fail.
 */
class LiveStoresIT {
    private static final Instant CONNECTED = Instant.parse("2026-11-29T23:00:00Z");
    private static RuntimeFixture fixture;
    private static DynamoConnectionStore store;
    private static RedisLink redis;

    @BeforeAll
    static void start() throws Exception {
        var declaration = ScaleoutDeclaration.declaration();
        fixture = RuntimeFixture.start(Declaration.builder()
                .table(declaration.table(ScaleoutDeclaration.CONNECTIONS)).build());
        store = new DynamoConnectionStore(fixture.runtime().dynamoDb(), ScaleoutDeclaration.CONNECTIONS);
        redis = new RedisLink(RedisEndpoint.standalone(SharedBackends.get().redisUrl()));
    }

    @AfterAll
    static void stop() {
        redis.close();
        fixture.close();
    }

    /** An id of API Gateway's shape, new for each test (the backends are shared). */
    private static String connectionId() {
        return UUID.randomUUID().toString().replace("-", "").substring(0, 15) + "=";
    }

    private static String user() {
        return "user-" + UUID.randomUUID();
    }

    @Test
    void aConnectionAndItsSubscriptionsAreStoredFoundByTheirKeysAndDeletedTogether() {
        String id = connectionId();
        String alice = user();
        var connection = new LiveConnection(id, Optional.of(alice), CONNECTED);
        store.putConnection(connection);
        var home = LiveSubscription.of(connection, LiveStream.parse("home"));
        var search = LiveSubscription.of(connection, LiveStream.parse("search:Serverless java"));

        assertThat(store.putSubscription(home)).isTrue();
        assertThat(store.putSubscription(home)).as("already there").isFalse();
        assertThat(store.putSubscription(search)).isTrue();

        assertThat(store.connection(id)).contains(connection);
        assertThat(store.subscriptions(id)).containsExactlyInAnyOrder(home, search);
        assertThat(store.listeners("home:" + alice)).containsExactly(home);
        assertThat(store.listeners("search:java")).contains(search);
        assertThat(search.terms()).containsExactly("java", "serverless");
        assertThat(search.expiresAt()).isEqualTo(CONNECTED.plusSeconds(7200));

        assertThat(store.deleteSubscription(id, "home")).contains(home);
        assertThat(store.deleteSubscription(id, "home")).isEmpty();
        assertThat(store.deleteConnection(id)).containsExactly(search);
        assertThat(store.connection(id)).isEmpty();
        assertThat(store.subscriptions(id)).isEmpty();
        assertThat(store.listeners("home:" + alice)).isEmpty();
    }

    @Test
    void twoCallersForgettingOneConnectionAtOnceGetEachSubscriptionOnce() {
        String id = connectionId();
        var connection = new LiveConnection(id, Optional.of(user()), CONNECTED);
        store.putConnection(connection);
        var home = LiveSubscription.of(connection, LiveStream.parse("home"));
        var tag = LiveSubscription.of(connection, LiveStream.parse("hashtag:both"));
        store.putSubscription(home);
        store.putSubscription(tag);
        // $disconnect and a pusher told the connection is gone: the other removal runs whole between this one's
        // read of the items and its first delete
        var other = new ArrayList<LiveSubscription>();
        var interleaved = new AtomicBoolean();
        var racing = new DynamoConnectionStore(DynamoDbSpy.around(fixture.runtime().dynamoDb(), call -> {
            if (!call.equals("query") && interleaved.compareAndSet(false, true)) {
                other.addAll(store.deleteConnection(id));
            }
        }), ScaleoutDeclaration.CONNECTIONS);

        var removed = new ArrayList<>(racing.deleteConnection(id));
        removed.addAll(other);

        assertThat(interleaved).isTrue();
        assertThat(removed).as("each presence count taken down once").containsExactlyInAnyOrder(home, tag);
        assertThat(store.connection(id)).isEmpty();
    }

    @Test
    void anAnonymousConnectionHasNoUser() {
        String id = connectionId();
        store.putConnection(new LiveConnection(id, Optional.empty(), CONNECTED));

        assertThat(store.connection(id)).map(LiveConnection::userId).contains(Optional.empty());
    }

    @Test
    void theListenersOfAKeyAreReadPastOnePage() {
        String tag = "hashtag:many" + UUID.randomUUID().toString().replace("-", "").substring(0, 8);
        var stream = LiveStream.parse(tag);
        var ids = IntStream.range(0, 1200).mapToObj(i -> connectionId()).toList();
        // ~1,200 items of ~400 bytes: a Query page holds 1 MB at most, moto's the same
        String padding = "x".repeat(300);
        ids.parallelStream().forEach(id -> store.putSubscription(new LiveSubscription(id, stream.name(),
                stream.keyFor(Optional.empty()), Optional.of(padding), List.of(), CONNECTED.plusSeconds(7200))));

        assertThat(store.listeners(stream.name())).hasSize(ids.size());
    }

    @Test
    void presenceCountsKeysAndKeepsTheHomeSetWithThem() {
        var presence = new RedisLivePresence(Optional.of(redis));
        checkPresence(presence);
    }

    @Test
    void presenceWorksOnARedisCluster() throws Exception {
        try (var cluster = TlsRedisCluster.start(SharedBackends.dataDir().resolve("redis-cluster-live"));
             var link = new RedisLink(cluster.endpoint())) {
            // the inspector's patient connection first: a cold JVM's first TLS handshakes outlast RedisLink's 2 s set-up
            cluster.inspector().sync().ping();
            checkPresence(new RedisLivePresence(Optional.of(link)));
        }
    }

    private static void checkPresence(RedisLivePresence presence) {
        String alice = user();
        String bob = user();
        String home = LiveStream.homeKey(alice);
        String tag = "hashtag:" + UUID.randomUUID().toString().replace("-", "");

        presence.adjust(home, 1);
        presence.adjust(home, 1);
        presence.adjust(tag, 1);

        assertThat(presence.listened(List.of(home, tag, LiveStream.homeKey(bob)))).containsExactlyInAnyOrder(home,
                tag);
        assertThat(presence.homeListenersAmong(List.of(alice, bob))).containsExactly(alice);

        presence.adjust(home, -1);
        assertThat(presence.homeListenersAmong(Set.of(alice))).as("one subscription left").containsExactly(alice);
        presence.adjust(home, -1);
        presence.adjust(tag, -1);
        assertThat(presence.listened(List.of(home, tag))).isEmpty();
        assertThat(presence.homeListenersAmong(List.of(alice))).isEmpty();
    }
}
