package com.scaleout.loadtest;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Accounts for a viral scenario: the first one seeded ({@code first}: a star to follow, the author of a viral tweet)
 * and its session token, and the others' session tokens (fans, authors), made through {@code POST /admin/seed} with {@code sessions: true} (the admin key
 * from {@code -DadminKey}, by default the local runtime's): accounts without tweets or follows, each with a session
 * token, so that a scenario's users need neither a sign-up nor a login, whose routes (a password hash each) a stack
 * under AWS's limits scaled down throttles long before the scenario's own. The seed route's throttle and a busy
 * stack's 503 are waited out (Retry-After, or two seconds), for at most two minutes, and the chunk sent again under its
 * chunk id.
 */
record SeededAccounts(String first, String firstToken, List<String> tokens) {
    private static final int PER_REQUEST = 1_000;
    private static final Duration PATIENCE = Duration.ofMinutes(2);

    /**
     * The seed's body; {@code fansOf}, when not null, names the account every new one follows. Its own chunk id: the
     * chunk sent again after a busy stack's 503 (whose request may have written it) is never seeded twice.
     */
    record Body(int users, int tweetsPerUser, int followsPerUser, boolean sessions,
                @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
                String fansOf, String chunkId) {
        Body(int users, boolean sessions, String fansOf) {
            this(users, 0, 0, sessions, fansOf, java.util.UUID.randomUUID().toString());
        }
    }

    /** The first account seeded and {@code others} tokens of other accounts. */
    static SeededAccounts seed(HttpClient client, int others) {
        String star = null;
        String starToken = null;
        var tokens = new ArrayList<String>();
        while (star == null || tokens.size() < others) {
            int wanted = Math.min(PER_REQUEST, others - tokens.size() + (star == null ? 1 : 0));
            JsonNode seeded = post(client, new Body(wanted, true, null));
            var accounts = seeded.path("accounts");
            for (int i = 0; i < accounts.size(); i++) {
                if (star == null) {
                    star = accounts.get(i).path("username").asText();
                    starToken = seeded.path("tokens").get(i).asText();
                } else {
                    tokens.add(seeded.path("tokens").get(i).asText());
                }
            }
            System.out.println("seeded " + (tokens.size() + 1) + " of " + (others + 1) + " accounts");
        }
        return new SeededAccounts(star, starToken, List.copyOf(tokens));
    }

    /**
     * {@code count} new accounts following {@code star} and nobody else (a celebrity's followers, in bulk); the first
     * {@code withSessions} of them with a session each: their tokens.
     */
    static List<String> fansOf(HttpClient client, String star, int count, int withSessions) {
        var tokens = new ArrayList<String>();
        int seeded = 0;
        while (seeded < count) {
            boolean sessions = seeded < withSessions;
            int wanted = Math.min(PER_REQUEST, sessions ? withSessions - seeded : count - seeded);
            JsonNode answer = post(client, new Body(wanted, sessions, star));
            answer.path("tokens").forEach(token -> tokens.add(token.asText()));
            seeded += answer.path("accounts").size();
            System.out.println("seeded " + seeded + " of " + count + " followers of " + star);
        }
        return List.copyOf(tokens);
    }

    /** A feeder for Gatling: each virtual user takes the next other account's {@code token}. */
    java.util.Iterator<Map<String, Object>> feeder() {
        return tokens.stream().map(token -> Map.<String, Object>of("token", token)).iterator();
    }

    private static JsonNode post(HttpClient client, Body body) {
        try {
            return LoadRun.postJson(client, "/admin/seed", Map.of("X-Admin-Key",
                    System.getProperty("adminKey", "local-admin-key")), body, 200, PATIENCE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted seeding", e);
        }
    }
}
