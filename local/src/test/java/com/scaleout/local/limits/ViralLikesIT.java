package com.scaleout.local.limits;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.local.testing.RuntimeFixture;
import java.io.ByteArrayOutputStream;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The viral-likes scenario small, with AWS's limits / 200 enforced: likes on one album at 20 a second (AWS's 4,000)
 * meet the album's one item, whose partition takes 5 write units a second here (AWS's 1,000). What must hold
 * whatever the design: each like is accepted (201) or refused as throttled (429, 503), and the album counts every
 * like accepted, and beyond them at most the 503s (whose outcome a client cannot know). The hot key shows in the
 * throttles as the album table's partition.
 */
class ViralLikesIT {
    private static final String BOUNDARY = "viralBoundary";
    private static final int LIKES = 60;
    private static final long SPACING_MILLIS = 50;
    private static RuntimeFixture fixture;

    @BeforeAll
    static void start() throws Exception {
        fixture = RuntimeFixture.start(ScaleoutDeclaration.declaration(),
                config -> config.withAwsLimits(Optional.of(new AwsLimits(200))));
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    @Test
    void everyLikeAcceptedIsCountedOnceAndTheAlbumsItemIsTheHotPartition() throws Exception {
        String album = postAlbum();
        var statuses = new ArrayList<Future<Integer>>();
        try (var likes = Executors.newScheduledThreadPool(LIKES)) {
            for (int like = 0; like < LIKES; like++) {
                statuses.add(likes.schedule(() -> fixture.send(HttpRequest.newBuilder(
                        fixture.uri("/review/like/" + album)).POST(HttpRequest.BodyPublishers.noBody())).statusCode(),
                        like * SPACING_MILLIS, TimeUnit.MILLISECONDS));
            }
        }
        List<Integer> answered = new ArrayList<>();
        for (Future<Integer> status : statuses) {
            answered.add(status.get());
        }

        assertThat(answered).as("accepted, or refused as throttled").isSubsetOf(201, 429, 503).contains(201);
        long accepted = answered.stream().filter(status -> status == 201).count();
        long unknown = answered.stream().filter(status -> status == 503).count();
        var counts = Json.MAPPER.readTree(fixture.get("/review/" + album).body());
        assertThat(counts.path("likes").asLong()).as("every like accepted counted once")
                .isBetween(accepted, accepted + unknown);
        assertThat(fixture.runtime().throttles()).as("the album's item is a hot partition")
                .containsKey("TableWriteKeyRangeThroughputExceeded arn:aws:dynamodb:us-east-1:123456789012:table/Albums");
    }

    private static String postAlbum() throws Exception {
        var body = new ByteArrayOutputStream();
        body.writeBytes(("--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"image\"; filename=\"a.png\"\r\n"
                + "Content-Type: image/png\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        body.writeBytes(new byte[] {1, 2, 3, 4, 5, 6, 7, 8});
        body.writeBytes(("\r\n--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"profile\"\r\n\r\n"
                + "{\"artist\":\"Sex Pistols\",\"title\":\"Never Mind\",\"year\":\"1977\"}\r\n--" + BOUNDARY + "--\r\n")
                .getBytes(StandardCharsets.UTF_8));
        var answer = fixture.send(HttpRequest.newBuilder(fixture.uri("/albums"))
                .header("Content-Type", "multipart/form-data; boundary=" + BOUNDARY)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body.toByteArray())));
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        return Json.MAPPER.readTree(answer.body()).path("albumID").asText();
    }
}
