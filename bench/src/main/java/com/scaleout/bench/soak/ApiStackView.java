package com.scaleout.bench.soak;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.client.AlbumsApi;
import com.scaleout.client.ApiResponse;
import com.scaleout.client.ImportApi;
import com.scaleout.client.ScaleoutClient;
import com.scaleout.client.SocialApi;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.functions.shared.retry.Jitter;
import com.scaleout.functions.shared.retry.Retry;
import java.io.IOException;
import java.io.UncheckedIOException;
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

    private final SocialApi social;
    private final AlbumsApi albums;
    private final ImportApi imports;
    private final Function<Long, String> importTokens;
    private final Map<Long, String> tokens = new HashMap<>();
    private final Retry retry;

    /** {@code importTokens} gives a token of each import client (made once per client). */
    public ApiStackView(String baseUrl, Function<Long, String> importTokens) {
        this(baseUrl, importTokens, RETRY);
    }

    ApiStackView(String baseUrl, Function<Long, String> importTokens, Retry retry) {
        var client = ScaleoutClient.to(baseUrl).connectTimeout(Duration.ofSeconds(5)).timeout(Duration.ofSeconds(30))
                .header("Accept", "application/json").build();
        this.social = client.social();
        this.albums = client.albums();
        this.imports = client.imports();
        this.importTokens = importTokens;
        this.retry = retry;
    }

    @Override
    public Optional<Profile> profile(String username) {
        return send(() -> social.profile(username)).map(p -> new Profile(p.path("followers").asLong(),
                p.path("following").asLong(), p.path("tweets").asLong()));
    }

    @Override
    public boolean tweetExists(String id) {
        return send(() -> social.tweetById(id)).isPresent();
    }

    @Override
    public Set<String> list(Listing listing, String key) {
        return ids(listing.path(key), null, listing.field());
    }

    @Override
    public Set<String> homeTimeline(String username) {
        var session = send(() -> social.logIn(username, LOAD_PASSWORD))
                .orElseThrow(() -> new IllegalStateException("cannot log in as " + username));
        return ids("/timeline", session.path("token").asText(), "id");
    }

    @Override
    public boolean albumExists(String albumId) {
        return send(() -> albums.album(albumId)).isPresent();
    }

    @Override
    public Optional<Reviews> reviews(String albumId) {
        return send(() -> albums.reviews(albumId)).map(r -> new Reviews(r.path("likes").asLong(),
                r.path("dislikes").asLong()));
    }

    @Override
    public Map<String, Long> importChanges(long clientId, String table) {
        String token = tokens.computeIfAbsent(clientId, importTokens);
        var applied = new HashMap<String, Long>();
        String after = "0";
        while (after != null) {
            String from = after;
            JsonNode page = send(() -> imports.changes(token, table, from, 1000)).orElseThrow(() -> new IllegalStateException("no change log for table " + table));
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
        int limit = path.startsWith("/search") ? 50 : 100;
        do {
            String from = cursor;
            JsonNode answer = send(() -> social.page(path, token, limit, from)).orElseThrow(() -> new IllegalStateException(path + " answered 404"));
            answer.path("items").forEach(item -> ids.add(item.path(field).asText()));
            cursor = answer.path("next").isTextual() ? answer.path("next").asText() : null;
        } while (cursor != null);
        return ids;
    }

    /** One call of the API client, for {@link #send}. */
    @FunctionalInterface
    private interface Call {
        ApiResponse send() throws IOException, InterruptedException;
    }

    /** The answer's JSON, empty on a 404, the call sent again while it is shed or unanswered. */
    private Optional<JsonNode> send(Call call) {
        return retry.call(() -> answer(call),
                failure -> failure instanceof Busy || failure instanceof UncheckedIOException);
    }

    /** One attempt: its JSON, empty on a 404; {@link Busy} on a 429 or 503, which a later attempt may get past. */
    private static Optional<JsonNode> answer(Call call) {
        try {
            var answer = call.send();
            if (answer.isSuccess()) {
                return Optional.of(Json.MAPPER.readTree(answer.body()));
            }
            if (answer.status() == 404) {
                return Optional.empty();
            }
            String answered = answer.request().method() + " " + pathAndQuery(answer) + " answered " + answer.status()
                    + ": " + answer.body();
            throw answer.status() == 429 || answer.status() == 503 ? new Busy(answered)
                    : new IllegalStateException(answered);
        } catch (IOException e) {
            throw new UncheckedIOException("a call to the API failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static String pathAndQuery(ApiResponse answer) {
        var uri = answer.request().uri();
        return uri.getRawQuery() == null ? uri.getRawPath() : uri.getRawPath() + "?" + uri.getRawQuery();
    }

    /** The stack shed the request; after the last attempt, the soak's error. */
    private static final class Busy extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        Busy(String message) {
            super(message);
        }
    }
}
