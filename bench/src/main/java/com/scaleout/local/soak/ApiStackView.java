package com.scaleout.local.soak;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.functions.shared.retry.Jitter;
import com.scaleout.functions.shared.retry.Retry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The stack as its public API shows it, every page of every list. Home timelines are read logged in as their owner
 * (with the password the social load gives every account it registers); the change log with an import key the
 * reconciler gets through the admin route for the client. A busy answer (429, 503) is tried again a few times; any
 * other unexpected status is an error of the soak, not a missing item.
 */
public final class ApiStackView implements StackView {
    /** The password SocialLoad (loadtest) registers every account with. */
    public static final String LOAD_PASSWORD = "load-test-password";
    /** A shed or failed request is sent again, five times in all, after full jitter up to 0.5 s doubling to 4 s. */
    static final Retry RETRY = Retry.on(Jitter.full(Duration.ofMillis(500), Duration.ofSeconds(4))).atMost(5);

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String base;
    private final Function<Long, String> importTokens;
    private final Map<Long, String> tokens = new HashMap<>();
    private final Retry retry;

    /** {@code importTokens} gives a token of each import client (made once per client). */
    public ApiStackView(String baseUrl, Function<Long, String> importTokens) {
        this(baseUrl, importTokens, RETRY);
    }

    ApiStackView(String baseUrl, Function<Long, String> importTokens, Retry retry) {
        this.base = baseUrl.replaceAll("/+$", "");
        this.importTokens = importTokens;
        this.retry = retry;
    }

    @Override
    public Optional<Profile> profile(String username) {
        return get("/users/" + username, null).map(p -> new Profile(p.path("followers").asLong(),
                p.path("following").asLong(), p.path("tweets").asLong()));
    }

    @Override
    public boolean tweetExists(String id) {
        return get("/tweets/" + id, null).isPresent();
    }

    @Override
    public Set<String> list(Listing listing, String key) {
        return ids(listing.path(key), null, listing.field());
    }

    @Override
    public Set<String> homeTimeline(String username) {
        var session = send("POST", "/sessions", null, Json.write(Map.of("username", username,
                "password", LOAD_PASSWORD))).orElseThrow(() -> new IllegalStateException("cannot log in as "
                + username));
        return ids("/timeline", session.path("token").asText(), "id");
    }

    @Override
    public boolean albumExists(String albumId) {
        return get("/albums/" + albumId, null).isPresent();
    }

    @Override
    public Optional<Reviews> reviews(String albumId) {
        return get("/review/" + albumId, null).map(r -> new Reviews(r.path("likes").asLong(),
                r.path("dislikes").asLong()));
    }

    @Override
    public Map<String, Long> importChanges(long clientId, String table) {
        String token = tokens.computeIfAbsent(clientId, importTokens);
        var applied = new HashMap<String, Long>();
        String after = "0";
        while (after != null) {
            JsonNode page = get("/v2/import/tables/" + table + "/changes?limit=1000&after=" + after, token)
                    .orElseThrow(() -> new IllegalStateException("no change log for table " + table));
            for (JsonNode change : page.path("items")) {
                applied.merge(change.path("key").path("id").asText(), change.path("sequence").asLong(), Math::max);
            }
            after = page.path("next").isTextual() || page.path("next").isNumber() ? page.path("next").asText() : null;
            if (page.path("items").isEmpty()) {
                break;
            }
        }
        return applied;
    }

    /** Every item's {@code field} over every page of a list. */
    private Set<String> ids(String path, String token, String field) {
        var ids = new LinkedHashSet<String>();
        String cursor = null;
        do {
            String separator = path.contains("?") ? "&" : "?";
            String page = path + separator + "limit=" + (path.startsWith("/search") ? 50 : 100)
                    + (cursor == null ? "" : "&cursor=" + URLEncoder.encode(cursor, StandardCharsets.UTF_8));
            JsonNode answer = get(page, token).orElseThrow(() -> new IllegalStateException(path + " answered 404"));
            answer.path("items").forEach(item -> ids.add(item.path(field).asText()));
            cursor = answer.path("next").isTextual() ? answer.path("next").asText() : null;
        } while (cursor != null);
        return ids;
    }

    /** The answer's JSON, empty on a 404. */
    private Optional<JsonNode> get(String path, String token) {
        return send("GET", path, token, null);
    }

    private Optional<JsonNode> send(String method, String path, String token, String body) {
        return retry.call(() -> exchange(method, path, token, body),
                failure -> failure instanceof Busy || failure instanceof UncheckedIOException);
    }

    /** One request: its JSON, empty on a 404; {@link Busy} on a 429 or 503, which a later attempt may get past. */
    private Optional<JsonNode> exchange(String method, String path, String token, String body) {
        var request = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30))
                .header("Accept", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        try {
            var response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            int status = response.statusCode();
            if (status / 100 == 2) {
                return Optional.of(Json.MAPPER.readTree(response.body()));
            }
            if (status == 404) {
                return Optional.empty();
            }
            String answered = method + " " + path + " answered " + status + ": " + response.body();
            throw status == 429 || status == 503 ? new Busy(answered) : new IllegalStateException(answered);
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + path + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** The stack shed the request; after the last attempt, the soak's error. */
    private static final class Busy extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        Busy(String message) {
            super(message);
        }
    }
}
