package com.scaleout.local.social;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.local.testing.ProductionApiIT;
import com.scaleout.local.testing.SharedBackends;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Search through the local runtime: the index kept by the stream handler, ranking, paging, cache invalidation. */
class SearchIT extends ProductionApiIT {
    /** A bound, not a wait: on the shared stack the Tweets stream may still carry an earlier class's backlog. */
    private static final Duration INDEXED = Duration.ofSeconds(60);

    private static JsonNode search(String query, String extra) {
        var reply = api.get("/search?q=" + URLEncoder.encode(query, StandardCharsets.UTF_8) + extra);
        assertThat(reply.status()).as(reply.body()).isEqualTo(200);
        return reply.json();
    }

    private static List<String> texts(JsonNode page) {
        var texts = new ArrayList<String>();
        page.get("items").forEach(item -> texts.add(item.get("text").asText()));
        return texts;
    }

    private static String tweet(String token, String text) {
        var reply = api.post("/tweets", token, Map.of("text", text));
        assertThat(reply.status()).as(reply.body()).isEqualTo(201);
        return reply.text("id");
    }

    @Test
    void ranksByTermsMatchedThenNewerAndAWordFindsItsTagButATagOrAMentionOnlyItself() {
        String word = unique("w").toLowerCase();
        String other = unique("o").toLowerCase();
        String name = unique("Mia");
        String token = api.signUp(name);
        tweet(token, "old " + word + " and " + other);
        tweet(token, "just " + word);
        tweet(token, "Loud #" + word.toUpperCase() + " only");
        tweet(token, "hi @" + name + " about " + other.toUpperCase());

        await().atMost(INDEXED).until(() -> texts(search(word + " " + other, "")).size() == 4);
        assertThat(texts(search(word + " " + other, "")))
                .containsExactly("old " + word + " and " + other, "hi @" + name + " about " + other.toUpperCase(),
                        "Loud #" + word.toUpperCase() + " only", "just " + word);
        assertThat(texts(search("#" + word, ""))).containsExactly("Loud #" + word.toUpperCase() + " only");
        assertThat(texts(search("@" + name.toLowerCase(), ""))).containsExactly("hi @" + name + " about "
                + other.toUpperCase());
        assertThat(texts(search("nosuchtermanywhere", ""))).isEmpty();
    }

    @Test
    void matchesAcrossCaseAndUnicodeForms() {
        String token = api.signUp(unique("uni"));
        String stem = unique("c").toLowerCase();
        tweet(token, "Menu: " + stem.toUpperCase() + "CAFÉ!");

        await().atMost(INDEXED).until(() -> texts(search(stem + "cafe\u0301", "")).size() == 1);
    }

    @Test
    void pagesHaveNoGapsOrDuplicatesWhileTweetsArrive() {
        String token = api.signUp(unique("pag"));
        String word = unique("p").toLowerCase();
        var posted = new ArrayList<String>();
        for (int i = 0; i < 7; i++) {
            posted.add("t" + i + " " + word);
            tweet(token, posted.getLast());
        }
        await().atMost(INDEXED).until(() -> texts(search(word, "")).size() == 7);

        var seen = new ArrayList<String>();
        String cursor = null;
        int newer = 0;
        do {
            JsonNode page = search(word, "&limit=2" + (cursor == null ? "" : "&cursor=" + cursor));
            seen.addAll(texts(page));
            cursor = page.get("next").isNull() ? null : page.get("next").asText();
            tweet(token, "newer " + newer++ + " " + word); // arrives while the reader pages
        } while (cursor != null);

        assertThat(seen).containsExactlyElementsOf(posted.reversed());
    }

    @Test
    void theFirstPageIsCachedAndANewOrDeletedMatchingTweetInvalidatesIt() throws Exception {
        String token = api.signUp(unique("cch"));
        String word = unique("k").toLowerCase();
        String first = tweet(token, "first " + word);
        await().atMost(INDEXED).until(() -> texts(search(word, "")).size() == 1);
        // cached once the indexer has given the term a generation (it bumps it right after indexing)
        await().atMost(INDEXED).until(() -> texts(search(word, "")).size() == 1
                && SharedBackends.redis().exists("search:{" + word + "}") == 1);

        tweet(token, "second " + word);
        await().atMost(INDEXED).until(() -> texts(search(word, "")).size() == 2);

        assertThat(api.delete("/tweets/" + first, token).status()).isEqualTo(204);
        await().atMost(INDEXED).untilAsserted(() -> assertThat(texts(search(word, "")))
                .containsExactly("second " + word));
    }

    @Test
    void aWordFindsItsTaggedTweetsAndItsCachedPageMakesWayForANewTaggedOne() {
        String token = api.signUp(unique("tag"));
        String word = unique("h").toLowerCase();
        for (int i = 0; i < 5; i++) {
            tweet(token, "lesson " + i + " #" + word);
        }
        tweet(token, "plain " + word);
        await().atMost(INDEXED).until(() -> texts(search(word, "")).size() == 6);
        await().atMost(INDEXED).until(() -> texts(search(word, "")).size() == 6
                && SharedBackends.redis().exists("search:{" + word + "}") == 1);
        assertThat(texts(search("#" + word, ""))).hasSize(5).allMatch(text -> text.contains("#" + word));

        tweet(token, "one more #" + word.toUpperCase());

        await().atMost(INDEXED).untilAsserted(() -> assertThat(texts(search(word, ""))).hasSize(7)
                .startsWith("one more #" + word.toUpperCase(), "plain " + word));
        var paged = new ArrayList<String>();
        String cursor = null;
        do {
            JsonNode page = search(word, "&limit=1" + (cursor == null ? "" : "&cursor=" + cursor));
            paged.addAll(texts(page));
            cursor = page.get("next").isNull() ? null : page.get("next").asText();
        } while (cursor != null && paged.size() <= 7);
        assertThat(paged).containsExactlyElementsOf(texts(search(word, "")));
    }

    @Test
    void rejectsQueriesOutsideTheLimits() {
        for (String q : new String[] {"", "%20%20", "a", "x".repeat(201)}) {
            var reply = api.get("/search?q=" + q);
            assertThat(reply.status()).as("q=" + q).isEqualTo(400);
            assertThat(reply.json().get("errors").get(0).get("field").asText()).isEqualTo("q");
        }
        assertThat(api.get("/search").status()).isEqualTo(400);
        assertThat(api.get("/search?q=" + String.join("+", "aa bb cc dd ee ff gg hh ii jj kk".split(" "))).status())
                .isEqualTo(400);
        assertThat(api.get("/search?q=word&limit=51").status()).isEqualTo(400);
        assertThat(api.get("/search?q=word&cursor=bad").status()).isEqualTo(400);
    }
}
