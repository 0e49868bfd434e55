package com.scaleout.functions.social.application;

import com.scaleout.functions.shared.logging.ThrottledLogs;
import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.functions.shared.failure.InvalidInputException;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.functions.shared.paging.Page;
import com.scaleout.functions.shared.ids.Ids;
import com.scaleout.functions.social.domain.SearchTerms;
import com.scaleout.functions.social.domain.Tweet;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Search over words, {@code #tags} and {@code @users}: tweets matching more of the query's terms first, then
 * newer. A word matches a tweet that has it as a word or as a tag ({@code history} finds {@code #history}, ranked
 * as a plain match: newest first among both); a tag matches only the tag. Each term of a query of several contributes the {@link #PER_TERM} newest tweets that contain it (a query
 * of one term reads only the page it shows), up to a snapshot taken by the first page (the newest match then); later
 * pages carry the snapshot in their cursor, so tweets arriving meanwhile neither shift nor repeat what a reader
 * pages through. The default first page of each query is cached
 * and invalidated by the stream handler when a tweet with one of its terms arrives or goes.
 */
public final class SearchService {
    public static final int MAX_LIMIT = 50;
    /** Candidates per term: a query ranks among the newest 1,000 tweets of each of its terms. */
    static final int PER_TERM = 1000;
    private static final String NEWEST_POSSIBLE = "7ZZZZZZZZZZZZZZZZZZZZZZZZZ";
    private static final Logger LOG = Logger.getLogger(SearchService.class.getName());
    private static final org.apache.logging.log4j.Logger CACHE_DOWN = ThrottledLogs.cacheDown();

    private final SearchIndexStore index;
    private final SearchCache cache;
    private final TweetBodies tweets;

    public SearchService(SearchIndexStore index, SearchCache cache, TweetBodies tweets) {
        this.index = index;
        this.cache = cache;
        this.tweets = tweets;
    }

    /** Where a page ended: the snapshot, and the rank (terms matched, id) of its last tweet. */
    record Position(String snapshot, int matched, String lastId) {
    }

    /**
     * The page of tweets that match the query, best first: {@code limit} of them (1 to {@link #MAX_LIMIT}), after the
     * position a previous page's {@code cursor} names.
     */
    public Page<Tweet> search(Optional<String> query, int limit, Optional<String> cursor) {
        List<String> terms;
        try {
            terms = SearchTerms.ofQuery(query.orElse(null));
        } catch (SearchTerms.InvalidQuery e) {
            throw InvalidInputException.field("q", e.getMessage());
        }
        Optional<Position> after = cursor.map(SearchService::decode);
        String normalized = String.join(" ", terms);
        boolean cacheable = after.isEmpty() && limit == MAX_LIMIT;
        Optional<SearchCache.Lookup> lookup = cacheable ? lookup(normalized, terms) : Optional.empty();
        var cached = lookup.flatMap(SearchCache.Lookup::page);
        if (cached.isPresent()) {
            return new Page<>(tweets.inOrder(cached.get().tweetIds()), cached.get().next());
        }
        var page = rank(terms, limit, after); // after the lookup read the stamp: see SearchCache
        lookup.ifPresent(l -> {
            try {
                cache.put(normalized, l.stamp(), new SearchCache.CachedPage(
                        page.items().stream().map(Tweet::id).toList(), page.next()));
            } catch (RuntimeException cacheDown) {
                LOG.log(Level.FINE, "search cache unavailable", cacheDown);
            }
        });
        return page;
    }

    private Optional<SearchCache.Lookup> lookup(String query, List<String> terms) {
        try {
            return Optional.of(cache.lookup(query, terms));
        } catch (RuntimeException cacheDown) {
            CACHE_DOWN.warn("search cache unavailable; searching", cacheDown);
            return Optional.empty();
        }
    }

    private Page<Tweet> rank(List<String> terms, int limit, Optional<Position> after) {
        if (terms.size() == 1) {
            return newestWith(terms.getFirst(), limit, after);
        }
        String snapshot = after.map(Position::snapshot).orElse(NEWEST_POSSIBLE);
        Map<String, Integer> matched = new HashMap<>();
        postings(terms, snapshot, PER_TERM).values()
                .forEach(ids -> ids.forEach(id -> matched.merge(id, 1, Integer::sum)));
        String newest = after.map(Position::snapshot)
                .orElse(matched.keySet().stream().max(Comparator.naturalOrder()).orElse(NEWEST_POSSIBLE));
        var ranked = matched.entrySet().stream()
                .filter(e -> after.map(p -> isAfter(e.getValue(), e.getKey(), p)).orElse(true))
                .sorted(Map.Entry.<String, Integer>comparingByValue().reversed()
                        .thenComparing(Map.Entry.<String, Integer>comparingByKey().reversed()))
                .limit(limit + 1L)
                .toList();
        boolean more = ranked.size() > limit;
        var shown = ranked.subList(0, Math.min(limit, ranked.size()));
        var ids = new ArrayList<String>();
        shown.forEach(e -> ids.add(e.getKey()));
        String next = more ? encode(new Position(newest, shown.getLast().getValue(), shown.getLast().getKey())) : null;
        return new Page<>(tweets.inOrder(ids), next);
    }

    /**
     * One term ranks newest first, so only the page shown is read (the newest tweets before the cursor's last one),
     * however many tweets have the term: a reader pages through all of them, not only the newest {@link #PER_TERM}.
     */
    private Page<Tweet> newestWith(String term, int limit, Optional<Position> after) {
        // a cursor's last tweet matched one term (this query's) or more (another query's: all of these rank after it)
        Optional<String> before = after.filter(p -> p.matched() == 1).map(Position::lastId);
        String upTo = before.or(() -> after.map(Position::snapshot)).orElse(NEWEST_POSSIBLE);
        var ids = postings(List.of(term), upTo, limit + 2).get(term).stream()
                .filter(id -> before.map(last -> id.compareTo(last) < 0).orElse(true))
                .limit(limit + 1L)
                .toList();
        boolean more = ids.size() > limit;
        var shown = ids.subList(0, Math.min(limit, ids.size()));
        String snapshot = after.map(Position::snapshot).orElse(shown.isEmpty() ? NEWEST_POSSIBLE : shown.getFirst());
        String next = more ? encode(new Position(snapshot, 1, shown.getLast())) : null;
        return new Page<>(tweets.inOrder(shown), next);
    }

    /**
     * For each query term, the newest {@code limit} tweets not newer than {@code newest} that it finds: those of each
     * index term it reads ({@link SearchTerms#postingsOf}: a word, and its tag), merged, each tweet once. All the
     * index terms are read at once.
     */
    private Map<String, List<String>> postings(List<String> queryTerms, String newest, int limit) {
        var read = new LinkedHashMap<String, List<String>>();
        queryTerms.forEach(term -> read.put(term, SearchTerms.postingsOf(term)));
        var indexTerms = read.values().stream().flatMap(List::stream).distinct().toList();
        Map<String, List<String>> byIndexTerm = index.postings(indexTerms, newest, limit);
        var found = new LinkedHashMap<String, List<String>>();
        read.forEach((term, readTerms) -> {
            var ids = new TreeSet<String>(Comparator.reverseOrder());
            readTerms.forEach(indexTerm -> ids.addAll(byIndexTerm.getOrDefault(indexTerm, List.of())));
            found.put(term, ids.stream().limit(limit).toList());
        });
        return found;
    }

    /** Ranked after the position: fewer terms matched, or as many and older. */
    private static boolean isAfter(int matched, String id, Position position) {
        return matched < position.matched() || (matched == position.matched() && id.compareTo(position.lastId()) < 0);
    }

    static String encode(Position position) {
        var json = Json.MAPPER.createObjectNode().put("s", position.snapshot()).put("c", position.matched())
                .put("i", position.lastId());
        return Base64.getUrlEncoder().withoutPadding().encodeToString(Json.write(json).getBytes(StandardCharsets.UTF_8));
    }

    static Position decode(String cursor) {
        try {
            JsonNode node = Json.MAPPER.readTree(new String(Base64.getUrlDecoder().decode(cursor),
                    StandardCharsets.UTF_8));
            String snapshot = node.path("s").asText(null);
            String lastId = node.path("i").asText(null);
            int matched = node.path("c").asInt(0);
            if ((Ids.isId(snapshot) || NEWEST_POSSIBLE.equals(snapshot)) && Ids.isId(lastId) && matched >= 1
                    && matched <= SearchTerms.MAX_QUERY_TERMS) {
                return new Position(snapshot, matched, lastId);
            }
        } catch (Exception malformed) {
            // reported below, whatever the cause
        }
        throw InvalidInputException.field("cursor", "is not a cursor this search returned");
    }
}
