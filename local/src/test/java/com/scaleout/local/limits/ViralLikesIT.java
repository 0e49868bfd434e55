package com.scaleout.local.limits;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.functions.shared.json.Json;
import com.scaleout.local.testing.AlbumForms;
import java.net.http.HttpRequest;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The viral-likes scenario small, with AWS's limits / 100 enforced: likes on one album at 10 a second (AWS's 1,000),
 * where a partition takes 10 write units a second (AWS's 1,000). Each like is accepted (201) or refused as throttled
 * (429, 503), and the album counts every like accepted, and beyond them at most the 503s (whose outcome a client
 * cannot know). No DynamoDB partition is hot: the likes go to the album's ten buckets of the review log, and the
 * album's item takes one update per batch of the log's stream. (Before the log, every like updated the album's item
 * and its partition throttled: 87 of 750 likes accepted in the same scenario's load run, BENCHMARKS.md.)
 */
class ViralLikesIT extends ScaledLimitsIT {
    private static final int LIKES = 60;
    /**
     * 10 likes a second: twice what the album's one partition took before the review log (about 5 likes, at 2 write
     * units each, of its 10 a second), a quarter of what a new table takes in its first second (40 write units).
     */
    private static final long SPACING_MILLIS = 100;

    @Test
    void everyLikeAcceptedIsCountedOnceAndNoPartitionIsHot() throws Exception {
        String album = postAlbum();
        List<Integer> answered = ViralRequests.spaced(fixture, LIKES, SPACING_MILLIS, like -> HttpRequest.newBuilder(
                fixture.uri("/review/like/" + album)).POST(HttpRequest.BodyPublishers.noBody()));

        ViralRequests.awaitReconciled(answered, 201, () -> likes(album));
        assertThat(fixture.runtime().throttles().keySet()).as("no hot partition: DynamoDB throttled nothing")
                .noneMatch(throttle -> throttle.contains(":dynamodb:"));
    }

    private static long likes(String album) throws Exception {
        return Json.MAPPER.readTree(fixture.get("/review/" + album).body()).path("likes").asLong();
    }

    private static String postAlbum() throws Exception {
        var answer = fixture.send(HttpRequest.newBuilder(fixture.uri("/albums"))
                .header("Content-Type", AlbumForms.contentType())
                .POST(HttpRequest.BodyPublishers.ofByteArray(AlbumForms.body(new byte[] {1, 2, 3, 4, 5, 6, 7, 8},
                        AlbumForms.JSON_PROFILE))));
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        return Json.MAPPER.readTree(answer.body()).path("albumID").asText();
    }
}
