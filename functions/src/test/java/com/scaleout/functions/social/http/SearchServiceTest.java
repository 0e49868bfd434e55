package com.scaleout.functions.social.http;

import static com.scaleout.functions.social.http.ApiJson.itemIds;
import static com.scaleout.functions.social.http.ApiJson.next;
import static com.scaleout.functions.social.http.ApiJson.ok;
import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.functions.shared.http.ApiRequest;
import com.scaleout.functions.social.application.SearchIndexStore;
import com.scaleout.functions.social.application.SearchService;
import com.scaleout.functions.social.application.TweetBodies;
import com.scaleout.functions.social.domain.Tweet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Searching the seeded world through GET /search: ranking, the kinds of term, paging over a snapshot while tweets
 * keep arriving, deletions, and the cached first page with its invalidation by the search indexer. Tweets reach
 * the index only when the test delivers the streams, as in production. (In the http package for the seeded
 * world.)
 */
class SearchServiceTest {
    private final SocialWorld world = SocialWorld.seeded();

    private static APIGatewayV2HTTPEvent request(String q, Integer limit, String cursor) {
        var event = Samples.http("get-search");
        Map<String, String> query = new HashMap<>();
        query.put("q", q);
        if (limit != null) {
            query.put("limit", limit.toString());
        }
        if (cursor != null) {
            query.put("cursor", cursor);
        }
        event.setQueryStringParameters(query);
        return event;
    }

    private JsonNode page(String q, Integer limit, String cursor) {
        return ok(world.handle(request(q, limit, cursor)), 200);
    }

    private List<String> search(String q) {
        return itemIds(page(q, null, null));
    }

    private String posted(String authorId, String text) {
        String id = world.post(authorId, text);
        world.deliverStreams();
        return id;
    }

    private void delete(String authorId, String tweetId) {
        world.tweetService.delete(world.actor(authorId), tweetId);
        world.deliverStreams();
    }

    /** Every page of {@code limit}, following {@code next}; {@code betweenPages} runs after each page. */
    private List<String> allPages(String q, int limit, Runnable betweenPages) {
        var ids = new ArrayList<String>();
        String cursor = null;
        for (int pages = 0; pages <= 100; pages++) {
            JsonNode page = page(q, limit, cursor);
            List<String> items = itemIds(page);
            assertThat(items.size()).as("page %s", pages).isLessThanOrEqualTo(limit);
            ids.addAll(items);
            cursor = next(page);
            if (cursor == null) {
                return ids;
            }
            betweenPages.run();
        }
        throw new AssertionError("more than 100 pages");
    }

    @Test
    void ranksMoreTermsMatchedFirstThenNewer() {
        String oldBoth = posted(Seed.ALICE, "Serverless java, the early days");
        String serverless = posted(Seed.BOB, "Serverless is fun");
        String java = posted(Seed.CAROL, "java records are neat");
        String newBoth = posted(Seed.BOB, "More java on serverless");
        posted(Seed.ALICE, "Nothing to see");

        var ranked = List.of(newBoth, oldBoth, java, serverless, // the seeded tweets tagged #java match "java" too
                Seed.ALICE_REPLY, Seed.BOB_FIRST, Seed.ALICE_FIRST);
        assertThat(search("serverless java")).containsExactlyElementsOf(ranked);
        assertThat(search("java serverless")).containsExactlyElementsOf(ranked);
    }

    @Test
    void aWordFindsItsHashtagTooNewestFirstAndAHashtagOnlyTheTag() {
        String word = posted(Seed.CAROL, "I drink java every morning");
        String tagged = posted(Seed.CAROL, "Learning #JAVA today");

        assertThat(search("#java")).containsExactly(tagged, Seed.ALICE_REPLY, Seed.BOB_FIRST, Seed.ALICE_FIRST);
        assertThat(search("java")).as("the word or its tag: one term matched either way, newest first")
                .containsExactly(tagged, word, Seed.ALICE_REPLY, Seed.BOB_FIRST, Seed.ALICE_FIRST);
        assertThat(search("#Java java")).as("a tagged tweet matches both terms, the word alone one")
                .containsExactly(tagged, Seed.ALICE_REPLY, Seed.BOB_FIRST, Seed.ALICE_FIRST, word);
    }

    @Test
    void aWordPagesThroughItsTweetsAndItsTaggedOnesOnceEach() {
        var posted = new ArrayList<String>();
        for (int n = 1; n <= 7; n++) {
            String text = switch (n % 3) {
                case 0 -> "history lesson " + n;
                case 1 -> "a #History lesson " + n;
                default -> "history and #history " + n;
            };
            posted.addFirst(posted(n % 2 == 0 ? Seed.ALICE : Seed.BOB, text));
        }

        assertThat(allPages("history", 1, () -> { })).containsExactlyElementsOf(posted);
        assertThat(allPages("history", 3, () -> { })).containsExactlyElementsOf(posted);
        assertThat(allPages("#history", 2, () -> { })).hasSize(5);
    }

    @Test
    void aMentionFindsTheMentionNotTheWordNorAnEmailAddress() {
        String word = posted(Seed.CAROL, "Alice in wonderland");
        String email = posted(Seed.CAROL, "write to alice@example.com");

        assertThat(search("@alice")).containsExactly(Seed.BOB_FIRST);
        assertThat(search("@ALICE")).containsExactly(Seed.BOB_FIRST);
        assertThat(search("alice")).as("the address's words are words").containsExactly(email, word);
        assertThat(search("@bob")).containsExactly(Seed.ALICE_REPLY);
    }

    @Test
    void findsRegardlessOfCaseAndUnicodeForm() {
        String decomposed = posted(Seed.BOB, "Best cafe\u0301 in town");
        String fullWidth = posted(Seed.CAROL, "ＳＥＲＶＥＲＬＥＳＳ all the way");

        assertThat(search("CAFÉ")).as("the word, and bob's #Café").containsExactly(decomposed, Seed.BOB_FIRST);
        assertThat(search("café")).containsExactly(decomposed, Seed.BOB_FIRST);
        assertThat(search("#CAFE\u0301")).containsExactly(Seed.BOB_FIRST);
        assertThat(search("serverless")).containsExactly(fullWidth);
    }

    @Test
    void answersTweetObjectsWithNextNullWhenAllFit() {
        JsonNode page = page("welcome #java @bob", null, null);

        assertThat(itemIds(page)).containsExactly(Seed.ALICE_REPLY, Seed.BOB_FIRST, Seed.ALICE_FIRST);
        assertThat(next(page)).isNull();
        ApiJson.assertTweet(page.get("items").get(0), Seed.ALICE_REPLY, Seed.ALICE, "alice");
        ApiJson.assertTweet(page.get("items").get(1), Seed.BOB_FIRST, Seed.BOB, "bob");
        assertThat(page.get("items").get(1).get("text").asText()).isEqualTo("Hi @alice, welcome! #java #Café");
    }

    @Test
    void unknownTermsFindNothing() {
        JsonNode page = page("zebra #unheardof @nobody", null, null);

        assertThat(itemIds(page)).isEmpty();
        assertThat(next(page)).isNull();
    }

    @Test
    void pagesWithSmallLimitsWithoutDuplicatesOrGapsWhileNewMatchesArrive() {
        for (int n = 1; n <= 9; n++) {
            posted(n % 2 == 0 ? Seed.ALICE : Seed.BOB, n % 3 == 0 ? "paging number " + n + " #stable"
                    : "paging number " + n);
        }
        List<String> before = search("paging #stable");
        assertThat(before).hasSize(9);

        int[] arrivals = {0};
        List<String> paged = allPages("paging #stable", 2, () -> {
            arrivals[0]++;
            posted(Seed.CAROL, "paging again #stable " + arrivals[0]); // ranks first: both terms, newest
            posted(Seed.CAROL, "paging once more " + arrivals[0]);
        });

        assertThat(arrivals[0]).isEqualTo(4);
        assertThat(paged).containsExactlyElementsOf(before).doesNotHaveDuplicates();
        assertThat(search("paging #stable")).hasSize(9 + 2 * arrivals[0]);
    }

    @Test
    void aOneTermSearchReadsOnlyThePageItShowsAndPagesWithoutGapsWhileNewMatchesArrive() {
        var asked = new ArrayList<Integer>();
        SearchIndexStore recording = delegating((terms, limit) -> asked.add(limit));
        var service = new SearchService(recording, world.searchCache, new TweetBodies(world.tweetCache, world.tweets));
        var posted = new ArrayList<String>();
        for (int n = 1; n <= 7; n++) {
            posted.addFirst(posted(Seed.BOB, "one term " + n + " #onlyone"));
        }

        var paged = new ArrayList<String>();
        String cursor = null;
        do {
            var event = request("#onlyone", 3, cursor);
            var page = search(service, new ApiRequest(event));
            page.items().forEach(tweet -> paged.add(tweet.id()));
            cursor = page.next();
            posted(Seed.CAROL, "newer, after the snapshot #onlyone"); // must not shift or repeat what is paged
        } while (cursor != null);

        assertThat(paged).containsExactlyElementsOf(posted);
        assertThat(asked).as("postings asked per page, not the %s-per-term window", 1000).allMatch(n -> n <= 5);
    }

    @Test
    void pagesOfOneAcrossEveryTierOfMatches() {
        String both = posted(Seed.ALICE, "lambda snapstart");
        String lambda = posted(Seed.BOB, "lambda only");
        String snapstart = posted(Seed.CAROL, "snapstart only");
        String newerBoth = posted(Seed.CAROL, "snapstart with lambda");

        assertThat(allPages("lambda snapstart", 1, () -> posted(Seed.ALICE, "lambda snapstart again")))
                .containsExactly(newerBoth, both, snapstart, lambda);
    }

    @Test
    void deletedTweetsVanishFromResultsAndFromLaterPages() {
        String first = posted(Seed.ALICE, "ephemeral one");
        String second = posted(Seed.ALICE, "ephemeral two");
        String third = posted(Seed.ALICE, "ephemeral three");
        assertThat(search("ephemeral")).containsExactly(third, second, first);

        JsonNode page = page("ephemeral", 1, null);
        delete(Seed.ALICE, second);

        assertThat(itemIds(page("ephemeral", 2, next(page)))).containsExactly(first);
        assertThat(search("ephemeral")).containsExactly(third, first);
    }

    @Test
    void cachesTheFirstPageAndServesTheSecondCallFromIt() {
        List<String> first = search("#java");
        List<String> again = search("#JAVA");

        assertThat(again).isEqualTo(first);
        assertThat(world.searchCache.puts()).isEqualTo(1);
        assertThat(world.searchCache.hits()).isEqualTo(1);
        assertThat(search("#java")).isEqualTo(first);
        assertThat(world.searchCache.hits()).isEqualTo(2);
    }

    @Test
    void smallerPagesAndLaterPagesBypassTheCache() {
        JsonNode page = page("#java", 1, null);
        page("#java", 1, next(page));

        assertThat(world.searchCache.puts()).isZero();
        assertThat(world.searchCache.hits()).isZero();
    }

    @Test
    void aNewMatchingTweetInvalidatesTheCachedPage() {
        search("welcome #java");
        String tagged = posted(Seed.CAROL, "More #Java please");

        assertThat(world.searchCache.invalidations()).isEqualTo(1);
        assertThat(search("welcome #java")).containsExactly(Seed.BOB_FIRST, tagged, Seed.ALICE_REPLY,
                Seed.ALICE_FIRST);
        assertThat(world.searchCache.puts()).isEqualTo(2);
    }

    @Test
    void aDeletedMatchingTweetInvalidatesTheCachedPage() {
        search("#java");
        delete(Seed.ALICE, Seed.ALICE_REPLY);

        assertThat(world.searchCache.invalidations()).isEqualTo(1);
        assertThat(search("#java")).containsExactly(Seed.BOB_FIRST, Seed.ALICE_FIRST);
    }

    @Test
    void aTweetSharingNoTermLeavesTheCachedPageAlone() {
        search("#java welcome");
        posted(Seed.CAROL, "java without the tag, and @welcome");

        assertThat(world.searchCache.invalidations()).isZero();
        assertThat(search("#java welcome")).containsExactly(Seed.BOB_FIRST, Seed.ALICE_REPLY, Seed.ALICE_FIRST);
        assertThat(world.searchCache.hits()).isEqualTo(1);
    }

    @Test
    void aNewTaggedTweetInvalidatesTheCachedPageOfItsWord() {
        search("welcome");
        String tagged = posted(Seed.CAROL, "A #Welcome to everyone");

        assertThat(search("welcome")).containsExactly(tagged, Seed.BOB_FIRST);
        assertThat(world.searchCache.puts()).isEqualTo(2);
    }

    @Test
    void aTweetArrivingWhileTheFirstPageIsComputedIsNotHiddenByTheCache() {
        var arrived = new ArrayList<String>();
        SearchIndexStore racing = delegating((terms, limit) -> {
            if (arrived.isEmpty()) {
                arrived.add(posted(Seed.CAROL, "Racing #java")); // indexed, invalidation runs: nothing cached yet
            }
        });
        var service = new SearchService(racing, world.searchCache, new TweetBodies(world.tweetCache, world.tweets));
        var request = new ApiRequest(request("#java", null, null));

        search(service, request);

        assertThat(search(service, request).items()).extracting(Tweet::id).contains(arrived.getFirst());
    }

    @Test
    void searchesAndIndexesWithTheCacheDown() {
        search("#java");
        world.searchCache.setAvailable(false);

        String tagged = posted(Seed.CAROL, "Down but #java");

        assertThat(search("#java")).containsExactly(tagged, Seed.ALICE_REPLY, Seed.BOB_FIRST, Seed.ALICE_FIRST);
        world.searchCache.setAvailable(true);
        assertThat(search("#java")).as("the stale page, until its TTL").doesNotContain(tagged);
        world.searchCache.flush(); // the TTL passed
        assertThat(search("#java")).startsWith(tagged);
    }

    /** The world's index, calling {@code afterRead} with each postings read's terms and limit. */
    private SearchIndexStore delegating(java.util.function.BiConsumer<List<String>, Integer> afterRead) {
        return new SearchIndexStore() {
            @Override
            public void add(String tweetId, List<String> terms) {
                world.searchIndex.add(tweetId, terms);
            }

            @Override
            public void remove(String tweetId, List<String> terms) {
                world.searchIndex.remove(tweetId, terms);
            }

            @Override
            public Map<String, List<String>> postings(List<String> terms, String newest, int limit) {
                Map<String, List<String>> ids = world.searchIndex.postings(terms, newest, limit);
                afterRead.accept(terms, limit);
                return ids;
            }
        };
    }

    private List<String> hashtagPage(String tag) {
        var event = Samples.http("get-hashtag-tweets");
        event.getPathParameters().put("tag", tag);
        return itemIds(ok(world.handle(event), 200));
    }

    /** The hashtag route folds width and case exactly as search does: one tokenizer for both. */
    @Test
    void theHashtagRouteFindsWhatSearchFindsForTheTag() {
        String fullWidth = posted(Seed.CAROL, "full width \uff03\uff54\uff45\uff53\uff54");

        assertThat(search("#test")).containsExactly(fullWidth);
        assertThat(hashtagPage("test")).containsExactly(fullWidth);
        assertThat(hashtagPage("#TEST")).containsExactly(fullWidth);
        assertThat(hashtagPage("\uff34\uff25\uff33\uff34")).containsExactly(fullWidth);
    }

    /** Lower-casing doubles the length of U+0130 (i and a combining dot): the tag is still found. */
    @Test
    void everyHashtagATweetShowsIsFoundByTheHashtagRoute() {
        String dotted = "\u0130".repeat(100);
        String id = posted(Seed.CAROL, "#" + dotted);

        assertThat(world.tweets.findMany(List.of(id)).getFirst().hashtags()).containsExactly(dotted);
        assertThat(hashtagPage(dotted)).containsExactly(id);
        assertThat(search("#" + dotted)).containsExactly(id);
    }

    /** The search a request asks for, read as SearchHandler reads it. */
    private static com.scaleout.functions.shared.paging.Page<Tweet> search(SearchService service, ApiRequest request) {
        return service.search(request.query("q"), com.scaleout.functions.shared.http.PageRequests.limit(request,
                SearchService.MAX_LIMIT, SearchService.MAX_LIMIT), request.query("cursor"));
    }
}
