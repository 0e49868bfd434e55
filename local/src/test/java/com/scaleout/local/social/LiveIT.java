package com.scaleout.local.social;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.functions.shared.ids.Ids;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.functions.shared.redis.RedisEndpoint;
import com.scaleout.functions.shared.redis.RedisLink;
import com.scaleout.functions.social.domain.Times;
import com.scaleout.functions.social.domain.Tweet;
import com.scaleout.functions.social.domain.TweetText;
import com.scaleout.functions.social.dynamodb.DynamoConnectionStore;
import com.scaleout.functions.social.dynamodb.DynamoTweetStore;
import com.scaleout.functions.social.dynamodb.SocialTables;
import com.scaleout.functions.social.redis.RedisLivePresence;
import com.scaleout.local.testing.LiveClient;
import com.scaleout.local.testing.ProductionApiIT;
import com.scaleout.local.testing.SharedBackends;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Live updates end to end through the local runtime: the JDK's WebSocket client on the local WebSocket API, the real
 * Live function behind its routes, and the real pushers (the fanout: home, mentions, public; the search indexer:
 * hashtag, search) posting through the local management API as the stream batches of new and deleted tweets run.
 * Each expectation waits on the message it needs; that a message does not come is shown by a later one that does.
 */
class LiveIT extends ProductionApiIT {
    /** Generous: a push waits for the stream poller and a cold pusher on a busy machine. */
    private static final Duration LIVE = Duration.ofSeconds(60);
    private static final String LISTENERS = "{live}:listeners:";
    private static final String HOME_SET = "{live}:home";
    private static RedisLink redis;

    @BeforeAll
    static void connectRedis() throws IOException {
        redis = new RedisLink(RedisEndpoint.standalone(SharedBackends.get().redisUrl()));
    }

    @AfterAll
    static void closeRedis() {
        redis.close();
    }

    /**
     * A live connection's messages as JSON, in the order they came. Pushes and answers interleave (two pushers post
     * at once, and the answers to messages run at once), so a test waits for the message it needs, wherever it is.
     */
    private static final class Inbox implements AutoCloseable {
        private final LiveClient client;
        private final List<JsonNode> received = new ArrayList<>();
        /** Indexes in {@link #received} of the messages an {@link #await} has returned. */
        private final java.util.Set<Integer> taken = new java.util.HashSet<>();

        private Inbox(LiveClient client) {
            this.client = client;
        }

        static Inbox connect(Optional<String> token) throws Exception {
            return new Inbox(LiveClient.connect(live(token.map(t -> "?token=" + t).orElse(""))));
        }

        /** Sends a message and returns the answer about {@code stream} (an ack, a page or an error). */
        JsonNode ask(String message, String stream) throws Exception {
            client.send(message);
            return await(m -> !"tweet".equals(type(m)) && !"delete".equals(type(m))
                    && stream.equals(m.path("stream").textValue()));
        }

        /** Subscribes to {@code stream}; the answer names the stream normalized. */
        JsonNode subscribe(String stream, String normalized) throws Exception {
            return ask(Json.write(Map.of("action", "subscribe", "stream", stream)), normalized);
        }

        JsonNode subscribe(String stream) throws Exception {
            return subscribe(stream, stream);
        }

        /**
         * The first message that {@code wanted} accepts and no earlier call returned, received already or waited for
         * up to {@link #LIVE}.
         */
        JsonNode await(Predicate<JsonNode> wanted) throws Exception {
            Instant deadline = Instant.now().plus(LIVE);
            for (int i = 0; ; i++) {
                if (i == received.size()) {
                    Duration left = Duration.between(Instant.now(), deadline);
                    if (left.isNegative()) {
                        throw new AssertionError("no such message within " + LIVE.toSeconds() + " s; received "
                                + received);
                    }
                    try {
                        received.add(Json.MAPPER.readTree(client.next(left)));
                    } catch (AssertionError none) {
                        throw new AssertionError(none.getMessage() + "; received " + received, none);
                    }
                }
                if (!taken.contains(i) && wanted.test(received.get(i))) {
                    taken.add(i);
                    return received.get(i);
                }
            }
        }

        JsonNode awaitTweet(String stream, String tweetId) throws Exception {
            return await(m -> "tweet".equals(type(m)) && stream.equals(m.path("stream").textValue())
                    && tweetId.equals(m.path("data").path("id").textValue()));
        }

        /** The messages of this type and stream received so far that concern the tweet. */
        List<JsonNode> receivedAbout(String type, String stream, String tweetId) {
            return received.stream().filter(m -> type.equals(type(m))
                    && stream.equals(m.path("stream").textValue())
                    && tweetId.equals(m.path("data").path("id").textValue())).toList();
        }

        /** The messages received so far on this stream. */
        List<JsonNode> receivedOn(String stream) {
            return received.stream().filter(m -> stream.equals(m.path("stream").textValue())).toList();
        }

        @Override
        public void close() {
            client.close();
        }
    }

    private static String type(JsonNode message) {
        return message.path("type").textValue();
    }

    private static URI live(String query) {
        return URI.create(fixture.runtime().url().replace("http://", "ws://") + "/live" + query);
    }

    private static String tweet(String token, String text) {
        var reply = api.post("/tweets", token, Map.of("text", text));
        assertThat(reply.status()).as(reply.body()).isEqualTo(201);
        return reply.text("id");
    }

    private static String userId(String token) {
        return api.get("/me", token).text("id");
    }

    /** A word no other test's tweets have, in lower case (search and hashtags fold case). */
    private static String word(String prefix) {
        return unique(prefix).toLowerCase(java.util.Locale.ROOT).replaceAll("[0-9]", "x");
    }

    private static void assertAck(JsonNode answer, String type, String stream) {
        assertThat(type(answer)).as(answer.toString()).isEqualTo(type);
        assertThat(answer.path("stream").textValue()).isEqualTo(stream);
    }

    private static void assertError(JsonNode answer, int status, String messagePart) {
        assertThat(type(answer)).as(answer.toString()).isEqualTo("error");
        assertThat(answer.path("data").path("status").asInt()).isEqualTo(status);
        assertThat(answer.path("data").path("message").asText()).contains(messagePart);
    }

    @Test
    void homeNeedsAValidTokenAnInvalidOneIsRefusedAndAnAnonymousConnectionFollowsPublicStreams() throws Exception {
        String author = api.signUp(unique("lva"));
        try (var anonymous = Inbox.connect(Optional.empty())) {
            assertError(anonymous.subscribe("home"), 401, "token");
            assertError(anonymous.subscribe("mentions"), 401, "token");
            assertAck(anonymous.subscribe("public"), "subscribed", "public");
            String id = tweet(author, "for everyone");
            assertThat(anonymous.awaitTweet("public", id).path("data").path("text").asText())
                    .isEqualTo("for everyone");
        }

        assertThat(LiveClient.refusal(live("?token=not-a-session"))).isEqualTo(401);
        api.delete("/sessions/current", author);
        assertThat(LiveClient.refusal(live("?token=" + author))).as("a session logged out").isEqualTo(401);

        String reader = api.signUp(unique("lvr"));
        try (var signedIn = Inbox.connect(Optional.of(reader))) {
            assertAck(signedIn.subscribe("home"), "subscribed", "home");
            assertAck(signedIn.subscribe("mentions"), "subscribed", "mentions");
        }
    }

    @Test
    void afterUnsubscribingAStreamItsTweetsNoLongerArriveWhileTheOthersDo() throws Exception {
        String author = api.signUp(unique("lvu"));
        String dropped = word("drop");
        String kept = word("keep");
        try (var inbox = Inbox.connect(Optional.empty())) {
            assertAck(inbox.subscribe("hashtag:" + dropped), "subscribed", "hashtag:" + dropped);
            assertAck(inbox.subscribe("hashtag:" + kept), "subscribed", "hashtag:" + kept);
            String before = tweet(author, "#" + dropped + " #" + kept + " before");
            inbox.awaitTweet("hashtag:" + dropped, before);
            inbox.awaitTweet("hashtag:" + kept, before);

            assertAck(inbox.ask(Json.write(Map.of("action", "unsubscribe", "stream", "hashtag:" + dropped)),
                    "hashtag:" + dropped), "unsubscribed", "hashtag:" + dropped);
            // one tweet in both streams: the same push that brings it on the one would bring it on the other
            String after = tweet(author, "#" + dropped + " #" + kept + " after");
            inbox.awaitTweet("hashtag:" + kept, after);
            assertThat(inbox.receivedAbout("tweet", "hashtag:" + dropped, after)).isEmpty();
            assertThat(SharedBackends.redis().exists(LISTENERS + "hashtag:" + dropped)).isZero();
        }
    }

    @Test
    void aFollowedUsersTweetArrivesOnceOnHomeAsGetTweetShowsItAndItsMentionOnMentions() throws Exception {
        String readerName = unique("lvh");
        String reader = api.signUp(readerName);
        String authorName = unique("lvf");
        String author = api.signUp(authorName);
        assertThat(api.put("/me/following/" + authorName, reader).status()).isLessThan(300);
        try (var inbox = Inbox.connect(Optional.of(reader))) {
            assertAck(inbox.subscribe("home"), "subscribed", "home");
            assertAck(inbox.subscribe("mentions"), "subscribed", "mentions");

            // on the reader's home twice over (followed, and mentioning the reader): still one message
            String id = tweet(author, "hello @" + readerName + " from a followee");
            JsonNode pushed = inbox.awaitTweet("home", id);
            assertThat(pushed.path("data")).isEqualTo(api.get("/tweets/" + id).json());
            assertThat(pushed.path("data").path("author").path("username").asText()).isEqualTo(authorName);
            inbox.awaitTweet("mentions", id);

            String later = tweet(author, "a later one");
            inbox.awaitTweet("home", later);
            assertThat(inbox.receivedAbout("tweet", "home", id)).hasSize(1);
            assertThat(inbox.receivedAbout("tweet", "mentions", id)).hasSize(1);
            assertThat(inbox.receivedAbout("tweet", "mentions", later)).isEmpty();
        }
    }

    @Test
    void aHashtagStreamGetsItsTagInAnyCaseAndASearchAnswersItsPageThenItsNewMatches() throws Exception {
        String author = api.signUp(unique("lvs"));
        String tag = word("tag");
        String term = word("term");
        String other = word("other");
        String earlier = tweet(author, "earlier " + term);
        await().atMost(LIVE).until(() -> api.get("/search?q=" + term).json().get("items").size() == 1);
        // cold caches: the page's tweets and their authors' names are read from their tables, and so are the names
        // of another author's tweets the search indexer pushes
        SharedBackends.flushRedis();
        String poster = api.signUp(unique("lvp"));
        try (var inbox = Inbox.connect(Optional.empty())) {
            assertAck(inbox.subscribe("hashtag:#" + tag.toUpperCase(java.util.Locale.ROOT), "hashtag:" + tag),
                    "subscribed", "hashtag:" + tag);
            JsonNode page = inbox.subscribe("search:" + term);
            assertAck(page, "page", "search:" + term);
            assertThat(page.path("data")).isEqualTo(api.get("/search?q=" + term).json());
            assertThat(page.path("data").path("items").get(0).path("id").asText()).isEqualTo(earlier);
            String bothTerms = "search:" + String.join(" ", java.util.stream.Stream.of(term, other).sorted().toList());
            assertAck(inbox.subscribe("search:" + term + " " + other.toUpperCase(java.util.Locale.ROOT), bothTerms),
                    "page", bothTerms);

            String tagged = tweet(poster, "now #" + tag.toUpperCase(java.util.Locale.ROOT));
            inbox.awaitTweet("hashtag:" + tag, tagged);
            // in the one-term search's results, not in the two-term one's (pushed together: the same batch)
            String match = tweet(poster, "a new " + term.toUpperCase(java.util.Locale.ROOT) + " match");
            inbox.awaitTweet("search:" + term, match);
            String matchesBoth = tweet(poster, other + " and " + term);
            inbox.awaitTweet(bothTerms, matchesBoth);
            inbox.awaitTweet("search:" + term, matchesBoth);
            assertThat(inbox.receivedAbout("tweet", bothTerms, match)).isEmpty();
            assertThat(inbox.receivedAbout("tweet", "search:" + term, tagged)).isEmpty();
        }
    }

    /**
     * A pushed tweet shows its author's current display name, from the Users table when the name cache does not have
     * it: the search indexer's push of a tweet written straight to the table (as the admin seed writes them) by an
     * author no route has shown yet. A tweet posted through {@code POST /tweets} is no such case: the answer's view
     * caches its author's name before the push.
     */
    @Test
    void aPushedTweetWhoseAuthorsNameIsNotCachedShowsTheNameFromTheUsersTable() throws Exception {
        String username = unique("lvn");
        var registered = api.post("/users", null, Map.of("username", username, "password", "password-" + username,
                "displayName", "Named in Users"));
        assertThat(registered.status()).as(registered.body()).isEqualTo(201);
        String authorId = registered.text("id");
        SharedBackends.redis().del("name:{" + authorId + "}"); // not cached: no route has shown the author
        String tag = word("seed");
        try (var inbox = Inbox.connect(Optional.empty())) {
            assertAck(inbox.subscribe("hashtag:" + tag), "subscribed", "hashtag:" + tag);
            var text = TweetText.of("written straight to the table #" + tag);
            var tweet = new Tweet(Ids.newId(), authorId, username, text.text(), Times.format(Instant.now()),
                    Optional.empty(), text.hashtags(), List.of(), 0, 0, 0, Optional.empty());
            fixture.runtime().dynamoDb().putItem(r -> r.tableName(SocialTables.TWEETS)
                    .item(DynamoTweetStore.toItem(tweet)));

            JsonNode pushed = inbox.awaitTweet("hashtag:" + tag, tweet.id());
            assertThat(pushed.path("data").path("author").path("displayName").asText()).isEqualTo("Named in Users");
        }
    }

    @Test
    void aDeletedTweetIsDeletedOnHome() throws Exception {
        String reader = api.signUp(unique("lvd"));
        String authorName = unique("lvx");
        String author = api.signUp(authorName);
        api.put("/me/following/" + authorName, reader);
        try (var inbox = Inbox.connect(Optional.of(reader))) {
            assertAck(inbox.subscribe("home"), "subscribed", "home");
            String id = tweet(author, "soon gone");
            inbox.awaitTweet("home", id);
            assertThat(api.delete("/tweets/" + id, author).status()).isEqualTo(204);
            JsonNode deleted = inbox.await(m -> "delete".equals(type(m)));
            assertThat(deleted.path("stream").asText()).isEqualTo("home");
            assertThat(deleted.path("data")).isEqualTo(Json.MAPPER.valueToTree(Map.of("id", id)));
        }
    }

    @Test
    void aClosedConnectionIsForgottenAndOnesWhoseDisconnectWasLostAreForgottenByThePushersOnGone() throws Exception {
        String token = api.signUp(unique("lvg"));
        String user = userId(token);
        String tag = word("gone");
        List<String> keys = List.of("home:" + user, "hashtag:" + tag);
        try (var staying = Inbox.connect(Optional.of(token))) {
            assertAck(staying.subscribe("home"), "subscribed", "home");
            assertAck(staying.subscribe("hashtag:" + tag), "subscribed", "hashtag:" + tag);
            var known = new ArrayList<>(List.of(connectionOf(user, List.of())));
            // one gone connection for each pusher: home is the fanout's, the hashtag the search indexer's
            var leavingHome = Inbox.connect(Optional.of(token));
            assertAck(leavingHome.subscribe("home"), "subscribed", "home");
            known.add(connectionOf(user, known));
            var leavingTag = Inbox.connect(Optional.of(token));
            assertAck(leavingTag.subscribe("hashtag:" + tag), "subscribed", "hashtag:" + tag);
            known.add(connectionOf(user, known));
            var leaving = List.of(known.get(1), known.get(2));
            var items = new ArrayList<Map<String, AttributeValue>>();
            leaving.forEach(id -> items.addAll(items(id)));
            assertThat(items).hasSize(4);
            assertThat(listening(keys)).containsExactly("2", "2");

            // closed without a close frame: $disconnect still runs
            leavingHome.client.socket().abort();
            leavingTag.client.socket().abort();
            await().atMost(LIVE).until(() -> leaving.stream().allMatch(id -> items(id).isEmpty()));
            await().atMost(LIVE).until(() -> listening(keys).equals(List.of("1", "1")));

            // API Gateway delivers $disconnect at best effort: as if it had been lost, the items and presence are back
            items.forEach(item -> fixture.runtime().dynamoDb().putItem(r -> r.tableName(
                    ScaleoutDeclaration.CONNECTIONS).item(item)));
            var presence = new RedisLivePresence(Optional.of(redis));
            items.stream().filter(item -> !"#connection".equals(item.get("stream").s()))
                    .forEach(item -> presence.add(DynamoConnectionStore.toSubscription(item)));

            String id = tweet(token, "#" + tag + " to gone connections");
            staying.awaitTweet("home", id);
            staying.awaitTweet("hashtag:" + tag, id);
            await().atMost(LIVE).until(() -> leaving.stream().allMatch(gone -> items(gone).isEmpty()));
            await().atMost(LIVE).until(() -> listening(keys).equals(List.of("1", "1")));
            assertThat(SharedBackends.redis().sismember(HOME_SET, user)).isTrue();

            // the connection still listening is still pushed to
            String next = tweet(token, "#" + tag + " still here");
            staying.awaitTweet("home", next);
            staying.awaitTweet("hashtag:" + tag, next);
            assertThat(staying.receivedAbout("tweet", "home", id)).hasSize(1);
        }
        await().atMost(LIVE).until(() -> listening(keys).equals(java.util.Arrays.asList(null, null)));
        assertThat(SharedBackends.redis().sismember(HOME_SET, user)).isFalse();
    }

    @Test
    void aBadMessageIsAnsweredWithAnErrorAndTheConnectionStaysUsable() throws Exception {
        try (var inbox = Inbox.connect(Optional.empty())) {
            inbox.client.send("not json");
            assertError(inbox.await(m -> "error".equals(type(m))), 400, "JSON");
            inbox.client.send("{\"action\":\"shout\",\"stream\":\"public\"}");
            JsonNode unknownAction = inbox.await(m -> "error".equals(type(m)));
            assertError(unknownAction, 400, "unknown action");
            assertThat(unknownAction.path("stream").isNull()).isTrue();
            assertError(inbox.subscribe("weather"), 400, "unknown stream");
            inbox.client.send("{\"action\":\"subscribe\"}");
            assertError(inbox.await(m -> "error".equals(type(m))), 400, "stream is required");
            var badQuery = api.get("/search?q=" + URLEncoder.encode("a", StandardCharsets.UTF_8));
            assertThat(badQuery.status()).isEqualTo(400);
            assertError(inbox.subscribe("search:a"), 400, "q has no searchable term");

            String prefix = word("many");
            for (int i = 0; i < 20; i++) {
                String stream = "hashtag:" + prefix + (char) ('a' + i);
                assertAck(inbox.subscribe(stream), "subscribed", stream);
            }
            assertError(inbox.subscribe("public"), 400, "at most 20 subscriptions per connection");
            assertAck(inbox.subscribe("hashtag:" + prefix + "a"), "subscribed", "hashtag:" + prefix + "a");
            assertAck(inbox.ask(Json.write(Map.of("action", "unsubscribe", "stream", "hashtag:" + prefix + "a")),
                    "hashtag:" + prefix + "a"), "unsubscribed", "hashtag:" + prefix + "a");
            assertAck(inbox.subscribe("public"), "subscribed", "public");
            assertThat(inbox.client.isClosed()).isFalse();
        }
    }

    /** Issue 45: a connection kept hearing its user's home and mentions after the session's logout. */
    @Test
    void aLogoutEndsItsConnectionsPrivateStreamsWhileThePublicOnesGoOn() throws Exception {
        String readerName = unique("lvo");
        String reader = api.signUp(readerName);
        String authorName = unique("lvp");
        String author = api.signUp(authorName);
        assertThat(api.put("/me/following/" + authorName, reader).status()).isLessThan(300);
        try (var inbox = Inbox.connect(Optional.of(reader))) {
            assertAck(inbox.subscribe("home"), "subscribed", "home");
            assertAck(inbox.subscribe("mentions"), "subscribed", "mentions");
            assertAck(inbox.subscribe("public"), "subscribed", "public");

            assertThat(api.delete("/sessions/current", reader).status()).isEqualTo(204);
            // home, mentions and public are pushed together: the push that brings it on public would bring the rest
            String id = tweet(author, "after the logout of @" + readerName);
            inbox.awaitTweet("public", id);
            assertThat(inbox.receivedAbout("tweet", "home", id)).isEmpty();
            assertThat(inbox.receivedAbout("tweet", "mentions", id)).isEmpty();
            assertError(inbox.subscribe("home"), 401, "session of this connection has ended");
        }
    }

    /** Issue 45: one socket's 190 messages a second each ran, until the Live function had the account's executions. */
    @Test
    void aConnectionFloodingMessagesIsRefused429PastItsBudgetAndOthersAreServed() throws Exception {
        try (var flooding = Inbox.connect(Optional.empty()); var other = Inbox.connect(Optional.empty())) {
            String stream = "hashtag:" + word("flood");
            for (int i = 0; i < 45; i++) {
                flooding.client.send(Json.write(Map.of("action", "subscribe", "stream", stream)));
            }
            JsonNode refused = flooding.await(m -> "error".equals(type(m)));
            assertError(refused, 429, "messages per connection");
            assertThat(refused.path("data").path("retryAfter").asInt()).isBetween(1, 10);
            assertThat(flooding.client.isClosed()).isFalse();
            assertAck(other.subscribe("public"), "subscribed", "public");
        }
    }

    /** The id of the user's connection item that is not one of {@code known}, as the Live function stored it. */
    private static String connectionOf(String userId, List<String> known) {
        return await().atMost(LIVE).until(() -> fixture.runtime().dynamoDb().scanPaginator(r -> r
                        .tableName(ScaleoutDeclaration.CONNECTIONS)
                        .filterExpression("userId = :user AND #stream = :connection")
                        .expressionAttributeNames(Map.of("#stream", "stream"))
                        .expressionAttributeValues(Map.of(":user", AttributeValue.fromS(userId),
                                ":connection", AttributeValue.fromS("#connection"))))
                .items().stream().map(item -> item.get("connectionId").s())
                .filter(id -> !known.contains(id)).findFirst(), Optional::isPresent)
                .orElseThrow();
    }

    private static List<Map<String, AttributeValue>> items(String connectionId) {
        return fixture.runtime().dynamoDb().query(r -> r.tableName(ScaleoutDeclaration.CONNECTIONS)
                .keyConditionExpression("connectionId = :id").consistentRead(true)
                .expressionAttributeValues(Map.of(":id", AttributeValue.fromS(connectionId)))).items();
    }

    /** How many connections presence lists for each key, null where it lists none. */
    private static List<String> listening(List<String> keys) throws IOException {
        var redis = SharedBackends.redis();
        return keys.stream().map(key -> redis.hlen(LISTENERS + key))
                .map(count -> count == 0 ? null : Long.toString(count)).toList();
    }
}
