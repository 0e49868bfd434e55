package com.scaleout.bench;

import java.util.Map;

/**
 * For each route, the fewest DynamoDB calls and Redis round trips its design (docs/data-model.md, DESIGN.md) allows
 * in the cost benchmark's common good case, and why; and, where the code makes more, why that stays. Written from
 * the code and the data model, checked against a run of {@code ./scaleout bench cost}.
 */
final class RouteMinimums {
    /** @param testRoute an admin route of the test interface, off the request path: no minimum is claimed */
    record Minimum(int dynamoDbCalls, int redisRoundTrips, String why, String whyAbove, boolean testRoute) {
        Minimum(int dynamoDbCalls, int redisRoundTrips, String why, String whyAbove) {
            this(dynamoDbCalls, redisRoundTrips, why, whyAbove, false);
        }

        static Minimum testRoute(String what) {
            return new Minimum(0, 0, what, "", true);
        }
    }

    private static final Map<String, Minimum> MINIMUMS = Map.ofEntries(
            Map.entry("GET /health", new Minimum(0, 1,
                    "a PING of the cache (the DynamoDB probe is a control-plane DescribeTable, not billed per request)",
                    "")),
            Map.entry("POST /users", new Minimum(1, 0,
                    "one transaction claims the username and creates the user: uniqueness needs both in one atomic write",
                    "")),
            Map.entry("POST /sessions", new Minimum(3, 2,
                    "the username's claim (id, password hash), the profile, the session's write; Redis: the failed-login throttle before the password check, then one exchange could hold the session's caching, the throttle's reset and the timeline's warm-up check",
                    "The three cache writes after the password check are made by three adapters (session cache, login throttle, timeline cache), each a cache that may fail on its own and is caught on its own; merging them into one pipeline would couple them for about 2 round trips (well under a millisecond on ElastiCache) next to a BCrypt check of tens of milliseconds, on a rare route. Left as is.")),
            Map.entry("DELETE /sessions/current", new Minimum(1, 3,
                    "the session check (one pipeline), the revocation marker, then the eviction: the marker must be set before the cached session goes, on whichever cluster nodes they live, so the two writes cannot share an exchange; the stored session's delete",
                    "")),
            Map.entry("GET /me", new Minimum(1, 1,
                    "the session check (revocation marker and cached session, one pipeline), the profile",
                    "")),
            Map.entry("PATCH /me", new Minimum(1, 2,
                    "the session check (one pipeline), then one UpdateItem that writes the fields and answers the profile; then the new display name into the name cache (after the write, so that the next page of tweets shows it)",
                    "")),
            Map.entry("GET /users/{username}", new Minimum(2, 0,
                    "the username's claim gives the id, the profile is under the id (users are keyed by id so that a profile is one item)",
                    "")),
            Map.entry("POST /tweets", new Minimum(2, 2,
                    "the mentioned usernames' claims (one BatchGetItem; none without mentions) and one transaction (the tweet, the author's count); the session check; the author's display name for the answer from the name cache (a Redis exchange; a miss reads Users in a BatchGetItem)",
                    "")),
            Map.entry("GET /tweets/recent", new Minimum(9, 1,
                    "the recent index is write-sharded over 8 partition keys (a hot key would throttle), so a read queries the 8 shards, and one BatchGetItem reads the bodies; the authors' current display names from the name cache (one pipelined Redis exchange for the page's distinct authors; only misses read Users, in one BatchGetItem)",
                    "")),
            Map.entry("GET /tweets/{id}", new Minimum(1, 1,
                    "the tweet's item; the authors' current display names from the name cache (one pipelined Redis exchange for the page's distinct authors; only misses read Users, in one BatchGetItem)",
                    "")),
            Map.entry("DELETE /tweets/{id}", new Minimum(2, 1,
                    "the tweet (its author, for the 403, and its parent, whose reply count the delete lowers), then one transaction; the session check",
                    "")),
            Map.entry("GET /tweets/{id}/replies", new Minimum(2, 1,
                    "the tweet (a 404 for an unknown one) and the ByParent query; the authors' current display names from the name cache (one pipelined Redis exchange for the page's distinct authors; only misses read Users, in one BatchGetItem)",
                    "")),
            Map.entry("POST /tweets/{id}/retweets", new Minimum(2, 3,
                    "the tweet (a 404, and its author for the retweet's record), then one transaction (the retweet, the count); Redis: the session check, then the caller's cached acts (the retweet recorded, the like read for the answer's likedByMe) in one exchange; the author's current display name from the name cache (a Redis exchange; a miss reads Users in a BatchGetItem)",
                    "The copy's update is the service's (after the DynamoDB write) and its read the answer's view, each a cache that may fail on its own; one exchange would save well under a millisecond. Left as is.")),
            Map.entry("DELETE /tweets/{id}/retweets", new Minimum(1, 2,
                    "one transaction (the retweet's delete, the count); Redis: the session check, then the retweet's removal from the caller's cached acts",
                    "")),
            Map.entry("GET /tweets/{id}/retweets", new Minimum(12, 0,
                    "the tweet (a 404 and the count), the ten buckets of the ByTweet index queried at once (write-sharded: a viral tweet's retweets spread over them) and merged, the retweeters' profiles in one BatchGetItem",
                    "")),
            Map.entry("PUT /tweets/{id}/likes/me", new Minimum(2, 3,
                    "one transaction (the like, the count), the tweet for the answer; Redis: the session check, then the caller's cached acts (the like recorded, the retweet read for the answer's retweetedByMe) in one exchange; the author's current display name from the name cache (a Redis exchange; a miss reads Users in a BatchGetItem)",
                    "The copy's update is the service's (after the DynamoDB write) and its read the answer's view, each a cache that may fail on its own; one exchange would save well under a millisecond. Left as is.")),
            Map.entry("DELETE /tweets/{id}/likes/me", new Minimum(2, 3,
                    "one transaction (the like's delete, the count), the tweet for the answer (a 404); Redis: the session check, then the caller's cached acts (the like removed, the retweet read) in one exchange; the author's current display name from the name cache (a Redis exchange; a miss reads Users in a BatchGetItem)",
                    "The copy's update is the service's (after the DynamoDB write) and its read the answer's view, each a cache that may fail on its own; one exchange would save well under a millisecond. Left as is.")),
            Map.entry("GET /tweets/{id}/likes", new Minimum(12, 0,
                    "the tweet (a 404 and the count), the ten buckets of the ByTweet index queried at once (write-sharded: a viral tweet's likes spread over them) and merged, the likers' profiles in one BatchGetItem",
                    "")),
            Map.entry("GET /users/{username}/likes", new Minimum(3, 1,
                    "the username's claim (the id), the ByUser query of the likes, the tweets in one BatchGetItem; the authors' current display names from the name cache (one pipelined Redis exchange for the page's distinct authors; only misses read Users, in one BatchGetItem)",
                    "")),
            Map.entry("GET /users/{username}/tweets", new Minimum(2, 1,
                    "the username's claim (the id), the ByAuthor query; the authors' current display names from the name cache (one pipelined Redis exchange for the page's distinct authors; only misses read Users, in one BatchGetItem)",
                    "")),
            Map.entry("GET /users/{username}/replies", new Minimum(2, 1,
                    "the username's claim (the id), the RepliesByAuthor query; the authors' current display names from the name cache (one pipelined Redis exchange for the page's distinct authors; only misses read Users, in one BatchGetItem)",
                    "")),
            Map.entry("GET /users/{username}/mentions", new Minimum(6, 1,
                    "the username's claim (the id), the 4 shards of the mention index (write-sharded), one BatchGetItem of the bodies; the authors' current display names from the name cache (one pipelined Redis exchange for the page's distinct authors; only misses read Users, in one BatchGetItem)",
                    "")),
            Map.entry("GET /hashtags/{tag}/tweets", new Minimum(5, 1,
                    "the 4 shards of the hashtag index (write-sharded), one BatchGetItem of the bodies; the authors' current display names from the name cache (one pipelined Redis exchange for the page's distinct authors; only misses read Users, in one BatchGetItem)",
                    "")),
            Map.entry("PUT /me/following/{username}", new Minimum(2, 1,
                    "the followee's claim (its id), one transaction (the edge, the follower's count, the followee's count's change in the count log, folded by SocialCounter: no write of a celebrity's item per follow); the session check",
                    "")),
            Map.entry("DELETE /me/following/{username}", new Minimum(2, 1,
                    "as the follow: the followee's claim, one transaction; the session check",
                    "")),
            Map.entry("GET /users/{username}/followers", new Minimum(12, 0,
                    "the username's claim (the id), the 10 shards of the followers index queried at once (write-sharded: a celebrity's follows spread over them), the followers' profiles in one BatchGetItem",
                    "")),
            Map.entry("GET /users/{username}/following", new Minimum(3, 0,
                    "the username's claim (the id), the Following query, the profiles in one BatchGetItem",
                    "")),
            Map.entry("GET /timeline", new Minimum(0, 4,
                    "with the caches warm, no DynamoDB call; Redis: the followees (with the session check and the cached timeline page, which do not depend on them), then which followees are merged at read time (celebrities), then the tweet bodies of the page, then the authors' current display names (one pipelined exchange; only misses read Users) with the caller's cached acts on the page's tweets (retweetedByMe, likedByMe, one HMGET): four dependent steps",
                    "Measured: the session check, the followee set, the celebrity check, the timeline page and the bodies are each their own exchange (the session check belongs to the handler, the rest to three adapters); merging the independent ones would save up to 2 exchanges of well under a millisecond and couple the handler to the service's caches; the names and the caller's acts are the view's exchanges, after the page. Left as is.")),
            Map.entry("GET /me/recommendations", new Minimum(0, 2,
                    "with enough cached candidates: the session check, then the followee set and the cached list in one exchange (the profiles of those shown in one BatchGetItem)",
                    "In this small world the user's followees follow no one else, so there are fewer candidates than are shown and every request computes them again, by the seed's refill rule: the followees' followee sets are read one by one and the empty list cached. The cost of a small graph, not of the design's common case.")),
            Map.entry("GET /search", new Minimum(0, 3,
                    "the cached first page of the query (ids), then the bodies from the tweet cache (only misses read DynamoDB, in one BatchGetItem); the authors' current display names from the name cache (one pipelined Redis exchange for the page's distinct authors; only misses read Users, in one BatchGetItem)",
                    "")),
            Map.entry("POST /albums", new Minimum(1, 0,
                    "the profile's item; S3: a HEAD (the image is content-addressed: stored once) and a PUT",
                    "")),
            Map.entry("GET /albums/{albumID}", new Minimum(1, 0,
                    "the profile's item",
                    "")),
            Map.entry("POST /review/{likeornot}/{albumID}", new Minimum(1, 0,
                    "one PutItem into the review log (the album's existence is read at most once a minute per "
                            + "environment); the counts move from the log's stream, a batch at a time",
                    "")),
            Map.entry("GET /review/{albumID}", new Minimum(1, 0,
                    "the album's item (the counts live on it)",
                    "")),
            Map.entry("GET /v2/import/status", new Minimum(0, 0,
                    "no state is read",
                    "")),
            Map.entry("POST /v2/import/validate", new Minimum(0, 1,
                    "validation only (the key is checked from the in-memory cache of keys); Redis: the key's revocation mark (looked up on each use, so that a revocation reaches every environment holding the key)",
                    "")),
            Map.entry("POST /v2/import/push", new Minimum(3, 1,
                    "one conditional PutItem per record (3 here): a later sequence wins per key, which a batch write cannot express; Redis: the key's revocation mark (looked up on each use, so that a revocation reaches every environment holding the key)",
                    "")),
            Map.entry("POST /v2/import/batch", new Minimum(2, 1,
                    "one conditional PutItem per message (2 here); Redis: the key's revocation mark (looked up on each use, so that a revocation reaches every environment holding the key)",
                    "")),
            Map.entry("GET /v2/import/tables", new Minimum(1, 1,
                    "one Query of the client's tables; Redis: the key's revocation mark (looked up on each use, so that a revocation reaches every environment holding the key)",
                    "")),
            Map.entry("GET /v2/import/tables/{table}/changes", new Minimum(2, 1,
                    "the table's statistics (a 404 for an unknown table, the latest position) and one Query of the change log; Redis: the key's revocation mark (looked up on each use, so that a revocation reaches every environment holding the key)",
                    "")),
            Map.entry("POST /v2/client/{cid}/table/{table}/data", new Minimum(1, 1,
                    "one conditional PutItem per record (1 here); Redis: the key's revocation mark (looked up on each use, so that a revocation reaches every environment holding the key)",
                    "")),
            Map.entry("GET /v2/client/{cid}/authenticate", new Minimum(0, 1,
                    "the key is checked from the in-memory cache of keys (one hour, as in the seed); Redis: the key's revocation mark (looked up on each use, so that a revocation reaches every environment holding the key)",
                    "")),
            Map.entry("POST /admin/import-keys", new Minimum(1, 0,
                    "one PutItem of the hashed key",
                    "")),
            Map.entry("DELETE /admin/import-keys/{keyId}", new Minimum(1, 1,
                    "one UpdateItem marking the key revoked; Redis: the revocation mark every environment holding the key looks up",
                    "")),
            Map.entry("POST /admin/seed", Minimum.testRoute(
                    "a bulk write of a chunk of made-up data: batches of 25 items and counters; a test route, not on the request path")),
            Map.entry("GET /admin/status", Minimum.testRoute(
                    "the counts come from the seed's cached counters and the streams' lag from CloudWatch; a test route")),
            Map.entry("POST /admin/stress", Minimum.testRoute(
                    "it times n tweets, follows and timeline reads in one request (NanoTwitter's /test/stress): its cost is the sum of theirs; a test route")),
            Map.entry("POST /admin/reset", Minimum.testRoute(
                    "a Scan of each table to delete what is in it (and a FLUSHDB); a test route")));

    private RouteMinimums() {
    }

    static Minimum of(String routeKey) {
        var minimum = MINIMUMS.get(routeKey);
        if (minimum == null) {
            throw new IllegalArgumentException("no minimum written for " + routeKey + ": add it to RouteMinimums");
        }
        return minimum;
    }
}
