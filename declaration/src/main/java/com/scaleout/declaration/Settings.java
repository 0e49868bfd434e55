package com.scaleout.declaration;

import static com.scaleout.declaration.Setting.Source.DEPLOYMENT;
import static com.scaleout.declaration.Setting.Source.LAMBDA;
import static com.scaleout.declaration.Setting.Source.LOCAL;
import static com.scaleout.declaration.Setting.Source.TUNING;

import java.util.List;

/**
 * Every environment variable a function reads, declared once: the CDK app and the local runtime set them from
 * here, and the functions read them through these constants. Which function reads which is in its
 * {@link FunctionSpec} (see {@link Declaration#settingsOf(String)}).
 */
public final class Settings {
    public static final Setting STAGE = Setting.of("SCALEOUT_STAGE", DEPLOYMENT,
            "the stage the function is deployed in, for whoever reads its configuration (no code branches on it)");
    public static final Setting AWS_REGION = Setting.of("AWS_REGION", "us-east-1", LAMBDA,
            "the region of the AWS clients");
    public static final Setting AWS_ACCESS_KEY_ID = Setting.of("AWS_ACCESS_KEY_ID", LAMBDA,
            "credentials Lambda hands a function without SnapStart; with a local endpoint and no credentials at all, "
                    + "a fixed pair is used");
    public static final Setting AWS_SECRET_ACCESS_KEY = Setting.of("AWS_SECRET_ACCESS_KEY", LAMBDA,
            "the secret of AWS_ACCESS_KEY_ID");
    public static final Setting AWS_SESSION_TOKEN = Setting.of("AWS_SESSION_TOKEN", LAMBDA,
            "the session token of AWS_ACCESS_KEY_ID (the execution role's temporary credentials)");
    public static final Setting AWS_CONTAINER_CREDENTIALS_FULL_URI = Setting.of("AWS_CONTAINER_CREDENTIALS_FULL_URI",
            LAMBDA, "where a SnapStart function fetches its credentials instead (Lambda sets no keys then)");
    public static final Setting AWS_CONTAINER_AUTHORIZATION_TOKEN = Setting.of("AWS_CONTAINER_AUTHORIZATION_TOKEN",
            LAMBDA, "the Authorization header for AWS_CONTAINER_CREDENTIALS_FULL_URI");
    public static final Setting DYNAMODB_ENDPOINT = Setting.of("DYNAMODB_ENDPOINT", LOCAL,
            "the DynamoDB endpoint to use instead of AWS's (moto_server)");
    public static final Setting S3_ENDPOINT = Setting.of("S3_ENDPOINT", LOCAL,
            "the S3 endpoint to use instead of AWS's (moto_server, path-style)");
    public static final Setting CLOUDWATCH_ENDPOINT = Setting.of("CLOUDWATCH_ENDPOINT", LOCAL,
            "the CloudWatch endpoint to use instead of AWS's (moto_server, which the local stream poller reports to)");
    public static final Setting GLUE_ENDPOINT = Setting.of("GLUE_ENDPOINT", LOCAL,
            "the Glue endpoint to use instead of AWS's (moto_server, which keeps the warehouse's catalog locally)");
    public static final Setting REDIS_URL = Setting.of("REDIS_URL", DEPLOYMENT,
            "the cache; unset: no cache (the functions fall back to DynamoDB)");
    public static final Setting REDIS_CLUSTER = Setting.of("REDIS_CLUSTER", "false", DEPLOYMENT,
            "true when REDIS_URL is a cluster (the stack's own ElastiCache Serverless): use the cluster client");
    public static final Setting ADMIN_KEY = Setting.of("SCALEOUT_ADMIN_KEY", LOCAL,
            "the admin routes' X-Admin-Key itself (locally); unset and no secret: the admin routes are off");
    public static final Setting ADMIN_KEY_SECRET_ARN = Setting.of("SCALEOUT_ADMIN_KEY_SECRET_ARN", DEPLOYMENT,
            "the Secrets Manager secret holding the admin routes' key, when a stage turns them on");
    public static final Setting BCRYPT_COST = Setting.of("BCRYPT_COST", "10", TUNING,
            "BCrypt's cost for passwords (the tests lower it)");
    public static final Setting SEARCH_QUERY_CONCURRENCY = Setting.of("SEARCH_QUERY_CONCURRENCY", "40", TUNING,
            "how many index queries one search runs at once (4 shards of 10 tags or mentions, or of 5 words and their tags)");
    public static final Setting FANOUT_MAX_FOLLOWERS = Setting.of("FANOUT_MAX_FOLLOWERS", "10000", TUNING,
            "above this many followers an account's activity is merged at read time instead of fanned out");
    public static final Setting IMPORT_WRITE_CONCURRENCY = Setting.of("IMPORT_WRITE_CONCURRENCY", "32", TUNING,
            "how many record writes one import request runs at once (the local runtime sets 4)");
    public static final Setting IMPORT_KEY_CACHE_SECONDS = Setting.of("IMPORT_KEY_CACHE_SECONDS", "3600", TUNING,
            "how long a checked import key is kept in memory");
    public static final Setting LIVE_ENDPOINT = Setting.of("LIVE_ENDPOINT", DEPLOYMENT,
            "the WebSocket API's management endpoint, where PostToConnection goes: https://{api-id}.execute-api."
                    + "{region}.amazonaws.com/{stage} (locally the runtime's, http://127.0.0.1:PORT/live)");

    /** Read by every function: its AWS clients' region, credentials and (locally) endpoints. */
    public static final List<Setting> EVERY_FUNCTION =
            List.of(STAGE, AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN,
                    AWS_CONTAINER_CREDENTIALS_FULL_URI, AWS_CONTAINER_AUTHORIZATION_TOKEN, DYNAMODB_ENDPOINT,
                    S3_ENDPOINT);
    /** Read by a function that uses the cache. */
    public static final List<Setting> CACHE = List.of(REDIS_URL, REDIS_CLUSTER);
    /** Read by a function that serves admin routes. */
    public static final List<Setting> ADMIN_ROUTES = List.of(ADMIN_KEY, ADMIN_KEY_SECRET_ARN);
    /** Read by a function that builds the social workload's components. */
    public static final List<Setting> SOCIAL = List.of(BCRYPT_COST, SEARCH_QUERY_CONCURRENCY, FANOUT_MAX_FOLLOWERS);

    private static final List<Setting> NAMED = List.of(STAGE, AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY,
            AWS_SESSION_TOKEN, AWS_CONTAINER_CREDENTIALS_FULL_URI, AWS_CONTAINER_AUTHORIZATION_TOKEN, DYNAMODB_ENDPOINT,
            S3_ENDPOINT, CLOUDWATCH_ENDPOINT, GLUE_ENDPOINT, REDIS_URL, REDIS_CLUSTER, ADMIN_KEY, ADMIN_KEY_SECRET_ARN, BCRYPT_COST,
            SEARCH_QUERY_CONCURRENCY, FANOUT_MAX_FOLLOWERS, IMPORT_WRITE_CONCURRENCY, IMPORT_KEY_CACHE_SECONDS,
            LIVE_ENDPOINT);

    private Settings() {
    }

    /**
     * The settings above; the tables' and buckets' names come on top, one per declared table or bucket, and the
     * catalogs' names, one per data lake bucket.
     */
    public static List<Setting> named() {
        return NAMED;
    }

    /** A table's physical name, e.g. {@code TABLE_TWEETS}. */
    public static Setting table(String tableName) {
        return Setting.of(TableSpec.environmentVariable(tableName), DEPLOYMENT,
                "the physical name of the table " + tableName);
    }

    /** A function's name as Lambda knows it (its metrics' FunctionName), e.g. {@code FUNCTION_TWEET_INDEXER}. */
    public static Setting function(String functionName) {
        return Setting.of("FUNCTION_" + Names.upperSnake(functionName), DEPLOYMENT,
                "the deployed name of the function " + functionName);
    }

    /** A bucket's physical name, e.g. {@code BUCKET_ALBUM_IMAGES}. */
    public static Setting bucket(String bucketName) {
        return Setting.of(BucketSpec.environmentVariable(bucketName), DEPLOYMENT,
                "the physical name of the bucket " + bucketName);
    }

    /**
     * The Glue database of a data lake bucket's tables ({@link BucketSpec#dataLake()}), e.g. {@code CATALOG_WAREHOUSE}:
     * a function that reads it keeps the catalog's tables, and may create and update them.
     */
    public static Setting catalog(String bucketName) {
        return Setting.of("CATALOG_" + Names.upperSnake(bucketName), DEPLOYMENT,
                "the Glue database of the bucket " + bucketName + "'s tables, which the function keeps");
    }
}
