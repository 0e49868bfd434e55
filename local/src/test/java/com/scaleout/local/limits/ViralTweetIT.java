package com.scaleout.local.limits;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.local.testing.Scenario;
import java.net.http.HttpRequest;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The viral-tweet scenario small, with AWS's limits / 100 enforced: 60 fans (seeded with sessions) like one tweet, 10
 * likes a second (AWS's 1,000), where a partition takes 10 write units a second (AWS's 1,000). Each like is accepted
 * (200) or refused as throttled (429, 503); the tweet's like count reaches every like accepted and stays there, and
 * its likers list holds as many. No DynamoDB partition is hot: the like rows spread over the tweet's ten buckets (in
 * the table and the likers index), their changes to the count over the count log's ten, and the tweet's item takes one
 * update per batch of the log's stream.
 */
@Scenario
class ViralTweetIT extends ScaledLimitsIT {
    private static final int FANS = 60;
    /** 10 likes a second: twice what the tweet's item took before (5 transactions of 2 write units each). */
    private static final long SPACING_MILLIS = 100;

    @Test
    void everyLikeAcceptedIsCountedOnceAndNoPartitionIsHot() throws Exception {
        JsonNode seeded = ViralRequests.seedWithSessions(fixture, ADMIN_KEY, FANS + 1); // the first: the author
        var posted = fixture.send(HttpRequest.newBuilder(fixture.uri("/tweets"))
                .header("Authorization", "Bearer " + seeded.get("tokens").get(0).asText())
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(Json.write(Map.of("text", "This one goes viral")))));
        assertThat(posted.statusCode()).as(posted.body()).isEqualTo(201);
        String tweet = Json.MAPPER.readTree(posted.body()).get("id").asText();

        ViralRequests.everyFanWritesOnceUnthrottled(fixture, seeded, FANS, SPACING_MILLIS, "/tweets/" + tweet
                + "/likes/me", 200, () -> likes(tweet), "/tweets/" + tweet + "/likes");
    }

    private static long likes(String tweet) throws Exception {
        return Json.MAPPER.readTree(fixture.get("/tweets/" + tweet).body()).path("likes").asLong();
    }
}
