package com.scaleout.local.limits;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.local.testing.Scenario;
import org.junit.jupiter.api.Test;

/**
 * The viral-follows scenario small, with AWS's limits / 100 enforced: 60 fans (seeded with sessions) follow one
 * account at 10 a second (AWS's 1,000), where a partition takes 10 write units a second (AWS's 1,000). Each follow
 * is accepted (204) or refused as throttled (429, 503); the star's follower count reaches every follow accepted and
 * stays there, and its follower list holds as many. No DynamoDB partition is hot: the follows' changes to the count go
 * to the count log's ten buckets, the star's item takes one update per batch of the log's stream, and the followers
 * index spreads the star's edges over ten shards. (Before, every follow's transaction updated the star's item, 2 write
 * units each: 77 of 300 follows accepted, 161 throttles of the Users table in the same scenario's load run at AWS's
 * 2,000 follows a second, BENCHMARKS.md.)
 */
@Scenario
class ViralFollowsIT extends ScaledLimitsIT {
    private static final int FANS = 60;
    /** 10 follows a second: twice what the star's item took before (5 transactions of 2 write units each). */
    private static final long SPACING_MILLIS = 100;

    @Test
    void everyFollowAcceptedIsCountedOnceAndNoPartitionIsHot() throws Exception {
        JsonNode seeded = ViralRequests.seedWithSessions(fixture, ADMIN_KEY, FANS + 1); // the first: the star
        String star = seeded.get("accounts").get(0).get("username").asText();
        ViralRequests.everyFanWritesOnceUnthrottled(fixture, seeded, FANS, SPACING_MILLIS, "/me/following/" + star,
                204, () -> followers(star), "/users/" + star + "/followers");
    }

    private static long followers(String username) throws Exception {
        return Json.MAPPER.readTree(fixture.get("/users/" + username).body()).path("followers").asLong();
    }
}
