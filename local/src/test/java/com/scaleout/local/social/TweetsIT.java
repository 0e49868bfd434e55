package com.scaleout.local.social;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import com.scaleout.local.http.LocalHttpApi;
import com.scaleout.local.testing.ProductionApiIT;
import org.junit.jupiter.api.Test;

/** Tweets, replies, retweets and their lists, through the local runtime and the tweet indexer. */
class TweetsIT extends ProductionApiIT {
    /** A bound, not a wait: on the shared stack the Tweets stream may still carry an earlier class's backlog. */
    private static final Duration INDEXED = Duration.ofSeconds(60);
    private static JsonNode tweet(String token, String text) {
        var reply = api.post("/tweets", token, Map.of("text", text));
        assertThat(reply.status()).as(reply.body()).isEqualTo(201);
        return reply.json();
    }

    private static List<String> ids(JsonNode page) {
        var ids = new ArrayList<String>();
        page.get("items").forEach(item -> ids.add(item.get("id").asText()));
        return ids;
    }

    /**
     * Issue 23: tweet headers show the author's current display name (old tweets after an edit too, in lists, the
     * timeline and search), and a reply names whom it answers.
     */
    @Test
    void tweetsShowTheirAuthorsCurrentDisplayNameAndARepliesNamesWhomItAnswers() {
        String ada = unique("ada");
        String bob = unique("bob");
        String adaToken = api.signUp(ada);
        String bobToken = api.signUp(bob);
        String word = unique("w").toLowerCase();
        JsonNode old = tweet(adaToken, "before the edit " + word);
        assertThat(old.get("author").get("displayName").asText()).as("none set: the username").isEqualTo(ada);
        var answered = api.post("/tweets", bobToken, Map.of("text", "an answer", "inReplyTo", old.get("id").asText()));
        assertThat(answered.json().get("inReplyToUsername").asText()).isEqualTo(ada);
        assertThat(old.get("inReplyToUsername").isNull()).as("not a reply").isTrue();

        assertThat(api.patch("/me", adaToken, Map.of("displayName", "Ada Lovelace")).status()).isEqualTo(200);

        String id = old.get("id").asText();
        assertThat(api.get("/tweets/" + id).json().get("author").get("displayName").asText())
                .isEqualTo("Ada Lovelace");
        assertThat(api.get("/users/" + ada + "/tweets").json().get("items").get(0).get("author").get("displayName")
                .asText()).isEqualTo("Ada Lovelace");
        assertThat(api.get("/tweets/" + id + "/replies").json().get("items").get(0).get("inReplyToUsername")
                .asText()).isEqualTo(ada);
        await().atMost(INDEXED).untilAsserted(() -> assertThat(api.get("/search?q=" + word).json().get("items"))
                .singleElement().satisfies(found -> assertThat(found.get("author").get("displayName").asText())
                        .isEqualTo("Ada Lovelace")));
        await().atMost(INDEXED).untilAsserted(() -> assertThat(api.get("/timeline", adaToken).json().get("items"))
                .singleElement().satisfies(mine -> assertThat(mine.get("author").get("displayName").asText())
                        .isEqualTo("Ada Lovelace")));
    }

    @Test
    void postsATweetWithHashtagsAndMentionsOfExistingUsersOnly() {
        String alice = unique("alice");
        String bob = unique("bob");
        String token = api.signUp(alice);
        api.signUp(bob);
        String tag = unique("Tag");

        JsonNode tweet = tweet(token, "  hello @" + bob.toUpperCase() + " and @nosuchuser9 #" + tag + " #"
                + tag.toLowerCase() + " #2024 mail@example.com  ");

        assertThat(tweet.get("text").asText()).startsWith("hello @").endsWith("mail@example.com");
        assertThat(tweet.get("author").get("username").asText()).isEqualTo(alice);
        assertThat(tweet.get("hashtags")).extracting(JsonNode::asText).containsExactly(tag);
        assertThat(tweet.get("mentions")).extracting(JsonNode::asText).containsExactly(bob);
        assertThat(tweet.get("inReplyTo").isNull()).isTrue();
        assertThat(tweet.get("replies").asLong()).isZero();
        // the author reads it back as it was answered (with what they did to it); anyone else without that
        assertThat(api.get("/tweets/" + tweet.get("id").asText(), token).json()).isEqualTo(tweet);
        assertThat(tweet.get("retweetedByMe").asBoolean()).isFalse();
        assertThat(tweet.get("likedByMe").asBoolean()).isFalse();
        JsonNode anonymous = api.get("/tweets/" + tweet.get("id").asText()).json();
        assertThat(anonymous.has("retweetedByMe") || anonymous.has("likedByMe")).isFalse();
        assertThat(api.get("/users/" + alice).json().get("tweets").asLong()).isEqualTo(1);

        String id = tweet.get("id").asText();
        await().atMost(INDEXED).until(() -> ids(api.get("/hashtags/" + tag.toUpperCase() + "/tweets").json())
                .contains(id));
        await().atMost(INDEXED).until(() -> ids(api.get("/users/" + bob + "/mentions").json()).contains(id));
        await().atMost(INDEXED).until(() -> ids(api.get("/tweets/recent").json()).contains(id));
    }

    @Test
    void enforcesTheTextRules() {
        String token = api.signUp(unique("text"));

        assertThat(api.post("/tweets", token, Map.of("text", "")).status()).isEqualTo(400);
        assertThat(api.post("/tweets", token, Map.of("text", " \n\t ")).status()).isEqualTo(400);
        assertThat(api.post("/tweets", token, Map.of("text", "x".repeat(281))).status()).isEqualTo(400);
        assertThat(api.post("/tweets", token, Map.of()).json().get("errors").get(0).get("field").asText())
                .isEqualTo("text");
        assertThat(api.post("/tweets", token, Map.of("text", 42)).status()).isEqualTo(400);
        assertThat(api.post("/tweets", token, "{\"text\": \"a\",").status()).isEqualTo(400);
        // 280 emoji are 280 characters (code points), though 560 UTF-16 units
        assertThat(api.post("/tweets", token, Map.of("text", "😀".repeat(280))).status()).isEqualTo(201);
        assertThat(api.post("/tweets", token, Map.of("text", "  " + "y".repeat(280) + "  ")).status())
                .isEqualTo(201);
    }

    /** Through DynamoDB's UTF-8, a lone surrogate in any text answered 500; now a 400 naming the field. */
    @Test
    void textThatIsNotUnicodeIs400EverywhereAPasswordToo() {
        String name = unique("lone");
        var badName = api.post("/users", null, "{\"username\": \"" + name + "\", \"password\": \"password-1\","
                + " \"displayName\": \"half \\ud83d\"}");
        var badPassword = api.post("/users", null, "{\"username\": \"" + name + "\", \"password\": \"\\ud800abcdefgh\"}");
        String token = api.signUp(name);
        var badTweet = api.post("/tweets", token, "{\"text\": \"half an emoji \\ud83d\"}");
        var badLogin = api.post("/sessions", null, "{\"username\": \"" + name + "\", \"password\": \"\\udfffabcdefgh\"}");

        assertThat(badName.status()).as(badName.body()).isEqualTo(400);
        assertThat(badName.json().get("errors").get(0).get("field").asText()).isEqualTo("displayName");
        assertThat(badPassword.status()).as(badPassword.body()).isEqualTo(400);
        assertThat(badTweet.status()).as(badTweet.body()).isEqualTo(400);
        assertThat(badTweet.json().get("errors").get(0).get("field").asText()).isEqualTo("text");
        assertThat(badLogin.status()).as(badLogin.body()).isEqualTo(400);
    }

    /** The hashtag route folds as search does: a full-width tag is found by its plain spelling, and the reverse. */
    @Test
    void aHashtagIsFoundHoweverItsWidthAndCase() {
        String token = api.signUp(unique("wide"));
        String tag = unique("tag");
        String fullWidth = tag.chars().mapToObj(c -> Character.toString(c + 0xFEE0)).collect(
                java.util.stream.Collectors.joining());

        String id = tweet(token, "\uff03" + fullWidth).get("id").asText();

        await().atMost(INDEXED).until(() -> ids(api.get("/hashtags/" + tag.toUpperCase() + "/tweets").json())
                .contains(id));
        assertThat(ids(api.get("/hashtags/" + java.net.URLEncoder.encode(fullWidth,
                java.nio.charset.StandardCharsets.UTF_8) + "/tweets").json())).contains(id);
    }

    @Test
    void repliesCountAndListAndAnUnknownParentIs404() {
        String token = api.signUp(unique("rep"));
        String parent = tweet(token, "parent").get("id").asText();

        var reply = api.post("/tweets", token, Map.of("text", "a reply", "inReplyTo", parent));
        var orphan = api.post("/tweets", token, Map.of("text", "a reply", "inReplyTo", "01ARZ3NDEKTSV4RRFFQ69G5FAV"));
        var garbage = api.post("/tweets", token, Map.of("text", "a reply", "inReplyTo", "nope"));

        assertThat(reply.status()).isEqualTo(201);
        assertThat(reply.text("inReplyTo")).isEqualTo(parent);
        assertThat(orphan.status()).isEqualTo(404);
        assertThat(garbage.status()).isEqualTo(404);
        assertThat(api.get("/tweets/" + parent).json().get("replies").asLong()).isEqualTo(1);
        assertThat(ids(api.get("/tweets/" + parent + "/replies").json())).containsExactly(reply.text("id"));
    }

    @Test
    void userListsPaginateNewestFirstWithoutGapsOrDuplicates() {
        String name = unique("pager");
        String token = api.signUp(name);
        var posted = new ArrayList<String>();
        for (int i = 0; i < 5; i++) {
            posted.add(tweet(token, "tweet " + i).get("id").asText());
        }
        String reply = api.post("/tweets", token, Map.of("text", "self reply", "inReplyTo", posted.get(0)))
                .text("id");
        posted.add(reply);

        var seen = new ArrayList<String>();
        String cursor = null;
        int pages = 0;
        do {
            var page = api.get("/users/" + name + "/tweets?limit=2" + (cursor == null ? "" : "&cursor=" + cursor))
                    .json();
            seen.addAll(ids(page));
            cursor = page.get("next").isNull() ? null : page.get("next").asText();
            pages++;
        } while (cursor != null && pages < 10);

        assertThat(seen).containsExactlyElementsOf(posted.reversed());
        assertThat(ids(api.get("/users/" + name + "/replies").json())).containsExactly(reply);
    }

    @Test
    void rejectsBadPagingParameters() {
        String name = unique("limits");
        api.signUp(name);
        for (String limit : new String[] {"0", "101", "-1", "abc", "1.5", ""}) {
            var response = api.get("/users/" + name + "/tweets?limit=" + limit);
            assertThat(response.status()).as("limit=" + limit).isEqualTo(400);
            assertThat(response.json().get("errors").get(0).get("field").asText()).isEqualTo("limit");
        }
        for (String cursor : new String[] {"garbage", "eyJiIjoxfQ", "eyJiIjoiPCJ9", "%FF"}) {
            var response = api.get("/users/" + name + "/tweets?cursor=" + cursor);
            assertThat(response.status()).as("cursor=" + cursor).isEqualTo(400);
        }
        assertThat(api.get("/users/" + name + "/tweets?limit=100").status()).isEqualTo(200);
        assertThat(api.get("/tweets/recent?limit=51").status()).isEqualTo(400);
    }

    @Test
    void retweetsAreIdempotentAndListed() {
        String author = api.signUp(unique("star"));
        String fanName = unique("fan");
        String fan = api.signUp(fanName);
        String id = tweet(author, "retweet me").get("id").asText();

        var first = api.post("/tweets/" + id + "/retweets", fan, null);
        assertThat(first.status()).isEqualTo(201);
        assertThat(first.json().get("retweets").asLong()).as("the count read before, and this retweet").isEqualTo(1);
        awaitRetweets(id, 1); // folded from the count log's stream, moments later
        var second = api.post("/tweets/" + id + "/retweets", fan, null);

        assertThat(second.status()).isEqualTo(200);
        assertThat(second.json().get("retweets").asLong()).isEqualTo(1);
        var retweeters = api.get("/tweets/" + id + "/retweets").json();
        assertThat(retweeters.get("count").asLong()).isEqualTo(1);
        assertThat(retweeters.get("items")).extracting(u -> u.get("username").asText()).containsExactly(fanName);

        assertThat(api.delete("/tweets/" + id + "/retweets", fan).status()).isEqualTo(204);
        assertThat(api.delete("/tweets/" + id + "/retweets", fan).status()).isEqualTo(204);
        awaitRetweets(id, 0);
        assertThat(api.post("/tweets/01ARZ3NDEKTSV4RRFFQ69G5FAV/retweets", fan, null).status()).isEqualTo(404);
    }

    /** A retweet count reaches {@code expected} (the count log's fold) and stays there for 3 s. */
    private static void awaitRetweets(String tweetId, long expected) {
        java.util.concurrent.Callable<Long> retweets = () -> api.get("/tweets/" + tweetId).json().get("retweets")
                .asLong();
        org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(60)).until(retweets, n -> n == expected);
        org.awaitility.Awaitility.await().during(java.time.Duration.ofSeconds(3))
                .atMost(java.time.Duration.ofSeconds(10)).until(retweets, n -> n == expected);
    }

    @Test
    void onlyTheAuthorDeletesAndADeletedTweetLeavesListsAndCounts() {
        String authorName = unique("del");
        String author = api.signUp(authorName);
        String other = api.signUp(unique("oth"));
        String tag = unique("gone");
        String parent = tweet(author, "parent").get("id").asText();
        String id = api.post("/tweets", author, Map.of("text", "bye #" + tag, "inReplyTo", parent)).text("id");
        await().atMost(INDEXED).until(() -> ids(api.get("/hashtags/" + tag + "/tweets").json()).contains(id));

        assertThat(api.delete("/tweets/" + id, other).status()).isEqualTo(403);
        assertThat(api.delete("/tweets/" + id, null).status()).isEqualTo(401);
        assertThat(api.delete("/tweets/" + id, author).status()).isEqualTo(204);

        assertThat(api.get("/tweets/" + id).status()).isEqualTo(404);
        assertThat(api.get("/tweets/" + parent).json().get("replies").asLong()).isZero();
        assertThat(api.get("/users/" + authorName).json().get("tweets").asLong()).isEqualTo(1);
        assertThat(ids(api.get("/users/" + authorName + "/tweets").json())).containsExactly(parent);
        assertThat(ids(api.get("/hashtags/" + tag + "/tweets").json())).doesNotContain(id);
        await().atMost(INDEXED).until(() -> api.get("/hashtags/" + tag + "/tweets").json().get("next").isNull()
                && ids(api.get("/hashtags/" + tag + "/tweets").json()).isEmpty());
        assertThat(api.delete("/tweets/" + id, author).status()).isEqualTo(404);
    }

    @Test
    void unknownTweetsAndUsersAre404() {
        assertThat(api.get("/tweets/01ARZ3NDEKTSV4RRFFQ69G5FAV").status()).isEqualTo(404);
        assertThat(api.get("/tweets/not-an-id").status()).isEqualTo(404);
        assertThat(api.get("/tweets/01ARZ3NDEKTSV4RRFFQ69G5FAV/replies").status()).isEqualTo(404);
        assertThat(api.get("/tweets/01ARZ3NDEKTSV4RRFFQ69G5FAV/retweets").status()).isEqualTo(404);
        assertThat(api.get("/users/" + unique("nope") + "/tweets").status()).isEqualTo(404);
        assertThat(api.get("/users/" + unique("nope") + "/mentions").status()).isEqualTo(404);
    }

    @Test
    void aBodyOverSixMegabytesIs413() {
        String token = api.signUp(unique("big"));
        var response = api.post("/tweets", token, "{\"text\":\"" + "x".repeat(6 * 1024 * 1024) + "\"}");
        assertThat(response.status()).isEqualTo(413);
    }

    /**
     * Lambda's limit is on the event, the body with the request's headers and context around it: a body some
     * kilobytes under it reaches the handler, which refuses the text (a 400 naming it), not the size; a body of the
     * limit exactly makes an event over it.
     */
    @Test
    void aBodyWhoseEventFitsReachesTheHandlerAndABodyOfTheLimitDoesNot() {
        String token = api.signUp(unique("edge"));
        String frame = "{\"text\":\"\"}";
        int eventRoom = 16 * 1024; // the event's headers and request context, well over what this request has
        String fitting = "{\"text\":\"" + "x".repeat(LocalHttpApi.MAX_PAYLOAD_BYTES - eventRoom - frame.length())
                + "\"}";
        String atLimit = "{\"text\":\"" + "x".repeat(LocalHttpApi.MAX_PAYLOAD_BYTES - frame.length()) + "\"}";
        assertThat(atLimit.getBytes(java.nio.charset.StandardCharsets.UTF_8)).hasSize(LocalHttpApi.MAX_PAYLOAD_BYTES);

        var fits = api.post("/tweets", token, fitting);
        var overTheLimit = api.post("/tweets", token, atLimit);

        assertThat(fits.status()).as(fits.body().substring(0, Math.min(200, fits.body().length()))).isEqualTo(400);
        assertThat(fits.body()).contains("text");
        assertThat(overTheLimit.status()).isEqualTo(413);
    }
}
