package com.scaleout.functions.social.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.functions.social.application.FollowStore;
import com.scaleout.functions.social.application.RecommendationCache;
import com.scaleout.functions.shared.ids.Ids;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * "You might like": accounts the caller's followees follow, ranked by how many of them do, never the caller or
 * someone already followed; 10 shown, 100 kept, recomputed when fewer than 10 kept ones are left. (In the http
 * package for the seeded world.)
 */
class RecommendationServiceTest {
    private final SocialWorld world = SocialWorld.seeded();
    private final String caller = Seed.extraUser(world, 1);

    /** An edge written before the test reads anything: already in DynamoDB, no stream to deliver. */
    private void followed(String followerId, String... followeeIds) {
        for (String followee : followeeIds) {
            world.follows.follow(new FollowStore.Edge(followerId, followee, Ids.newId(), "2026-11-29T10:00:00.000Z"));
        }
    }

    /** The recommendations as {@code username:mutuals}, best first. */
    private List<String> recommended() {
        return world.recommendations.recommend(world.actor(caller)).stream()
                .map(r -> r.user().username() + ":" + r.mutuals()).toList();
    }

    private static List<String> users(int from, int to, int mutuals) {
        return IntStream.range(from, to).mapToObj(n -> "user_" + n + ":" + mutuals).toList();
    }

    /** The caller follows a hub that follows user_100 … user_249, all with one mutual: ranked by id alone. */
    private void aHubFollowing150() {
        String hub = Seed.extraUser(world, 2);
        followed(caller, hub);
        followed(hub, IntStream.range(100, 250).mapToObj(n -> Seed.extraUser(world, n)).toArray(String[]::new));
    }

    private void callerFollows(int from, int to) {
        IntStream.range(from, to).forEach(n -> world.followService.follow(world.actor(caller), "user_" + n));
        world.deliverStreams();
    }

    @Test
    void ranksByMutualsThenIdNeverTheCallerOrSomeoneFollowed() {
        String h1 = Seed.extraUser(world, 2);
        String h2 = Seed.extraUser(world, 3);
        String h3 = Seed.extraUser(world, 4);
        String c1 = Seed.extraUser(world, 5);
        String c2 = Seed.extraUser(world, 6);
        String c3 = Seed.extraUser(world, 7);
        String c4 = Seed.extraUser(world, 8);
        followed(caller, h1, h2, h3);
        followed(h1, c4, c3, c2, c1, caller);
        followed(h2, c2, c1, h3);
        followed(h3, c1);

        assertThat(recommended()).containsExactly("user_5:3", "user_6:2", "user_7:1", "user_8:1");
    }

    @Test
    void showsTenAndKeepsAHundred() {
        aHubFollowing150();

        assertThat(recommended()).isEqualTo(users(100, 110, 1));
        assertThat(world.recommendationCache.get(caller).orElseThrow())
                .extracting(RecommendationCache.Candidate::userId).hasSize(100).doesNotContain(caller);
    }

    @Test
    void showsTheSameTenFromTheKeptListAsWhenComputed() {
        aHubFollowing150(); // 150 tied on one mutual: the order kept must be the order computed

        var computed = recommended();

        assertThat(recommended()).isEqualTo(computed);
        assertThat(world.recommendationCache.replacements()).isEqualTo(1);
    }

    @Test
    void servesTheKeptListWhileTenOfItAreStillCandidates() {
        aHubFollowing150();
        recommended();

        callerFollows(100, 190);

        assertThat(recommended()).isEqualTo(users(190, 200, 1));
        assertThat(world.recommendationCache.replacements()).isEqualTo(1);
    }

    @Test
    void recomputesWhenFewerThanTenKeptCandidatesAreLeft() {
        aHubFollowing150();
        recommended();

        callerFollows(100, 191);

        assertThat(recommended()).isEqualTo(users(191, 201, 1)); // reaches past the hundred kept
        assertThat(world.recommendationCache.replacements()).isEqualTo(2);
        assertThat(world.recommendationCache.get(caller).orElseThrow()).hasSize(59);
    }

    @Test
    void recommendsWithTheCacheDown() {
        aHubFollowing150();
        world.setCachesAvailable(false);

        assertThat(recommended()).isEqualTo(users(100, 110, 1));
    }
}
