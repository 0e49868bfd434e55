package com.scaleout.local.social;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import com.scaleout.local.testing.ProductionApiIT;
import org.junit.jupiter.api.Test;

/** Follows through the local runtime: idempotence, lists, and counts equal to edges under concurrency. */
class FollowsIT extends ProductionApiIT {
    /**
     * A follower count is folded from the count log's stream a second or two after the follow: it must reach
     * {@code expected} and then stay there (a change counted twice would show within 3 s).
     */
    private void awaitFollowers(String username, long expected) {
        await().atMost(Duration.ofSeconds(60)).until(() -> count(username, "followers") == expected);
        await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(count(username, "followers")).isEqualTo(expected));
    }

    private static long count(String username, String field) {
        return api.get("/users/" + username).json().get(field).asLong();
    }

    /** Every item of a list, following its cursors. */
    private static List<String> usernames(String path) {
        var names = new ArrayList<String>();
        String cursor = null;
        do {
            JsonNode page = api.get(path + "?limit=7" + (cursor == null ? "" : "&cursor=" + cursor)).json();
            page.get("items").forEach(u -> names.add(u.get("username").asText()));
            cursor = page.get("next").isNull() ? null : page.get("next").asText();
        } while (cursor != null);
        return names;
    }

    @Test
    void followIsIdempotentAndListsAreNewestFirst() {
        String me = unique("me");
        String token = api.signUp(me);
        String first = unique("first");
        String second = unique("second");
        api.signUp(first);
        api.signUp(second);

        assertThat(api.put("/me/following/" + first, token).status()).isEqualTo(204);
        assertThat(api.put("/me/following/" + first.toUpperCase(), token).status()).isEqualTo(204);
        assertThat(api.put("/me/following/" + second, token).status()).isEqualTo(204);

        assertThat(count(me, "following")).isEqualTo(2);
        awaitFollowers(first, 1); // folded from the count log's stream, moments later
        assertThat(usernames("/users/" + me + "/following")).containsExactly(second, first);
        assertThat(usernames("/users/" + first + "/followers")).containsExactly(me);

        assertThat(api.delete("/me/following/" + first, token).status()).isEqualTo(204);
        assertThat(api.delete("/me/following/" + first, token).status()).isEqualTo(204);
        assertThat(count(me, "following")).isEqualTo(1);
        awaitFollowers(first, 0);
        assertThat(usernames("/users/" + first + "/followers")).isEmpty();
    }

    @Test
    void followingYourselfIs400AndUnknownUsersAre404() {
        String me = unique("self");
        String token = api.signUp(me);

        var self = api.put("/me/following/" + me, token);
        assertThat(self.status()).isEqualTo(400);
        assertThat(self.json().get("errors").get(0).get("reason").asText()).contains("yourself");
        assertThat(api.put("/me/following/" + unique("ghost"), token).status()).isEqualTo(404);
        assertThat(api.delete("/me/following/" + unique("ghost"), token).status()).isEqualTo(404);
        assertThat(api.put("/me/following/" + me, null).status()).isEqualTo(401);
        assertThat(api.get("/users/" + unique("ghost") + "/followers").status()).isEqualTo(404);
    }

    @Test
    void unfollowingYourselfIsA204ThatChangesNothing() {
        // found by the generated requests (OpenApiPropertiesIT): it was a 500, DynamoDB refusing a transaction that
        // updated the same user's two counters
        String me = unique("self");
        String token = api.signUp(me);

        assertThat(api.delete("/me/following/" + me, token).status()).isEqualTo(204);
        var profile = api.get("/users/" + me);
        assertThat(profile.json().get("followers").asLong()).isZero();
        assertThat(profile.json().get("following").asLong()).isZero();
    }

    @Test
    void fiftyParallelFollowsAndUnfollowsOfOnePairLeaveCountsEqualToEdges() throws Exception {
        String fan = unique("fan");
        String idol = unique("idol");
        String token = api.signUp(fan);
        api.signUp(idol);

        var calls = new ArrayList<Callable<Integer>>();
        for (int i = 0; i < 50; i++) {
            boolean follow = i % 2 == 0;
            // as clients that honour Retry-After: on a busy machine the local DynamoDB sheds transactions on one item
            calls.add(() -> ConcurrentWrites.asToldByRetryAfter(api, follow ? "PUT" : "DELETE",
                    "/me/following/" + idol, token));
        }
        assertThat(ConcurrentWrites.runAll(calls)).containsOnly(204);

        long edges = usernames("/users/" + idol + "/followers").size();
        assertThat(edges).isBetween(0L, 1L);
        awaitFollowers(idol, edges);
        assertThat(count(fan, "following")).isEqualTo(edges);
        assertThat(usernames("/users/" + fan + "/following")).hasSize((int) edges);
    }

    @Test
    void fiftyAccountsFollowingOnePopularAccountAtOnceAreAllCounted() throws Exception {
        String star = unique("star");
        api.signUp(star);
        var tokens = new ArrayList<String>();
        var names = new ArrayList<String>();
        for (int i = 0; i < 50; i++) {
            String name = unique("f" + i + "_");
            names.add(name);
            tokens.add(api.signUp(name));
        }

        var calls = new ArrayList<Callable<Integer>>();
        for (String token : tokens) {
            calls.add(() -> ConcurrentWrites.asToldByRetryAfter(api, "PUT", "/me/following/" + star, token));
            // a retry of the same follow
            calls.add(() -> ConcurrentWrites.asToldByRetryAfter(api, "PUT", "/me/following/" + star, token));
        }
        assertThat(ConcurrentWrites.runAll(calls)).containsOnly(204);

        awaitFollowers(star, 50);
        assertThat(usernames("/users/" + star + "/followers")).containsExactlyInAnyOrderElementsOf(names);
        for (String name : names.subList(0, 5)) {
            assertThat(count(name, "following")).isEqualTo(1);
        }
    }
}
