package com.scaleout.local.social;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.functions.shared.redis.RedisEndpoint;
import com.scaleout.functions.shared.redis.RedisLink;
import com.scaleout.functions.social.domain.LiveConnection;
import com.scaleout.functions.social.domain.LiveStream;
import com.scaleout.functions.social.domain.LiveSubscription;
import com.scaleout.functions.social.application.ConnectionStore.Added;
import com.scaleout.functions.social.dynamodb.DynamoConnectionStore;
import com.scaleout.functions.social.redis.RedisLivePresence;
import com.scaleout.local.testing.DynamoDbSpy;
import com.scaleout.local.testing.RuntimeFixture;
import com.scaleout.local.testing.SharedBackends;
import com.scaleout.local.testing.TlsRedisCluster;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
 * (DynamoConnectionStore) and its per-connection limit, and presence (RedisLivePresence): each key's listeners and
 * the home set kept by one script, also on a Redis Cluster, where a script over keys of two slots would fail, and its
 * rebuild after a loss.
 */
class LiveStoresIT {
    private static final Instant CONNECTED = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
    private static final int MOST = LiveConnection.MAX_SUBSCRIPTIONS;
    private static final String LIVE_BUILT = "{live}:built";
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
        var connection = new LiveConnection(id, Optional.of(alice), Optional.of("session-of-" + alice), CONNECTED, 0);
        store.putConnection(connection);
        var home = LiveSubscription.of(connection, LiveStream.parse("home"));
        var search = LiveSubscription.of(connection, LiveStream.parse("search:Serverless java"));

        assertThat(store.putSubscription(home, MOST)).isEqualTo(Added.ADDED);
        assertThat(store.putSubscription(home, MOST)).as("already there").isEqualTo(Added.ALREADY);
        assertThat(store.putSubscription(search, MOST)).isEqualTo(Added.ADDED);
        assertThat(store.everySubscription()).contains(home, search);

        assertThat(store.connection(id)).as("with its session and its count")
                .contains(new LiveConnection(id, Optional.of(alice), Optional.of("session-of-" + alice), CONNECTED, 2));
        assertThat(store.subscriptions(id)).containsExactlyInAnyOrder(home, search);
        assertThat(home.sessionId()).contains("session-of-" + alice);
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
        var connection = new LiveConnection(id, Optional.of(user()), Optional.empty(), CONNECTED, 0);
        store.putConnection(connection);
        var home = LiveSubscription.of(connection, LiveStream.parse("home"));
        var tag = LiveSubscription.of(connection, LiveStream.parse("hashtag:both"));
        store.putSubscription(home, MOST);
        store.putSubscription(tag, MOST);
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
        store.putConnection(new LiveConnection(id, Optional.empty(), Optional.empty(), CONNECTED, 0));

        assertThat(store.connection(id)).map(LiveConnection::userId).contains(Optional.empty());
    }

    @Test
    void theListenersOfAKeyAreReadPastOnePage() {
        String tag = "hashtag:many" + UUID.randomUUID().toString().replace("-", "").substring(0, 8);
        var stream = LiveStream.parse(tag);
        var ids = IntStream.range(0, 1200).mapToObj(i -> connectionId()).toList();
        // ~1,200 items of ~400 bytes: a Query page holds 1 MB at most, moto's the same
        String padding = "x".repeat(300);
        ids.parallelStream().forEach(id -> {
            store.putConnection(new LiveConnection(id, Optional.empty(), Optional.empty(), CONNECTED, 0));
            store.putSubscription(new LiveSubscription(id, stream.name(), stream.keyFor(Optional.empty()),
                    Optional.of(padding), Optional.empty(), List.of(), CONNECTED.plusSeconds(7200)), MOST);
        });

        assertThat(store.listeners(stream.name())).hasSize(ids.size());
    }

    @Test
    void subscribingAtOnceNeverPassesTheLimitAndAnUnsubscribeMakesRoom() throws Exception {
        String id = connectionId();
        var connection = new LiveConnection(id, Optional.empty(), Optional.empty(), CONNECTED, 0);
        store.putConnection(connection);
        var streams = IntStream.range(0, 2 * MOST).mapToObj(i -> LiveStream.parse("hashtag:limit" + i)).toList();

        var outcomes = new java.util.concurrent.ConcurrentHashMap<Added, Integer>();
        try (var callers = java.util.concurrent.Executors.newFixedThreadPool(16)) {
            streams.forEach(stream -> callers.submit(() -> outcomes.merge(
                    store.putSubscription(LiveSubscription.of(connection, stream), MOST), 1, Integer::sum)));
        }

        assertThat(outcomes).isEqualTo(Map.of(Added.ADDED, MOST, Added.FULL, MOST));
        var held = store.subscriptions(id);
        assertThat(held).hasSize(MOST);
        assertThat(store.putSubscription(LiveSubscription.of(connection, LiveStream.parse("public")), MOST))
                .isEqualTo(Added.FULL);
        assertThat(store.deleteSubscription(id, held.getFirst().stream())).isPresent();
        assertThat(store.putSubscription(LiveSubscription.of(connection, LiveStream.parse("public")), MOST))
                .as("room again").isEqualTo(Added.ADDED);
        assertThat(store.putSubscription(LiveSubscription.of(new LiveConnection(connectionId(), Optional.empty(),
                Optional.empty(), CONNECTED, 0), LiveStream.parse("public")), MOST)).as("never connected").isEqualTo(Added.NO_CONNECTION);
    }

    @Test
    void presenceListsEachKeysListenersAndKeepsTheHomeSetWithThem() {
        checkPresence(new RedisLivePresence(Optional.of(redis)), redis);
    }

    @Test
    void presenceWorksOnARedisCluster() throws Exception {
        try (var cluster = TlsRedisCluster.start(SharedBackends.dataDir().resolve("redis-cluster-live"));
             var link = new RedisLink(cluster.endpoint())) {
            // the inspector's patient connection first: a cold JVM's first TLS handshakes outlast RedisLink's 2 s set-up
            cluster.inspector().sync().ping();
            checkPresence(new RedisLivePresence(Optional.of(link)), link);
        }
    }

    private static void checkPresence(RedisLivePresence presence, RedisLink link) {
        presence.rebuild(List.of()); // nothing to add: presence known from here on
        String alice = user();
        String bob = user();
        var aliceA = new LiveConnection(connectionId(), Optional.of(alice), Optional.empty(), CONNECTED, 0);
        var aliceB = new LiveConnection(connectionId(), Optional.of(alice), Optional.empty(), CONNECTED, 0);
        var anonymous = new LiveConnection(connectionId(), Optional.empty(), Optional.empty(), CONNECTED, 0);
        var homeA = LiveSubscription.of(aliceA, LiveStream.parse("home"));
        var homeB = LiveSubscription.of(aliceB, LiveStream.parse("home"));
        var search = LiveSubscription.of(anonymous, LiveStream.parse("search:serverless java"));
        String home = LiveStream.homeKey(alice);
        String searchKey = search.listensTo();

        presence.add(homeA);
        presence.add(homeA);
        presence.add(homeB);
        presence.add(search);

        assertThat(presence.listeners(List.of(home, searchKey, LiveStream.homeKey(bob)))).hasValueSatisfying(
                listeners -> {
                    assertThat(listeners).containsOnlyKeys(home, searchKey);
                    assertThat(listeners.get(home)).containsExactlyInAnyOrder(homeA, homeB);
                    assertThat(listeners.get(searchKey)).containsExactly(search);
                });
        assertThat(presence.homeListenersAmong(List.of(alice, bob))).contains(Set.of(alice));
        assertThat(presence.homeListeners(Long.MAX_VALUE)).hasValueSatisfying(all -> assertThat(all).contains(alice));
        assertThat(presence.homeListeners(0)).as("more than asked for").isEmpty();

        presence.remove(homeA);
        assertThat(presence.homeListenersAmong(Set.of(alice))).as("one subscription left").contains(Set.of(alice));
        presence.remove(homeB);
        presence.remove(search);
        assertThat(presence.listeners(List.of(home, searchKey))).contains(Map.of());
        assertThat(presence.homeListenersAmong(List.of(alice))).contains(Set.of());

        // lost (a flush, a new node): it says it does not know until a rebuild puts back what the store holds
        link.get().sync().del(LIVE_BUILT);
        assertThat(presence.needsRebuild()).isTrue();
        assertThat(presence.listeners(List.of(home))).isEmpty();
        assertThat(presence.homeListenersAmong(List.of(alice))).isEmpty();
        assertThat(presence.rebuild(List.of(homeA))).isTrue();
        assertThat(presence.needsRebuild()).isFalse();
        assertThat(presence.listeners(List.of(home))).contains(Map.of(home, List.of(homeA)));
        assertThat(presence.homeListenersAmong(List.of(alice, bob))).contains(Set.of(alice));
        presence.remove(homeA);
    }

    @Test
    void anExpiredListenerIsNotListed() {
        var presence = new RedisLivePresence(Optional.of(redis));
        presence.rebuild(List.of());
        var old = new LiveConnection(connectionId(), Optional.empty(), Optional.empty(),
                CONNECTED.minus(java.time.Duration.ofDays(1)), 0);
        var expired = LiveSubscription.of(old, LiveStream.parse("hashtag:" + UUID.randomUUID().toString()
                .replace("-", "")));
        presence.add(expired);

        assertThat(presence.listeners(List.of(expired.listensTo()))).contains(Map.of());
        presence.remove(expired);
    }
}
