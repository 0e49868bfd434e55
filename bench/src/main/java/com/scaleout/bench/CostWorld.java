package com.scaleout.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.client.ApiRequest;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A small, realistic world built through the public API, and each declared route's common good case in it: a star
 * with {@value #FOLLOWERS} followers (so a tweet's fanout shows), tweets with hashtags and mentions, a reply, a
 * retweet, a reader following the star, an album with a review, an import key and pushes. A case prepares what its
 * call needs (a fresh session to log out, a tweet to delete) outside the measurement and returns the call.
 */
final class CostWorld {
    static final int FOLLOWERS = 10;
    static final long CLIENT_ID = 4821;
    private static final String PASSWORD = "cost-bench-password";
    private static final String BOUNDARY = "scaleoutCostBoundary7Qx";

    /** What a case does before its measured call, and the call. */
    @FunctionalInterface
    interface Case {
        ApiRequest prepare() throws Exception;
    }

    private final BenchClient client;
    private final String adminKey;
    private final String run = Long.toString(System.nanoTime() % 1_000_000L, 36);
    private final AtomicInteger names = new AtomicInteger();
    private final AtomicLong sequence = new AtomicLong(System.currentTimeMillis() * 1000);
    private final Map<String, String> tokens = new LinkedHashMap<>();
    private final List<String> followers = new ArrayList<>();
    private final List<String> followTargets = new ArrayList<>();
    private String star;
    private String reader;
    private String starTweet;
    private String albumId;
    private String importToken;

    CostWorld(BenchClient client, String adminKey) {
        this.client = client;
        this.adminKey = adminKey;
    }

    void build() throws Exception {
        star = signUp("star");
        reader = signUp("reader");
        for (int i = 0; i < FOLLOWERS; i++) {
            String follower = signUp("fan");
            followers.add(follower);
            client.send(ApiRequest.of("PUT", "/me/following/" + star).bearer(tokens.get(follower)));
        }
        for (int i = 0; i < 8; i++) {
            followTargets.add(signUp("target"));
        }
        client.send(ApiRequest.of("PUT", "/me/following/" + star).bearer(tokens.get(reader)));
        starTweet = tweet(star, "hello #scaleout from the star, @" + reader, null);
        for (int i = 0; i < 4; i++) {
            tweet(star, "tweet " + i + " about #scaleout and #costs", null);
        }
        tweet(reader, "a reply to the star #scaleout", starTweet);
        client.send(ApiRequest.of("POST", "/tweets/" + starTweet + "/retweets").bearer(tokens.get(followers.get(0))));
        client.send(ApiRequest.of("PUT", "/tweets/" + starTweet + "/likes/me").bearer(tokens.get(followers.get(0))));
        for (String target : followTargets.subList(0, 2)) {
            client.send(ApiRequest.of("PUT", "/me/following/" + target).bearer(tokens.get(followers.get(1))));
        }
        albumId = client.send(album()).get("albumID").asText();
        client.send(ApiRequest.of("POST", "/review/like/" + albumId));
        importToken = client.send(ApiRequest.of("POST", "/admin/import-keys").header("X-Admin-Key", adminKey)
                .json(Map.of("clientId", CLIENT_ID, "name", "cost bench"))).get("token").asText();
        client.send(push("/v2/import/push"));
    }

    /** Every route's case, by route key ({@code GET /tweets/{id}}). */
    Map<String, Case> cases() {
        var cases = new LinkedHashMap<String, Case>();
        cases.put("GET /health", () -> ApiRequest.of("GET", "/health"));
        cases.put("POST /users", () -> ApiRequest.of("POST", "/users").json(Map.of("username", name("new"),
                "password", PASSWORD)));
        cases.put("POST /sessions", () -> ApiRequest.of("POST", "/sessions").json(Map.of("username", reader,
                "password", PASSWORD)));
        cases.put("DELETE /sessions/current", () -> ApiRequest.of("DELETE", "/sessions/current").bearer(logIn(reader)));
        cases.put("GET /me", () -> ApiRequest.of("GET", "/me").bearer(tokens.get(reader)));
        cases.put("PATCH /me", () -> ApiRequest.of("PATCH", "/me").bearer(tokens.get(reader))
                .json(Map.of("displayName", "Reader " + names.incrementAndGet(), "bio", "reads a lot")));
        cases.put("GET /users/{username}", () -> ApiRequest.of("GET", "/users/" + star));
        cases.put("POST /tweets", () -> ApiRequest.of("POST", "/tweets").bearer(tokens.get(star))
                .json(Map.of("text", "a new tweet " + names.incrementAndGet() + " #scaleout for @" + reader)));
        cases.put("GET /tweets/recent", () -> ApiRequest.of("GET", "/tweets/recent"));
        cases.put("GET /tweets/{id}", () -> ApiRequest.of("GET", "/tweets/" + starTweet));
        cases.put("DELETE /tweets/{id}", () -> ApiRequest.of("DELETE", "/tweets/" + tweet(star, "to be deleted #gone", null))
                .bearer(tokens.get(star)));
        cases.put("GET /tweets/{id}/replies", () -> ApiRequest.of("GET", "/tweets/" + starTweet + "/replies"));
        var retweeters = new AtomicInteger(1);
        cases.put("POST /tweets/{id}/retweets", () -> ApiRequest.of("POST", "/tweets/" + starTweet + "/retweets")
                .bearer(tokens.get(followers.get(retweeters.getAndIncrement() % FOLLOWERS))));
        var unretweeters = new AtomicInteger(1);
        cases.put("DELETE /tweets/{id}/retweets", () -> ApiRequest.of("DELETE", "/tweets/" + starTweet + "/retweets")
                .bearer(tokens.get(followers.get(unretweeters.getAndIncrement() % FOLLOWERS))));
        cases.put("GET /tweets/{id}/retweets", () -> ApiRequest.of("GET", "/tweets/" + starTweet + "/retweets"));
        var likers = new AtomicInteger(1);
        cases.put("PUT /tweets/{id}/likes/me", () -> ApiRequest.of("PUT", "/tweets/" + starTweet + "/likes/me")
                .bearer(tokens.get(followers.get(likers.getAndIncrement() % FOLLOWERS))));
        var unlikers = new AtomicInteger(1);
        cases.put("DELETE /tweets/{id}/likes/me", () -> ApiRequest.of("DELETE", "/tweets/" + starTweet + "/likes/me")
                .bearer(tokens.get(followers.get(unlikers.getAndIncrement() % FOLLOWERS))));
        cases.put("GET /tweets/{id}/likes", () -> ApiRequest.of("GET", "/tweets/" + starTweet + "/likes"));
        cases.put("GET /users/{username}/likes", () -> ApiRequest.of("GET", "/users/" + followers.get(0) + "/likes"));
        cases.put("GET /users/{username}/tweets", () -> ApiRequest.of("GET", "/users/" + star + "/tweets"));
        cases.put("GET /users/{username}/replies", () -> ApiRequest.of("GET", "/users/" + reader + "/replies"));
        cases.put("GET /users/{username}/mentions", () -> ApiRequest.of("GET", "/users/" + reader + "/mentions"));
        cases.put("GET /hashtags/{tag}/tweets", () -> ApiRequest.of("GET", "/hashtags/scaleout/tweets"));
        var followed = new AtomicInteger(2);
        cases.put("PUT /me/following/{username}", () -> ApiRequest.of("PUT", "/me/following/"
                + followTargets.get(followed.getAndIncrement() % followTargets.size()))
                .bearer(tokens.get(followers.get(1))));
        var unfollowed = new AtomicInteger();
        cases.put("DELETE /me/following/{username}", () -> ApiRequest.of("DELETE", "/me/following/"
                + followTargets.get(unfollowed.getAndIncrement() % followTargets.size()))
                .bearer(tokens.get(followers.get(1))));
        cases.put("GET /users/{username}/followers", () -> ApiRequest.of("GET", "/users/" + star + "/followers"));
        cases.put("GET /users/{username}/following", () -> ApiRequest.of("GET", "/users/" + reader + "/following"));
        cases.put("GET /timeline", () -> ApiRequest.of("GET", "/timeline").bearer(tokens.get(reader)));
        cases.put("GET /me/recommendations", () -> ApiRequest.of("GET", "/me/recommendations")
                .bearer(tokens.get(followers.get(2))));
        cases.put("GET /search", () -> ApiRequest.of("GET", "/search?q=hello%20%23scaleout"));
        cases.put("POST /albums", this::album);
        cases.put("GET /albums/{albumID}", () -> ApiRequest.of("GET", "/albums/" + albumId));
        cases.put("POST /review/{likeornot}/{albumID}", () -> ApiRequest.of("POST", "/review/like/" + albumId));
        cases.put("GET /review/{albumID}", () -> ApiRequest.of("GET", "/review/" + albumId));
        cases.put("GET /v2/import/status", () -> ApiRequest.of("GET", "/v2/import/status"));
        cases.put("POST /v2/import/validate", () -> push("/v2/import/validate"));
        cases.put("POST /v2/import/push", () -> push("/v2/import/push"));
        cases.put("POST /v2/import/batch", () -> ApiRequest.of("POST", "/v2/import/batch").bearer(importToken)
                .json(batch()));
        cases.put("GET /v2/import/tables", () -> ApiRequest.of("GET", "/v2/import/tables").bearer(importToken));
        cases.put("GET /v2/import/tables/{table}/changes", () -> ApiRequest.of("GET",
                "/v2/import/tables/customers/changes?after=0&limit=50").bearer(importToken));
        cases.put("POST /v2/client/{cid}/table/{table}/data", () -> ApiRequest.of("POST", "/v2/client/" + CLIENT_ID
                + "/table/pageviews/data").bearer(importToken).json(List.of(Map.of("keys", List.of("id"), "id",
                names.incrementAndGet(), "url", "/pricing"))));
        cases.put("GET /v2/client/{cid}/authenticate", () -> ApiRequest.of("GET", "/v2/client/" + CLIENT_ID
                + "/authenticate").bearer(importToken));
        cases.put("POST /admin/import-keys", () -> ApiRequest.of("POST", "/admin/import-keys").header("X-Admin-Key",
                adminKey).json(Map.of("clientId", CLIENT_ID + 1, "name", "another key")));
        cases.put("DELETE /admin/import-keys/{keyId}", () -> ApiRequest.of("DELETE", "/admin/import-keys/"
                + client.send(ApiRequest.of("POST", "/admin/import-keys").header("X-Admin-Key", adminKey)
                        .json(Map.of("clientId", CLIENT_ID + 2, "name", "to revoke"))).get("keyId").asText())
                .header("X-Admin-Key", adminKey));
        cases.put("POST /admin/seed", () -> ApiRequest.of("POST", "/admin/seed").header("X-Admin-Key", adminKey)
                .json(Map.of("users", 5, "tweetsPerUser", 2, "followsPerUser", 2)));
        cases.put("GET /admin/status", () -> ApiRequest.of("GET", "/admin/status").header("X-Admin-Key", adminKey));
        cases.put("POST /admin/stress", () -> ApiRequest.of("POST", "/admin/stress").header("X-Admin-Key", adminKey)
                .json(Map.of("n", 5, "star", star, "fan", FOLLOWERS)));
        // last: it empties the world
        cases.put("POST /admin/reset", () -> ApiRequest.of("POST", "/admin/reset").header("X-Admin-Key", adminKey));
        return cases;
    }

    private String name(String prefix) {
        return prefix + run + "_" + names.incrementAndGet();
    }

    private String signUp(String prefix) throws Exception {
        String username = name(prefix);
        client.send(ApiRequest.of("POST", "/users").json(Map.of("username", username, "password", PASSWORD)));
        tokens.put(username, logIn(username));
        return username;
    }

    private String logIn(String username) throws Exception {
        return client.send(ApiRequest.of("POST", "/sessions").json(Map.of("username", username, "password", PASSWORD)))
                .get("token").asText();
    }

    private String tweet(String author, String text, String inReplyTo) throws Exception {
        var body = new LinkedHashMap<String, Object>();
        body.put("text", text);
        body.put("inReplyTo", inReplyTo);
        JsonNode created = client.send(ApiRequest.of("POST", "/tweets").bearer(tokens.get(author)).json(body));
        return created.get("id").asText();
    }

    /** A push of three new records to two tables, each a newer sequence. */
    private ApiRequest push(String path) {
        var records = new ArrayList<Map<String, Object>>();
        for (int i = 0; i < 3; i++) {
            records.add(Map.of("client_id", CLIENT_ID, "table_name", i < 2 ? "customers" : "orders",
                    "sequence", sequence.incrementAndGet(), "action", "upsert", "key_names", List.of("id"),
                    "data", Map.of("id", i, "name", "customer " + i, "email", "c" + i + "@example.com",
                            "balance", 12.5 * i)));
        }
        return ApiRequest.of("POST", path).bearer(importToken).json(records);
    }

    private Map<String, Object> batch() {
        var messages = new ArrayList<Map<String, Object>>();
        for (int i = 0; i < 2; i++) {
            messages.add(Map.of("action", "upsert", "sequence", sequence.incrementAndGet(),
                    "data", Map.of("id", 100 + i, "name", "batch customer " + i)));
        }
        return Map.of("table_name", "customers", "key_names", List.of("id"), "messages", messages,
                "schema", Map.of("properties", Map.of("id", Map.of("type", "integer"),
                        "name", Map.of("type", "string"))));
    }

    /** An album: a 10 KB image (new bytes each time, so it is stored, not found) and its profile. */
    private ApiRequest album() {
        byte[] image = new byte[10_000];
        new Random(names.incrementAndGet()).nextBytes(image);
        var out = new ByteArrayOutputStream();
        out.writeBytes(("--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"image\"; filename=\"cover.png\""
                + "\r\nContent-Type: image/png\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.writeBytes(image);
        out.writeBytes(("\r\n--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"profile\"\r\n"
                + "Content-Type: application/json\r\n\r\n{\"artist\":\"Joy Division\",\"title\":\"Closer\","
                + "\"year\":\"1980\"}\r\n--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.UTF_8));
        return ApiRequest.of("POST", "/albums").body("multipart/form-data; boundary=" + BOUNDARY, out.toByteArray());
    }
}
