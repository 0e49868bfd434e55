package com.scaleout.local.limits;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.local.testing.Scenario;
import java.net.http.HttpRequest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The viral-hashtag scenario small, with AWS's limits / 100 enforced: 40 authors (seeded with sessions) each tweet
 * one new hashtag, 10 tweets a second (AWS's 1,000). Each tweet is accepted (201) or refused as throttled (429, 503),
 * and the tag's list, written by the tweet index's stream consumer, holds every tweet accepted: the consumers' writes
 * may meet a new table's capacity or a partition's second with a batch (the emulation scales limits, not the size of a
 * call), and are retried; nothing is lost. (The tag's postings spread over its four shards, the words every tweet
 * shares over the search index's four, everyone's newest over eight: no partition of the tweet's path is hot.)
 */
@Scenario
class ViralHashtagIT extends ScaledLimitsIT {
    private static final int AUTHORS = 40;
    private static final long SPACING_MILLIS = 100;

    @Test
    void everyTweetAcceptedIsListedUnderItsTag() throws Exception {
        JsonNode seeded = ViralRequests.seedWithSessions(fixture, ADMIN_KEY, AUTHORS + 1);
        String tag = "trending" + Long.toString(System.nanoTime() % 1_000_000_000L, 36);
        String body = Json.write(Map.of("text", "Everyone is talking about #" + tag));

        List<Integer> answered = ViralRequests.spaced(fixture, AUTHORS, SPACING_MILLIS, author ->
                HttpRequest.newBuilder(fixture.uri("/tweets")).header("Content-Type", "application/json")
                        .header("Authorization", "Bearer " + seeded.get("tokens").get(author + 1).asText())
                        .POST(HttpRequest.BodyPublishers.ofString(body)));

        ViralRequests.awaitReconciled(answered, 201, () -> ViralRequests.listed(fixture,
                "/hashtags/" + tag + "/tweets"));
    }
}
