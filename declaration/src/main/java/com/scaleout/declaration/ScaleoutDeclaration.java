package com.scaleout.declaration;

import static com.scaleout.declaration.HttpMethod.DELETE;
import static com.scaleout.declaration.HttpMethod.GET;
import static com.scaleout.declaration.HttpMethod.PATCH;
import static com.scaleout.declaration.HttpMethod.POST;
import static com.scaleout.declaration.HttpMethod.PUT;
import static com.scaleout.declaration.RouteSpec.HandlerCredential.ADMIN_KEY;
import static com.scaleout.declaration.RouteSpec.HandlerCredential.IMPORT_KEY;
import static com.scaleout.declaration.RouteSpec.authorized;
import static com.scaleout.declaration.RouteSpec.checkedByHandler;
import static com.scaleout.declaration.RouteSpec.publicRoute;
import static com.scaleout.declaration.TableSpec.KeyAttribute.number;
import static com.scaleout.declaration.TableSpec.KeyAttribute.string;

import com.scaleout.declaration.TableSpec.IndexSpec;
import com.scaleout.declaration.TableSpec.StreamView;

/**
 * Scaleout's functions, routes, authorizers, tables and stream consumers. Workloads add their entries here;
 * nothing else in the repository lists them. The social data model is explained in docs/data-model.md.
 */
public final class ScaleoutDeclaration {
    public static final String HEALTH = "Health";

    public static final String SOCIAL_ACCOUNTS = "SocialAccounts";
    public static final String SOCIAL_TWEETS = "SocialTweets";
    public static final String SOCIAL_FOLLOWS = "SocialFollows";
    public static final String SOCIAL_AUTHORIZER = "SocialAuthorizer";
    public static final String TWEET_INDEXER = "TweetIndexer";
    public static final String SOCIAL_TIMELINE = "SocialTimeline";
    public static final String SOCIAL_FANOUT = "SocialFanout";
    /** Concurrent batches per stream shard for the social consumers (Lambda's ParallelizationFactor). */
    static final int SOCIAL_PARALLELIZATION = 4;
    /** Every stream consumer's retries of a failing batch (see the consumers below). */
    static final int STREAM_RETRIES = 10;
    public static final String SOCIAL_SEARCH = "SocialSearch";
    public static final String SEARCH_INDEXER = "SearchIndexer";
    /** API Gateway's authorizer; its cache TTL bounds how long a revoked token passes the gateway. */
    public static final String SESSIONS_AUTHORIZER = "Sessions";
    public static final int SESSIONS_AUTHORIZER_TTL_SECONDS = 300;

    /**
     * Tables never named in a transaction or a batch with another table, and without a stream: the tweet and search
     * indexes (the most items a seed or a burst of tweets writes) and the albums (whose images the main process serves
     * as S3: the album store's load has a moto process for each half of its work). The local runtime may serve them
     * from a moto process of their own (moto uses one core).
     */
    public static final java.util.Set<String> TABLES_APART = java.util.Set.of("TweetIndex", "SearchIndex", "Albums");
    /** The tag of an album image that no album's item names yet (see the functions' {@code S3ImageStore}). */
    public static final String UNCLAIMED_IMAGE_TAG = "scaleout-unclaimed";
    /** The table of the write routes' Idempotency-Keys (see the functions' {@code Idempotency}). */
    public static final String IDEMPOTENCY_KEYS = "IdempotencyKeys";

    public static final String ALBUMS = "Albums";
    /** Folds the review log's new reviews into each album's counts (see the functions' {@code ReviewCounts}). */
    public static final String ALBUM_REVIEW_COUNTER = "AlbumReviewCounter";
    /** Folds the social count log's changes into their accounts' counts (see the functions' {@code SocialCountLog}). */
    public static final String SOCIAL_COUNTER = "SocialCounter";

    /** The live updates' WebSocket API, its one function (every route) and its connections' table. */
    public static final String LIVE_API = "Live";
    public static final String LIVE = "Live";
    /** The Live function's reserved concurrency (see its declaration). */
    public static final int LIVE_RESERVED_CONCURRENCY = 50;
    public static final String CONNECTIONS = "Connections";

    public static final String IMPORT_API = "ImportApi";
    public static final String IMPORT_KEYS_ADMIN = "ImportKeysAdmin";
    public static final String IMPORT_CHANGE_LOG = "ImportChangeLog";
    public static final String WAREHOUSE_LOADER = "WarehouseLoader";

    /** The test interface (seed, reset, status, stress): every table, the bucket and the cache. */
    public static final String ADMIN = "Admin";

    private static final String SOCIAL = "com.scaleout.functions.social.";
    private static final String IMPORTS = "com.scaleout.functions.imports.";

    private static final String IMPORT_WRITES = "each body may carry thousands of records, each a conditional "
            + "write: 400 bodies/s is far above what one table absorbs on demand without throttling, and what "
            + "DynamoDB throttles beyond it the handler answers with 503 and Retry-After";

    private static final Declaration DECLARATION = Declaration.builder()
            .table(TableSpec.of("Users", string("id")))
            .table(TableSpec.of("Usernames", string("username")))
            .table(TableSpec.of("Sessions", string("id")).ttl("expiresAt"))
            .table(TableSpec.of("Tweets", string("id")).stream(StreamView.NEW_AND_OLD_IMAGES)
                    .globalIndex(IndexSpec.of("ByAuthor", string("authorId"), string("id")))
                    .globalIndex(IndexSpec.of("RepliesByAuthor", string("replyAuthorId"), string("id")))
                    .globalIndex(IndexSpec.of("ByParent", string("inReplyTo"), string("id"))))
            .table(TableSpec.of("TweetIndex", string("key")).sortKey(string("tweetId")))
            .table(TableSpec.of("SearchIndex", string("term")).sortKey(string("tweetId")))
            .table(TableSpec.of("Albums", string("albumID")))
            // the review log: one item per review, under one of its album's buckets (<albumID>#<0..9>), so that a
            // viral album's reviews spread over ten partition keys; its stream's new reviews are folded into the
            // album's counts, and each item expires a day later
            .table(TableSpec.of("AlbumReviews", string("bucket")).sortKey(string("reviewId"))
                    .stream(StreamView.NEW_IMAGE).ttl("expiresAt"))
            // an image no album claims (its album's write failed) is deleted after a day
            .bucket(new BucketSpec("AlbumImages").expiringTagged(UNCLAIMED_IMAGE_TAG, "true", 1))
            // the import warehouse's Parquet files, client=<id>/table=<name>/dt=<day>/ (docs/warehouse.md)
            // Athena over the same files in AWS: at most 10 GB scanned per query; Intelligent-Tiering after 30 days
            .bucket(new BucketSpec("Warehouse").dataLake(10_000_000_000L, 30))
            // one row per (tweet, user) retweeting it, under one of the tweet's ten buckets (<tweetId>#<n>, n from the
            // user's id), so that a viral tweet's retweets spread over ten partition keys, in the table and in ByTweet
            .table(TableSpec.of("Retweets", string("bucket")).sortKey(string("userId"))
                    .stream(StreamView.NEW_AND_OLD_IMAGES)
                    .globalIndex(IndexSpec.of("ByTweet", string("bucket"), string("retweetId")))
                    .globalIndex(IndexSpec.of("ByUser", string("userId"), string("retweetId"))))
            // one row per (tweet, user) liking it, as Retweets; no stream: nothing derives from a like
            .table(TableSpec.of("Likes", string("bucket")).sortKey(string("userId"))
                    .globalIndex(IndexSpec.of("ByTweet", string("bucket"), string("likeId")))
                    .globalIndex(IndexSpec.of("ByUser", string("userId"), string("likeId"))))
            .table(TableSpec.of("Follows", string("followerId")).sortKey(string("followeeId"))
                    .stream(StreamView.NEW_AND_OLD_IMAGES)
                    .globalIndex(IndexSpec.of("Following", string("followerId"), string("edgeId")))
                    // a followee's edges under ten shards (<followeeId>#<n>): a celebrity's follows spread over them
                    .globalIndex(IndexSpec.of("FollowersByShard", string("followeeShard"), string("edgeId"))))
            // the social count log: a follow's change to the followee's follower count (a like's, a retweet's to the
            // tweet's count), one item under one of its ten buckets (followers:<userId>#<n>, likes:<tweetId>#<n>,
            // retweets:<tweetId>#<n>), folded from the stream into the account's (tweet's) item; a day's worth
            .table(TableSpec.of("CountLog", string("bucket")).sortKey(string("changeId"))
                    .stream(StreamView.NEW_IMAGE).ttl("expiresAt"))
            .table(TableSpec.of("ImportKeys", string("keyId")))
            .table(TableSpec.of("ImportRecords", string("recordId")).stream(StreamView.NEW_IMAGE))
            // change logs ("<clientId>/<table>") and, expiring, their dedupe marks ("mark/<recordId>/<sequence>")
            .table(TableSpec.of("ImportChanges", string("log")).sortKey(number("position")).ttl("expiresAt"))
            // old and new images: the warehouse loader sees a commit as lastPosition moving
            .table(TableSpec.of("ImportTables", string("clientId")).sortKey(string("tableName"))
                    .stream(StreamView.NEW_AND_OLD_IMAGES))
            // per imported table: how far its change log is in the warehouse, and the schema of its files
            .table(TableSpec.of("WarehouseTables", string("clientId")).sortKey(string("tableName")))
            // a live connection ("#connection": its user) and one item per subscription ("home", "hashtag:java"...),
            // found by the stream key it listens to (ByStream: "home:<userId>", "public", "hashtag:java"...); gone
            // after API Gateway's two hours at most, when no $disconnect removed them
            .table(TableSpec.of(CONNECTIONS, string("connectionId")).sortKey(string("stream")).ttl("expiresAt")
                    .globalIndex(IndexSpec.of("ByStream", string("listensTo"), string("connectionId"))))
            // a write route's Idempotency-Key and its response, for 24 h (every function that serves one has it)
            .table(TableSpec.of(IDEMPOTENCY_KEYS, string("id")).ttl("expiresAt"))

            .function(FunctionSpec.of(HEALTH, "com.scaleout.functions.health.HealthHandler")
                    .memoryMb(512).timeoutSeconds(5).peakConcurrency(5).withRedis())
            .function(FunctionSpec.of(SOCIAL_ACCOUNTS, SOCIAL + "http.AccountsHandler")
                    .readsAndWrites("Users").readsAndWrites("Usernames").readsAndWrites("Sessions")
                    .readsAndWrites(IDEMPOTENCY_KEYS)
                    // a logout ends its session's private live streams
                    .readsAndWrites(CONNECTIONS)
                    // a login builds a missing timeline
                    .reads("Tweets").reads("Retweets").reads("Follows").reads("TweetIndex").withRedis()
                    .readsSettings(Settings.SOCIAL))
            .function(FunctionSpec.of(SOCIAL_TWEETS, SOCIAL + "http.TweetsHandler")
                    .readsAndWrites("Tweets").reads("TweetIndex").readsAndWrites("Retweets").readsAndWrites("Likes")
                    .readsAndWrites("CountLog")
                    .readsAndWrites("Users").reads("Usernames").reads("Sessions").readsAndWrites(IDEMPOTENCY_KEYS)
                    .withRedis()
                    .readsSettings(Settings.SOCIAL))
            .function(FunctionSpec.of(SOCIAL_FOLLOWS, SOCIAL + "http.FollowsHandler")
                    .readsAndWrites("Follows").readsAndWrites("Users").reads("Usernames").reads("Sessions")
                    .readsAndWrites("CountLog")
                    .readsAndWrites(IDEMPOTENCY_KEYS).withRedis()
                    .readsSettings(Settings.SOCIAL))
            .function(FunctionSpec.of(SOCIAL_AUTHORIZER, SOCIAL + "http.SessionAuthorizer")
                    .memoryMb(512).timeoutSeconds(5).reads("Sessions").withRedis()
                    .readsSettings(Settings.SOCIAL))
            .function(FunctionSpec.of(TWEET_INDEXER, SOCIAL + "streams.TweetIndexHandler")
                    .timeoutSeconds(30).readsAndWrites("TweetIndex").readsAndWrites("Retweets").readsAndWrites("Likes")
                    .readsSettings(Settings.SOCIAL))
            .function(FunctionSpec.of(SOCIAL_TIMELINE, SOCIAL + "http.TimelineHandler")
                    .reads("Tweets").reads("Retweets").reads("Likes").reads("Follows").reads("TweetIndex")
                    .reads("Users").reads("Sessions").withRedis()
                    .readsSettings(Settings.SOCIAL))
            .function(FunctionSpec.of(ALBUMS, "com.scaleout.functions.albums.AlbumsHandler")
                    .readsAndWrites("Albums").readsAndWritesBucket("AlbumImages").readsAndWrites(IDEMPOTENCY_KEYS)
                    .readsAndWrites("AlbumReviews"))
            .function(FunctionSpec.of(ALBUM_REVIEW_COUNTER, "com.scaleout.functions.albums.ReviewCountHandler")
                    .timeoutSeconds(30).readsAndWrites("Albums"))
            .function(FunctionSpec.of(SOCIAL_COUNTER, SOCIAL + "streams.CountFoldHandler")
                    .timeoutSeconds(30).readsAndWrites("Users").readsAndWrites("Tweets"))
            .function(FunctionSpec.of(SOCIAL_SEARCH, SOCIAL + "http.SearchHandler")
                    // the caller's retweets and likes, the session of a token sent to the public route, and the
                    // authors' current display names of a page of results
                    .reads("SearchIndex").reads("Tweets").reads("Retweets").reads("Likes").reads("Sessions")
                    .reads("Users").withRedis()
                    .readsSettings(Settings.SOCIAL))
            // Users: the tweets it pushes to hashtag and search streams show their authors' display names
            .function(FunctionSpec.of(SEARCH_INDEXER, SOCIAL + "streams.SearchIndexHandler")
                    .timeoutSeconds(30).readsAndWrites("SearchIndex").readsAndWrites(CONNECTIONS).reads("Users")
                    .withRedis()
                    .readsSettings(Settings.SOCIAL))
            .function(FunctionSpec.of(SOCIAL_FANOUT, SOCIAL + "streams.FanoutHandler")
                    .timeoutSeconds(60).reads("Users").reads("Tweets").reads("Retweets").reads("Follows")
                    .readsAndWrites(CONNECTIONS).withRedis()
                    .readsSettings(Settings.SOCIAL))
            // every route of the live API: $connect checks the token, subscribe answers with the first page of a
            // search (its tweets and their authors' names)
            // reserved: a flood of messages (each an invocation, whatever its budget says) takes these executions,
            // never the HTTP functions'; the stage's 1,000 messages/s at ~50 ms each need about 50
            .function(FunctionSpec.of(LIVE, SOCIAL + "websocket.LiveHandler")
                    .memoryMb(1024).timeoutSeconds(10).reservedConcurrency(LIVE_RESERVED_CONCURRENCY).readsAndWrites(CONNECTIONS).reads("Sessions")
                    .reads("SearchIndex").reads("Tweets").reads("Users").withRedis()
                    .readsSettings(Settings.SOCIAL))
            // 29 s: API Gateway's integration limit is 30 s; a push of 20,000 records must finish inside it
            // the cache for the import keys' revocation marks, looked up on each use of a key held in memory
            .function(FunctionSpec.of(IMPORT_API, IMPORTS + "http.ImportHandler")
                    .memoryMb(1769).timeoutSeconds(29).peakConcurrency(20)
                    // writes ImportTables' declared types (a batch's schema), for the warehouse
                    .readsAndWrites("ImportRecords").reads("ImportKeys").reads("ImportChanges")
                    .readsAndWrites("ImportTables").readsAndWrites(IDEMPOTENCY_KEYS).withRedis()
                    .readsSettings(Settings.IMPORT_WRITE_CONCURRENCY, Settings.IMPORT_KEY_CACHE_SECONDS))
            .function(FunctionSpec.of(IMPORT_KEYS_ADMIN, IMPORTS + "http.ImportKeysAdminHandler")
                    .memoryMb(512).timeoutSeconds(5).peakConcurrency(2).readsAndWrites("ImportKeys")
                    .readsAndWrites(IDEMPOTENCY_KEYS).withRedis()
                    .readsSettings(Settings.IMPORT_KEY_CACHE_SECONDS))
            .function(FunctionSpec.of(IMPORT_CHANGE_LOG, IMPORTS + "streams.ChangeLogHandler")
                    .timeoutSeconds(60).readsAndWrites("ImportChanges").readsAndWrites("ImportTables"))
            // writes each batch's Parquet files with DuckDB, in an artifact of its own (DuckDB's native library);
            // 15 minutes and 3 GB: a backlog of 100,000-row files
            .function(FunctionSpec.of(WAREHOUSE_LOADER, "com.scaleout.warehouse.streams.WarehouseLoaderHandler")
                    // ImportTables only through its stream (the commits carry the positions): no read of the table
                    .memoryMb(3008).timeoutSeconds(900).reads("ImportChanges")
                    .readsAndWrites("WarehouseTables").readsAndWritesBucket("Warehouse")
                    .readsSettings(Settings.GLUE_ENDPOINT, Settings.catalog("Warehouse"))
                    .shippedIn(Artifact.WAREHOUSE))
            // 29 s as the import API: one seeding chunk, one reset round or one stress run per request; in its own
            // artifact, whose data generators no other function carries
            .function(FunctionSpec.of(ADMIN, "com.scaleout.admin.AdminHandler")
                    .memoryMb(1769).timeoutSeconds(29).peakConcurrency(2)
                    .readsAndWrites("Users").readsAndWrites("Usernames").readsAndWrites("Sessions")
                    .readsAndWrites("Tweets").readsAndWrites("TweetIndex").readsAndWrites("Retweets")
                    .readsAndWrites("Likes").readsAndWrites("Follows").readsAndWrites("SearchIndex").readsAndWrites("Albums")
                    .readsAndWrites("AlbumReviews").readsAndWrites("CountLog").readsAndWrites("ImportKeys").readsAndWrites("ImportRecords").readsAndWrites("ImportChanges")
                    .readsAndWrites("ImportTables").readsAndWrites("WarehouseTables").readsAndWritesBucket("AlbumImages")
                    .readsAndWritesBucket("Warehouse").readsAndWrites(IDEMPOTENCY_KEYS)
                    .withRedis()
                    .readsSettings(Settings.SOCIAL)
                    // the status page's stream lag: the consumers' IteratorAge in CloudWatch, by function name
                    .readsSettings(Settings.CLOUDWATCH_ENDPOINT, Settings.function(TWEET_INDEXER),
                            Settings.function(SEARCH_INDEXER), Settings.function(SOCIAL_FANOUT),
                            Settings.function(IMPORT_CHANGE_LOG), Settings.function(ALBUM_REVIEW_COUNTER),
                            Settings.function(SOCIAL_COUNTER))
                    .shippedIn(Artifact.ADMIN))

            // A message is a subscription change, the one thing a client sends: 1,000/s (2,000 at once) lets a
            // thousand clients reconnect together after a deploy; the fanout's pushes do not count against it
            .webSocketApi(WebSocketApiSpec.builder(LIVE_API).throttle(1_000, 2_000)
                    .route(WebSocketApiSpec.Route.oneWay(WebSocketApiSpec.CONNECT, LIVE))
                    .route(WebSocketApiSpec.Route.oneWay(WebSocketApiSpec.DISCONNECT, LIVE))
                    .route(WebSocketApiSpec.Route.twoWay("subscribe", LIVE))
                    .route(WebSocketApiSpec.Route.twoWay("unsubscribe", LIVE))
                    .route(WebSocketApiSpec.Route.twoWay(WebSocketApiSpec.DEFAULT, LIVE))
                    .pushedBy(SOCIAL_FANOUT, SEARCH_INDEXER)
                    .build())

            .authorizer(AuthorizerSpec.onAuthorizationHeader(SESSIONS_AUTHORIZER, SOCIAL_AUTHORIZER,
                    SESSIONS_AUTHORIZER_TTL_SECONDS))

            .route(publicRoute(GET, "/health", HEALTH))
            .route(publicRoute(POST, "/users", SOCIAL_ACCOUNTS))
            .route(publicRoute(POST, "/sessions", SOCIAL_ACCOUNTS))
            .route(authorized(DELETE, "/sessions/current", SOCIAL_ACCOUNTS, SESSIONS_AUTHORIZER))
            .route(authorized(GET, "/me", SOCIAL_ACCOUNTS, SESSIONS_AUTHORIZER))
            .route(authorized(PATCH, "/me", SOCIAL_ACCOUNTS, SESSIONS_AUTHORIZER))
            .route(publicRoute(GET, "/users/{username}", SOCIAL_ACCOUNTS))
            .route(authorized(POST, "/tweets", SOCIAL_TWEETS, SESSIONS_AUTHORIZER))
            .route(publicRoute(GET, "/tweets/recent", SOCIAL_TWEETS))
            .route(publicRoute(GET, "/tweets/{id}", SOCIAL_TWEETS))
            .route(authorized(DELETE, "/tweets/{id}", SOCIAL_TWEETS, SESSIONS_AUTHORIZER))
            .route(publicRoute(GET, "/tweets/{id}/replies", SOCIAL_TWEETS))
            .route(authorized(POST, "/tweets/{id}/retweets", SOCIAL_TWEETS, SESSIONS_AUTHORIZER))
            .route(authorized(DELETE, "/tweets/{id}/retweets", SOCIAL_TWEETS, SESSIONS_AUTHORIZER))
            .route(publicRoute(GET, "/tweets/{id}/retweets", SOCIAL_TWEETS))
            .route(authorized(PUT, "/tweets/{id}/likes/me", SOCIAL_TWEETS, SESSIONS_AUTHORIZER))
            .route(authorized(DELETE, "/tweets/{id}/likes/me", SOCIAL_TWEETS, SESSIONS_AUTHORIZER))
            .route(publicRoute(GET, "/tweets/{id}/likes", SOCIAL_TWEETS))
            .route(publicRoute(GET, "/users/{username}/tweets", SOCIAL_TWEETS))
            .route(publicRoute(GET, "/users/{username}/replies", SOCIAL_TWEETS))
            .route(publicRoute(GET, "/users/{username}/mentions", SOCIAL_TWEETS))
            .route(publicRoute(GET, "/users/{username}/likes", SOCIAL_TWEETS))
            .route(publicRoute(GET, "/hashtags/{tag}/tweets", SOCIAL_TWEETS))
            .route(authorized(PUT, "/me/following/{username}", SOCIAL_FOLLOWS, SESSIONS_AUTHORIZER))
            .route(authorized(DELETE, "/me/following/{username}", SOCIAL_FOLLOWS, SESSIONS_AUTHORIZER))
            .route(publicRoute(GET, "/users/{username}/followers", SOCIAL_FOLLOWS))
            .route(publicRoute(GET, "/users/{username}/following", SOCIAL_FOLLOWS))
            .route(authorized(GET, "/timeline", SOCIAL_TIMELINE, SESSIONS_AUTHORIZER))
            .route(authorized(GET, "/me/recommendations", SOCIAL_TIMELINE, SESSIONS_AUTHORIZER))
            .route(publicRoute(GET, "/search", SOCIAL_SEARCH))
            .route(publicRoute(POST, "/albums", ALBUMS))
            .route(publicRoute(GET, "/albums/{albumID}", ALBUMS))
            .route(publicRoute(POST, "/review/{likeornot}/{albumID}", ALBUMS))
            .route(publicRoute(GET, "/review/{albumID}", ALBUMS))
            .route(publicRoute(GET, "/v2/import/status", IMPORT_API))
            .route(checkedByHandler(POST, "/v2/import/validate", IMPORT_API, IMPORT_KEY))
            .route(checkedByHandler(POST, "/v2/import/push", IMPORT_API, IMPORT_KEY))
            .route(checkedByHandler(POST, "/v2/import/batch", IMPORT_API, IMPORT_KEY))
            .route(checkedByHandler(GET, "/v2/import/tables", IMPORT_API, IMPORT_KEY))
            .route(checkedByHandler(GET, "/v2/import/tables/{table}/changes", IMPORT_API, IMPORT_KEY))
            .route(checkedByHandler(POST, "/v2/client/{cid}/table/{table}/data", IMPORT_API, IMPORT_KEY))
            .route(checkedByHandler(GET, "/v2/client/{cid}/authenticate", IMPORT_API, IMPORT_KEY))
            .route(checkedByHandler(POST, "/admin/import-keys", IMPORT_KEYS_ADMIN, ADMIN_KEY))
            .route(checkedByHandler(DELETE, "/admin/import-keys/{keyId}", IMPORT_KEYS_ADMIN, ADMIN_KEY))
            .route(checkedByHandler(POST, "/admin/seed", ADMIN, ADMIN_KEY))
            .route(checkedByHandler(POST, "/admin/reset", ADMIN, ADMIN_KEY))
            .route(checkedByHandler(GET, "/admin/status", ADMIN, ADMIN_KEY))
            .route(checkedByHandler(POST, "/admin/stress", ADMIN, ADMIN_KEY))

            // Below the stage's 2,000/s where one request costs much more than a read (see RouteThrottleSpec)
            .routeThrottle(RouteThrottleSpec.of("POST /users", 100, 200, "each sign-up is a BCrypt hash (about "
                    + "0.1 s of a vCPU at cost 10) and a transaction: a flood of them would take the accounts "
                    + "function's concurrency from logins and profile reads"))
            .routeThrottle(RouteThrottleSpec.of("POST /sessions", 300, 600, "each login is a BCrypt check; "
                    + "spraying passwords over many usernames from many addresses gets past the per-username and "
                    + "per-address limits, this bounds the total work"))
            .routeThrottle(RouteThrottleSpec.of("POST /albums", 200, 400, "bodies of up to 6 MB, each written to "
                    + "S3: 200/s is already up to 1.2 GB/s of uploads"))
            .routeThrottle(RouteThrottleSpec.of("POST /v2/import/push", 400, 800, IMPORT_WRITES))
            .routeThrottle(RouteThrottleSpec.of("POST /v2/import/batch", 400, 800, IMPORT_WRITES))
            .routeThrottle(RouteThrottleSpec.of("POST /v2/client/{cid}/table/{table}/data", 400, 800, IMPORT_WRITES))
            .routeThrottle(RouteThrottleSpec.of("POST /admin/seed", 20, 40, "each writes up to 2,000 items in "
                    + "batches; the seeding command sends one chunk at a time"))
            .routeThrottle(RouteThrottleSpec.of("POST /admin/reset", 2, 4, "each deletes every table's items until "
                    + "its deadline; one caller at a time is all it needs"))
            .routeThrottle(RouteThrottleSpec.of("POST /admin/stress", 2, 4, "each runs timed writes and reads for "
                    + "up to the function's timeout"))

            // The social consumers' time per record goes to round trips (Redis, DynamoDB), and every change they make
            // converges whatever the order across items: four concurrent batches per shard (each item's records in
            // order) keep up with a seed or a viral burst. The import change log appends in stream order: one.
            // Ten retries each (all of them): a batch whose writes time out while DynamoDB or the cache is overloaded
            // is retried for well over a minute (backing off) before its first failing record goes to the on-failure
            // destination.
            .streamConsumer(StreamConsumerSpec.of("Tweets", TWEET_INDEXER).batchSize(100).retryAttempts(STREAM_RETRIES)
                    .parallelizationFactor(SOCIAL_PARALLELIZATION))
            .streamConsumer(StreamConsumerSpec.of("Tweets", SOCIAL_FANOUT).batchSize(100).retryAttempts(STREAM_RETRIES)
                    .parallelizationFactor(SOCIAL_PARALLELIZATION))
            .streamConsumer(StreamConsumerSpec.of("Tweets", SEARCH_INDEXER).batchSize(100).retryAttempts(STREAM_RETRIES)
                    .parallelizationFactor(SOCIAL_PARALLELIZATION))
            .streamConsumer(StreamConsumerSpec.of("Retweets", SOCIAL_FANOUT).batchSize(100).retryAttempts(STREAM_RETRIES)
                    .parallelizationFactor(SOCIAL_PARALLELIZATION))
            .streamConsumer(StreamConsumerSpec.of("Follows", SOCIAL_FANOUT).batchSize(100).retryAttempts(STREAM_RETRIES)
                    .parallelizationFactor(SOCIAL_PARALLELIZATION))
            // each album's counts move once per batch, so the larger the batch the fewer writes to a viral album's
            // item: up to a second's reviews per batch (counts lag a second or two); a bucket's reviews arrive in
            // order (its key's), which the fold's watermarks rely on
            .streamConsumer(StreamConsumerSpec.of("AlbumReviews", ALBUM_REVIEW_COUNTER).batchSize(1_000)
                    .batchingWindowSeconds(1).retryAttempts(STREAM_RETRIES))
            // the same for the social count log: a celebrity's item moves once per batch
            .streamConsumer(StreamConsumerSpec.of("CountLog", SOCIAL_COUNTER).batchSize(1_000)
                    .batchingWindowSeconds(1).retryAttempts(STREAM_RETRIES))
            .streamConsumer(StreamConsumerSpec.of("ImportRecords", IMPORT_CHANGE_LOG).batchSize(100)
                    .retryAttempts(STREAM_RETRIES))
            // Firehose-style buffering by the mapping: up to 1,000 commits or 5 s (or Lambda's 6 MB event) per
            // batch, which the loader writes as one file per table
            .streamConsumer(StreamConsumerSpec.of("ImportTables", WAREHOUSE_LOADER).batchSize(1_000)
                    .batchingWindowSeconds(5).retryAttempts(STREAM_RETRIES))
            .build();

    private ScaleoutDeclaration() {
    }

    public static Declaration declaration() {
        return DECLARATION;
    }
}
