package com.scaleout.bench.capacity;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A traffic mix: each route's share of the requests ({@code weights}, summing to 1).
 *
 * @param description where the shares come from
 * @param hotKeys     for a viral mix, the keys of its one entity (the album, the account, the tweet, the tag), which
 *                    every request touches; none for a mix spread over many
 */
public record TrafficMix(String name, String description, Map<String, Double> weights, List<HotKey> hotKeys) {

    /**
     * The keys of {@code resource} ({@code table/T} or {@code table/T/index/I}) that {@code key} matches (a regular
     * expression over the key's pattern) belong to the viral entity. A stream consumer's writes count only when
     * {@code consumerPerRecord}: a consumer that writes per record (the import change log's changes), not one that
     * folds a batch into one write (a count), which the bench's one-request batches would overstate.
     */
    public record HotKey(String resource, String key, boolean consumerPerRecord) {
        HotKey(String resource, String key) {
            this(resource, key, false);
        }

        boolean matches(PartitionUnits units) {
            return resource.equals(units.resource()) && (!units.async() || consumerPerRecord)
                    && java.util.regex.Pattern.compile(key).matcher(units.key()).find();
        }
    }
    /** The social load's (loadtest SocialLoad): 95 % reads, 5 % writes, 19 reads per write. */
    public static final TrafficMix SOCIAL = new TrafficMix("social", "the social load's mix (loadtest SocialLoad: the "
            + "seed's 19 reads per write): 35 % home timeline, 15 % recent, 12 % search, 12 % profile, 8 % an "
            + "author's tweets, 8 % a hashtag, 5 % own profile; 5 % writes: tweets and replies 3.75 %, retweets "
            + "0.75 %, a refollow (an unfollow and a follow) 0.5 %; as requests (a refollow is two), each share "
            + "divided by 1.005", normalized(ordered(
            "GET /timeline", 0.35, "GET /tweets/recent", 0.15, "GET /search", 0.12, "GET /users/{username}", 0.12,
            "GET /users/{username}/tweets", 0.08, "GET /hashtags/{tag}/tweets", 0.08, "GET /me", 0.05,
            "POST /tweets", 0.0375, "POST /tweets/{id}/retweets", 0.0075, "DELETE /me/following/{username}", 0.005,
            "PUT /me/following/{username}", 0.005)), List.of());
    /** The AlbumStore client's: a POST and a GET per pair. */
    public static final TrafficMix ALBUMS = new TrafficMix("albums", "the AlbumStore client's pairs (loadtest "
            + "AlbumsLoad): 50 % POST /albums (an image and a profile), 50 % GET /albums/{albumID}", ordered(
            "POST /albums", 0.5, "GET /albums/{albumID}", 0.5), List.of());
    /** Stitch's client: pushes. */
    public static final TrafficMix IMPORT = new TrafficMix("import", "Stitch's client (loadtest ImportLoad): every "
            + "request a POST /v2/import/push, here of 3 records over 2 tables (the cost bench's push)", ordered(
            "POST /v2/import/push", 1.0), List.of());
    public static final TrafficMix ALL = new TrafficMix("all", "the three workloads, a third of the requests each",
            blend(List.of(SOCIAL, ALBUMS, IMPORT)), List.of());
    /** The viral scenarios: every request the scenario's route (and, for its hot keys, about one entity). */
    public static final List<TrafficMix> VIRAL = List.of(
            viral("viral-likes", "POST /review/{likeornot}/{albumID}", "likes of one album",
                    new HotKey("table/AlbumReviews", "")),
            viral("viral-follows", "PUT /me/following/{username}", "follows of one account, each by another fan",
                    new HotKey("table/Usernames", ""), new HotKey("table/CountLog", "^followers:"),
                    new HotKey("table/Follows/index/FollowersByShard", "")),
            viral("viral-tweet", "PUT /tweets/{id}/likes/me", "likes of one tweet, each by another fan",
                    new HotKey("table/Tweets", ""), new HotKey("table/Likes", ""),
                    new HotKey("table/Likes/index/ByTweet", ""), new HotKey("table/CountLog", "^likes:")),
            viral("viral-hashtag", "POST /tweets", "tweets with one hashtag, each by another author",
                    new HotKey("table/TweetIndex", "^tag#"), new HotKey("table/SearchIndex", "^#")),
            // the celebrity's tweets are merged into each reader's page from its cached activity: no table key shared
            viral("viral-celebrity", "GET /timeline", "followers of one celebrity reading their home timelines "
                    + "when it tweets (its activity merged at read time, from the cache)"),
            // each change of a client's table goes to its log's partition (the dedupe marks are spread by record)
            viral("viral-import", "POST /v2/import/push", "one client's pushes (3 records, 2 of them to one "
                    + "table, as the cost bench's push)", new HotKey("table/ImportChanges", "^(?!mark/)", true)));
    public static final List<TrafficMix> NAMED = java.util.stream.Stream.concat(
            java.util.stream.Stream.of(SOCIAL, ALBUMS, IMPORT, ALL), VIRAL.stream()).toList();

    public TrafficMix {
        weights = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(weights));
        hotKeys = List.copyOf(hotKeys);
        double sum = weights.values().stream().mapToDouble(Double::doubleValue).sum();
        if (Math.abs(sum - 1) > 1e-9) {
            throw new IllegalArgumentException(name + ": the shares sum to " + sum + ", not 1");
        }
    }

    /** The mix named {@code name}, or a refusal that lists the names. */
    public static TrafficMix named(String name) {
        return NAMED.stream().filter(mix -> mix.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no mix '" + name + "': one of "
                        + String.join(", ", NAMED.stream().map(TrafficMix::name).toList())));
    }

    /** Whether {@code units} were taken from the viral entity's partition ({@link HotKey}). */
    public boolean hot(PartitionUnits units) {
        return hotKeys.stream().anyMatch(hot -> hot.matches(units));
    }

    private static TrafficMix viral(String name, String route, String what, HotKey... hotKeys) {
        return new TrafficMix(name, "every request " + route + ": " + what, Map.of(route, 1.0), List.of(hotKeys));
    }

    private static Map<String, Double> ordered(Object... routesAndShares) {
        var weights = new LinkedHashMap<String, Double>();
        for (int i = 0; i < routesAndShares.length; i += 2) {
            weights.put((String) routesAndShares[i], (Double) routesAndShares[i + 1]);
        }
        return weights;
    }

    /** Shares of actions as shares of requests, where an action may make more than one request. */
    private static Map<String, Double> normalized(Map<String, Double> perAction) {
        double requests = perAction.values().stream().mapToDouble(Double::doubleValue).sum();
        var weights = new LinkedHashMap<String, Double>();
        perAction.forEach((route, share) -> weights.put(route, share / requests));
        return weights;
    }

    private static Map<String, Double> blend(List<TrafficMix> mixes) {
        var weights = new LinkedHashMap<String, Double>();
        mixes.forEach(mix -> mix.weights().forEach((route, share) -> weights.merge(route, share / mixes.size(),
                Double::sum)));
        return weights;
    }
}
