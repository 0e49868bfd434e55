package com.scaleout.client;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** The social network's routes (NanoTwitter): accounts, sessions, tweets, likes, follows, lists, search. */
public final class SocialApi {
    private final ScaleoutClient client;

    SocialApi(ScaleoutClient client) {
        this.client = client;
    }

    public ApiResponse register(String username, String password) throws IOException, InterruptedException {
        return client.send(ApiRequest.of("POST", "/users").json(Map.of("username", username, "password", password)));
    }

    public ApiResponse logIn(String username, String password) throws IOException, InterruptedException {
        return client.send(ApiRequest.of("POST", "/sessions")
                .json(Map.of("username", username, "password", password)));
    }

    /** Registers the account and logs in: its session's token ({@link ApiError} when either is refused). */
    public String signUp(String username, String password) throws IOException, InterruptedException {
        ApiError.unlessFailed(register(username, password));
        return session(username, password);
    }

    /** A new session's token ({@link ApiError} when the login is refused). */
    public String session(String username, String password) throws IOException, InterruptedException {
        return ApiError.unlessFailed(logIn(username, password)).text("token");
    }

    public ApiResponse me(String token) throws IOException, InterruptedException {
        return client.send(ApiRequest.of("GET", "/me").bearer(token));
    }

    /** PATCH /me: the caller's display name and bio, both sent; null resets one (to the username; to no bio). */
    public ApiResponse editProfile(String token, String displayName, String bio)
            throws IOException, InterruptedException {
        var fields = new LinkedHashMap<String, String>(); // Map.of holds no null
        fields.put("displayName", displayName);
        fields.put("bio", bio);
        return client.send(ApiRequest.of("PATCH", "/me").bearer(token).json(fields));
    }

    public ApiResponse profile(String username) throws IOException, InterruptedException {
        return client.send(ApiRequest.of("GET", "/users/" + username));
    }

    public ApiResponse tweet(String token, String text) throws IOException, InterruptedException {
        return client.send(ApiRequest.of("POST", "/tweets").bearer(token).json(Map.of("text", text)));
    }

    public ApiResponse tweetById(String id) throws IOException, InterruptedException {
        return client.send(ApiRequest.of("GET", "/tweets/" + id));
    }

    /** The tweet as the caller {@code token} sees it (with {@code retweetedByMe}, {@code likedByMe}); null: anonymous. */
    public ApiResponse tweetById(String id, String token) throws IOException, InterruptedException {
        return client.send(ApiRequest.of("GET", "/tweets/" + id).bearer(token));
    }

    /** Likes the tweet (idempotent): the tweet as it is now. */
    public ApiResponse like(String token, String tweetId) throws IOException, InterruptedException {
        return client.send(ApiRequest.of("PUT", "/tweets/" + tweetId + "/likes/me").bearer(token));
    }

    /** Takes the caller's like back (idempotent): the tweet as it is now. */
    public ApiResponse unlike(String token, String tweetId) throws IOException, InterruptedException {
        return client.send(ApiRequest.of("DELETE", "/tweets/" + tweetId + "/likes/me").bearer(token));
    }

    /** Who liked the tweet, newest like first, with the {@code count} of all. */
    public ApiResponse likers(String tweetId, int limit, String cursor) throws IOException, InterruptedException {
        return page("/tweets/" + tweetId + "/likes", null, limit, cursor);
    }

    /** The tweets a user liked, newest like first, as the caller {@code token} (null for none) sees them. */
    public ApiResponse likes(String username, String token, int limit, String cursor)
            throws IOException, InterruptedException {
        return page("/users/" + username + "/likes", token, limit, cursor);
    }

    public ApiResponse follow(String token, String username) throws IOException, InterruptedException {
        return client.send(ApiRequest.of("PUT", "/me/following/" + username).bearer(token));
    }

    public ApiResponse unfollow(String token, String username) throws IOException, InterruptedException {
        return client.send(ApiRequest.of("DELETE", "/me/following/" + username).bearer(token));
    }

    public ApiResponse timeline(String token, int limit) throws IOException, InterruptedException {
        return page("/timeline", token, limit, null);
    }

    public ApiResponse search(String query, int limit, String cursor) throws IOException, InterruptedException {
        return page("/search?q=" + URLEncoder.encode(query, StandardCharsets.UTF_8), null, limit, cursor);
    }

    /**
     * One page of a list ({@code /users/ada/tweets}, {@code /timeline}, {@code /search?q=...}): {@code limit} items
     * from {@code cursor} (null for the first page), as the caller {@code token} (null for none) sees it.
     */
    public ApiResponse page(String listPath, String token, int limit, String cursor)
            throws IOException, InterruptedException {
        String separator = listPath.contains("?") ? "&" : "?";
        return client.send(ApiRequest.of("GET", listPath + separator + "limit=" + limit
                + (cursor == null ? "" : "&cursor=" + URLEncoder.encode(cursor, StandardCharsets.UTF_8)))
                .bearer(token));
    }
}
