package com.scaleout.functions.social.application;

import static com.scaleout.functions.social.fakes.LiveWorld.ALICE;
import static com.scaleout.functions.social.fakes.LiveWorld.ALICE_TOKEN;
import static com.scaleout.functions.social.fakes.LiveWorld.ALICE_TOKEN_2;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scaleout.functions.shared.failure.InvalidInputException;
import com.scaleout.functions.shared.failure.NotAuthenticatedException;
import com.scaleout.functions.shared.failure.NotFoundException;
import com.scaleout.functions.shared.failure.TooManyRequestsException;
import com.scaleout.functions.social.domain.LiveConnection;
import com.scaleout.functions.social.domain.LiveMessage;
import com.scaleout.functions.social.domain.LiveSubscription;
import com.scaleout.functions.social.domain.Tweet;
import com.scaleout.functions.social.fakes.LiveWorld;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LiveServiceTest {
    private final LiveWorld world = new LiveWorld();

    @Test
    void aTokenOfASessionConnectsItsUserAndNoTokenConnectsAnonymously() {
        world.connect("A", Optional.of(ALICE_TOKEN));
        world.connect("N", Optional.empty());

        assertThat(world.connections.connection("A")).map(LiveConnection::userId).contains(Optional.of(ALICE));
        assertThat(world.connections.connection("N")).map(LiveConnection::userId).contains(Optional.empty());
        assertThat(world.connections.connection("A").orElseThrow().expiresAt())
                .isEqualTo(LiveWorld.NOW.plusSeconds(7200));
    }

    @Test
    void aTokenOfNoSessionIsRefusedAndNothingIsStored() {
        assertThatThrownBy(() -> world.connect("X", Optional.of("not-a-token")))
                .isInstanceOf(NotAuthenticatedException.class);
        assertThat(world.connections.connection("X")).isEmpty();
    }

    @Test
    void subscribingCountsTheKeyOnceAndUnsubscribingAndDisconnectingGiveItBack() {
        world.connect("A", Optional.of(ALICE_TOKEN));

        assertThat(world.live.subscribe("A", "home")).isEqualTo(new LiveMessage.Subscribed("home"));
        assertThat(world.live.subscribe("A", "home")).isEqualTo(new LiveMessage.Subscribed("home"));
        world.live.subscribe("A", "hashtag:Java");

        assertThat(world.presence.counts()).isEqualTo(Map.of("home:" + ALICE, 1L, "hashtag:java", 1L));
        assertThat(world.presence.home()).containsExactly(ALICE);

        assertThat(world.live.unsubscribe("A", "hashtag:#JAVA")).isEqualTo(new LiveMessage.Unsubscribed("hashtag:java"));
        world.live.unsubscribe("A", "hashtag:java");
        assertThat(world.presence.counts()).isEqualTo(Map.of("home:" + ALICE, 1L));

        world.live.disconnect("A");
        assertThat(world.presence.counts()).isEmpty();
        assertThat(world.presence.home()).isEmpty();
        assertThat(world.connections.connection("A")).isEmpty();
        assertThat(world.connections.subscriptions("A")).isEmpty();
    }

    @Test
    void homeAndMentionsNeedASignedInConnection() {
        world.connect("N", Optional.empty());

        assertThatThrownBy(() -> world.live.subscribe("N", "mentions")).isInstanceOf(NotAuthenticatedException.class)
                .hasMessageContaining("?token=");
        assertThat(world.live.subscribe("N", "public")).isEqualTo(new LiveMessage.Subscribed("public"));
    }

    @Test
    void aSearchIsAnsweredWithItsFirstPage() {
        Tweet tweet = world.tweet(ALICE, "alice", "Serverless #Java at scale");
        world.tweet(ALICE, "alice", "nothing to see");
        world.connect("N", Optional.empty());

        var answer = world.live.subscribe("N", "search:JAVA serverless");

        assertThat(answer).isInstanceOf(LiveMessage.SearchPage.class);
        var page = (LiveMessage.SearchPage) answer;
        assertThat(page.stream()).isEqualTo("search:java serverless");
        assertThat(page.page().items()).containsExactly(tweet);
        assertThat(world.presence.counts()).containsKey("search:java");
    }

    @Test
    void atMostTwentySubscriptionsPerConnection() {
        world.connect("N", Optional.empty());
        for (int i = 0; i < LiveConnection.MAX_SUBSCRIPTIONS; i++) {
            world.live.subscribe("N", "hashtag:tag" + i);
        }

        int writes = world.connections.subscriptionWrites();
        int searches = world.searchIndex.queries();

        assertThatThrownBy(() -> world.live.subscribe("N", "public")).isInstanceOf(InvalidInputException.class)
                .hasMessage("at most 20 subscriptions per connection");
        assertThatThrownBy(() -> world.live.subscribe("N", "search:serverless java"))
                .isInstanceOf(InvalidInputException.class);
        // refused before any work: no write tried, no search run
        assertThat(world.connections.subscriptionWrites()).isEqualTo(writes);
        assertThat(world.searchIndex.queries()).isEqualTo(searches);
        // one it already has is no new subscription
        assertThat(world.live.subscribe("N", "hashtag:tag3")).isEqualTo(new LiveMessage.Subscribed("hashtag:tag3"));
    }

    @Test
    void aConnectionPastItsMessageBudgetIsRefusedWithWhenToSendAgain() {
        world.connect("N", Optional.empty());
        world.messageBudget = 2;
        world.live.admit("N");
        world.live.admit("N");

        assertThatThrownBy(() -> world.live.admit("N")).isInstanceOf(TooManyRequestsException.class)
                .hasMessageContaining("at most 30 messages per connection in 10 s")
                .extracting(e -> ((TooManyRequestsException) e).retryAfter()).isEqualTo(Duration.ofSeconds(7));
        // another connection's budget is its own
        world.live.admit("M");
    }

    @Test
    void aLogoutEndsItsSessionsPrivateStreamsAndNoOtherSubscription() {
        world.connect("A1", Optional.of(ALICE_TOKEN));
        world.connect("A2", Optional.of(ALICE_TOKEN_2));
        world.connect("B", Optional.of(LiveWorld.BOB_TOKEN));
        for (String connection : java.util.List.of("A1", "A2", "B")) {
            world.live.subscribe(connection, "home");
            world.live.subscribe(connection, "mentions");
            world.live.subscribe(connection, "public");
        }

        world.sessionService.logout(world.sessionService.actor(Optional.of(ALICE), Optional.of("alice"),
                Optional.of(SessionService.sessionId(ALICE_TOKEN))));

        assertThat(world.connections.subscriptions("A1")).extracting(LiveSubscription::stream)
                .containsExactly("public");
        assertThat(world.connections.subscriptions("A2")).extracting(LiveSubscription::stream)
                .containsExactlyInAnyOrder("home", "mentions", "public");
        assertThat(world.connections.subscriptions("B")).hasSize(3);
        assertThat(world.presence.counts()).containsEntry("home:" + ALICE, 1L).containsEntry("mentions:" + ALICE, 1L)
                .containsEntry("public", 3L);
        // nor can the connection listen to them again
        assertThatThrownBy(() -> world.live.subscribe("A1", "home")).isInstanceOf(NotAuthenticatedException.class)
                .hasMessageContaining("session of this connection has ended");
        assertThat(world.connections.subscriptions("A1")).extracting(LiveSubscription::stream)
                .containsExactly("public");
        assertThat(world.presence.counts()).containsEntry("home:" + ALICE, 1L);
    }

    @Test
    void badStreamsAndUnknownConnectionsAreRefused() {
        world.connect("N", Optional.empty());

        assertThatThrownBy(() -> world.live.subscribe("N", "everything")).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("unknown stream");
        assertThatThrownBy(() -> world.live.subscribe("N", null)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("stream is required");
        assertThatThrownBy(() -> world.live.subscribe("N", "search:a")).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("no searchable term");
        assertThatThrownBy(() -> world.live.subscribe("gone", "public")).isInstanceOf(NotFoundException.class);
    }

    @Test
    void aSubscriptionIsKeptWhenPresenceIsDown() {
        world.connect("N", Optional.empty());
        world.presence.setAvailable(false);

        assertThat(world.live.subscribe("N", "public")).isEqualTo(new LiveMessage.Subscribed("public"));
        assertThat(world.connections.listeners("public")).hasSize(1);
    }
}
