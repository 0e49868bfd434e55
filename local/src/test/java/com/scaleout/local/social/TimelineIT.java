package com.scaleout.local.social;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.local.testing.ProductionApiIT;
import com.scaleout.local.testing.SharedBackends;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Home timelines through the local runtime: fanout from the streams, rebuild after a flush, unfollow, hybrid
 * fanout (the failsafe configuration sets FANOUT_MAX_FOLLOWERS=5), deletions, and recommendations.
 */
class TimelineIT extends ProductionApiIT {
    /**
     * How long the fanout may take here: generous, as the machine may be busy; how fast it is (a follower sees a new
     * tweet within 5 s) is measured by the benchmarks, not asserted by a timed test.
     */
    private static final Duration FANOUT = Duration.ofSeconds(60);

    private static JsonNode timeline(String token) {
        var reply = api.get("/timeline?limit=100", token);
        assertThat(reply.status()).as(reply.body()).isEqualTo(200);
        return reply.json();
    }

    private static List<String> texts(String token) {
        var texts = new ArrayList<String>();
        timeline(token).get("items").forEach(item -> texts.add(item.get("text").asText()));
        return texts;
    }

    /** An account signed up under {@code name}, with its session token. */
    private record Account(String name, String token) {
        Account(String name) {
            this(name, api.signUp(name));
        }
    }

    /** The texts of every page of {@code limit}, following {@code next} (at most 20 pages). */
    private static List<String> pagedTexts(String token, int limit) {
        var seen = new ArrayList<String>();
        String cursor = null;
        for (int pages = 0; pages < 20; pages++) {
            JsonNode page = api.get("/timeline?limit=" + limit + (cursor == null ? "" : "&cursor=" + cursor), token)
                    .json();
            page.get("items").forEach(item -> seen.add(item.get("text").asText()));
            cursor = page.get("next").isNull() ? null : page.get("next").asText();
            if (cursor == null) {
                break;
            }
        }
        return seen;
    }

    private static String tweet(String token, String text) {
        var reply = api.post("/tweets", token, Map.of("text", text));
        assertThat(reply.status()).as(reply.body()).isEqualTo(201);
        return reply.text("id");
    }

    @Test
    void aFollowerSeesANewTweetAndAFlushChangesNothing() throws Exception {
        String alice = api.signUp(unique("tla"));
        String bobName = unique("tlb");
        String bob = api.signUp(bobName);
        String carolName = unique("tlc");
        String carol = api.signUp(carolName);
        api.put("/me/following/" + bobName, alice);
        tweet(alice, "alice's own");
        String aliceName = api.get("/me", alice).text("username");
        String mention = tweet(carol, "hey @" + aliceName + " look");
        String id = tweet(bob, "bob's news");

        await().atMost(FANOUT).until(() -> texts(alice).contains("bob's news"));
        await().atMost(FANOUT).until(() -> texts(alice).size() == 3);
        var before = timeline(alice);
        assertThat(texts(alice)).containsExactly("bob's news", "hey @" + api.get("/me", alice).text("username")
                + " look", "alice's own");
        assertThat(before.get("items").get(0).get("id").asText()).isEqualTo(id);
        assertThat(texts(carol)).doesNotContain("bob's news");
        // a timeline rebuilt after the flush finds mentions in the tweet index, which another stream consumer
        // writes: the flush waits until it has (the fanout above may well be done first)
        await().atMost(FANOUT).until(() -> api.get("/users/" + aliceName + "/mentions").json().get("items")
                .findValuesAsText("id").contains(mention));

        SharedBackends.flushRedis();
        assertThat(timeline(alice)).isEqualTo(before);
    }

    @Test
    void retweetsShowWhoRetweetedAndPagesHaveNoGapsOrDuplicates() {
        String reader = api.signUp(unique("rd"));
        String friendName = unique("fr");
        String friend = api.signUp(friendName);
        String other = api.signUp(unique("ot"));
        api.put("/me/following/" + friendName, reader);
        String original = tweet(other, "worth sharing");
        for (int i = 0; i < 4; i++) {
            tweet(friend, "friend " + i);
        }
        assertThat(api.post("/tweets/" + original + "/retweets", friend, null).status()).isEqualTo(201);

        await().atMost(FANOUT).until(() -> texts(reader).size() == 5);
        JsonNode first = timeline(reader).get("items").get(0);
        assertThat(first.get("id").asText()).isEqualTo(original);
        assertThat(first.get("retweetedBy").get("username").asText()).isEqualTo(friendName);
        assertThat(timeline(reader).get("items").get(1).has("retweetedBy")).isFalse();

        assertThat(pagedTexts(reader, 2)).containsExactly("worth sharing", "friend 3", "friend 2", "friend 1",
                "friend 0");
    }

    @Test
    void aTweetOfAFolloweeRetweetedByAnotherShowsOnceAtTheRetweetAndPagesOfOneShowEachTweetOnce() {
        String reader = api.signUp(unique("rd"));
        var author = new Account(unique("au"));
        var retweeter = new Account(unique("rt"));
        Stream.of(author, retweeter).forEach(followee -> api.put("/me/following/" + followee.name(), reader));
        String shared = tweet(author.token(), "followed and retweeted");
        for (int i = 0; i < 3; i++) {
            tweet(author.token(), "after it " + i);
        }
        await().atMost(FANOUT).until(() -> texts(reader).size() == 4);
        assertThat(api.post("/tweets/" + shared + "/retweets", retweeter.token(), null).status()).isEqualTo(201);

        await().atMost(FANOUT).until(() -> timeline(reader).get("items").get(0).has("retweetedBy"));
        JsonNode first = timeline(reader).get("items").get(0);
        assertThat(first.get("id").asText()).isEqualTo(shared);
        assertThat(first.get("retweetedBy").get("username").asText()).isEqualTo(retweeter.name());
        assertThat(texts(reader)).containsExactly("followed and retweeted", "after it 2", "after it 1", "after it 0");

        assertThat(pagedTexts(reader, 1)).containsExactly("followed and retweeted", "after it 2", "after it 1",
                "after it 0");
    }

    @Test
    void unfollowingRemovesTheirTweetsButKeepsMentionsAndDeletedTweetsDisappear() {
        String meName = unique("me");
        String me = api.signUp(meName);
        String themName = unique("th");
        String them = api.signUp(themName);
        api.put("/me/following/" + themName, me);
        String plain = tweet(them, "plain");
        tweet(them, "hello @" + meName);
        String doomed = tweet(them, "doomed");
        await().atMost(FANOUT).until(() -> texts(me).size() == 3);

        assertThat(api.delete("/tweets/" + doomed, them).status()).isEqualTo(204);
        await().atMost(FANOUT).until(() -> !texts(me).contains("doomed"));

        api.delete("/me/following/" + themName, me);
        await().atMost(FANOUT).until(() -> !texts(me).contains("plain"));
        assertThat(texts(me)).containsExactly("hello @" + meName);
        assertThat(api.get("/tweets/" + plain).status()).isEqualTo(200);
    }

    @Test
    void followingBackfillsAndAnAccountOverTheFanoutLimitIsMergedAtReadTime() throws Exception {
        String starName = unique("star");
        String star = api.signUp(starName);
        tweet(star, "before the crowd");
        var fans = new ArrayList<String>();
        for (int i = 0; i < 6; i++) { // one more than FANOUT_MAX_FOLLOWERS
            String fan = api.signUp(unique("fan" + i));
            api.put("/me/following/" + starName, fan);
            fans.add(fan);
        }
        await().atMost(FANOUT).until(() -> texts(fans.get(0)).contains("before the crowd"));
        await().atMost(FANOUT).until(() -> texts(fans.get(5)).contains("before the crowd")); // backfilled
        // the fanout decides from the star's follower count, folded from the count log moments after the follows
        await().atMost(FANOUT).until(() -> api.get("/users/" + starName).json().get("followers").asLong() == 6);

        String many = tweet(star, "to the many");

        for (String fan : List.of(fans.get(0), fans.get(5))) {
            await().atMost(FANOUT).until(() -> texts(fan).equals(List.of("to the many", "before the crowd")));
        }
        // merged at read time: the fans' own Redis timelines never got it
        String fanId = api.get("/me", fans.get(0)).text("id");
        assertThat(SharedBackends.redis().zrange("timeline:{" + fanId + "}", 0, -1))
                .noneMatch(member -> member.contains(many)).anyMatch(member -> member.startsWith("0"));
        assertThat(SharedBackends.redis().sismember("celebrities", api.get("/users/" + starName).text("id")))
                .isTrue();
        // fans leave; under the limit again, the star's tweets are fanned out once more
        for (String fan : fans.subList(0, 3)) {
            api.delete("/me/following/" + starName, fan);
        }
        await().atMost(FANOUT).until(() -> api.get("/users/" + starName).json().get("followers").asLong() == 3);
        tweet(star, "to the few");
        await().atMost(FANOUT).until(() -> texts(fans.get(5)).equals(
                List.of("to the few", "to the many", "before the crowd")));
        await().atMost(FANOUT).until(() -> texts(fans.get(0)).isEmpty());
    }

    @Test
    void recommendsAccountsFollowedByFolloweesRankedByMutuals() {
        String meName = unique("rme");
        String me = api.signUp(meName);
        var names = new ArrayList<String>();
        var tokens = new ArrayList<String>();
        for (int i = 0; i < 3; i++) {
            names.add(unique("fr" + i));
            tokens.add(api.signUp(names.getLast()));
            api.put("/me/following/" + names.getLast(), me);
        }
        String popular = unique("pop");
        String niche = unique("nic");
        api.signUp(popular);
        api.signUp(niche);
        for (String token : tokens) {
            api.put("/me/following/" + popular, token); // 3 mutuals
        }
        api.put("/me/following/" + niche, tokens.get(0)); // 1 mutual
        api.put("/me/following/" + meName, tokens.get(1)); // never recommend yourself

        await().atMost(FANOUT).until(() -> recommended(me).equals(List.of(popular + ":3", niche + ":1")));

        api.put("/me/following/" + popular, me);
        await().atMost(FANOUT).until(() -> recommended(me).equals(List.of(niche + ":1")));
    }

    private static List<String> recommended(String token) {
        var reply = api.get("/me/recommendations", token);
        assertThat(reply.status()).isEqualTo(200);
        var result = new ArrayList<String>();
        reply.json().get("items").forEach(u -> result.add(u.get("username").asText() + ":" + u.get("mutuals")));
        return result;
    }

    @Test
    void theTimelineNeedsAValidSession() {
        assertThat(api.get("/timeline").status()).isEqualTo(401);
        assertThat(api.get("/me/recommendations").status()).isEqualTo(401);
        String token = api.signUp(unique("pg"));
        assertThat(api.get("/timeline?limit=0", token).status()).isEqualTo(400);
        assertThat(api.get("/timeline?cursor=zzz", token).status()).isEqualTo(400);
    }
}
