package com.scaleout.local.albums;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.functions.shared.aws.AwsClients;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.local.testing.OpenApiConformance;
import com.scaleout.local.testing.ProductionApiIT;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import com.scaleout.local.testing.AlbumForms;
import org.junit.jupiter.api.Test;

/** The AlbumStore API through the local runtime, on moto's DynamoDB and S3. */
class AlbumsIT extends ProductionApiIT {
    private static final String JSON_PROFILE = AlbumForms.JSON_PROFILE;
    private static final String CLIENT_PROFILE =
            "class AlbumsProfile {\n    artist: Eagles\n    title: Hotel California\n    year: 1976\n}";
    private final HttpClient http = HttpClient.newHttpClient();

    record Reply(int status, JsonNode json) {
    }

    private static byte[] image(int size, long seed) {
        byte[] image = new byte[size];
        new Random(seed).nextBytes(image);
        return image;
    }

    /** A multipart body with the given parts (null to leave one out). */
    private static byte[] multipart(byte[] image, String profile) {
        return AlbumForms.body(image, profile);
    }

    private Reply send(String method, String path, byte[] body, String contentType) throws Exception {
        var request = HttpRequest.newBuilder(URI.create(fixture.runtime().url() + path))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofByteArray(body));
        if (contentType != null) {
            request.header("content-type", contentType);
        }
        HttpRequest built = request.build();
        var response = http.send(built, HttpResponse.BodyHandlers.ofString());
        OpenApiConformance.contract().check(built, response);
        return new Reply(response.statusCode(), response.body().isEmpty() ? null : Json.MAPPER.readTree(response.body()));
    }

    private Reply post(byte[] body) throws Exception {
        return send("POST", "/albums", body, AlbumForms.contentType());
    }

    @Test
    void storesAnAlbumAndReadsItsProfileFromJsonOrTheJavaClientsText() throws Exception {
        var fromJson = post(multipart(image(20_000, 1), JSON_PROFILE));
        var fromText = post(multipart(image(30_000, 2), CLIENT_PROFILE));

        assertThat(fromJson.status()).isEqualTo(200);
        assertThat(fromJson.json().get("imageSize").asText()).isEqualTo("20000");
        assertThat(fromText.status()).isEqualTo(200);
        var profile = send("GET", "/albums/" + fromText.json().get("albumID").asText(), null, null);
        assertThat(profile.status()).isEqualTo(200);
        assertThat(profile.json()).isEqualTo(Json.MAPPER.readTree(
                "{\"artist\":\"Eagles\",\"title\":\"Hotel California\",\"year\":\"1976\"}"));
    }

    @Test
    void theSameImagePostedManyTimesIsStoredOnce() throws Exception {
        byte[] same = image(10_000, 3);
        for (int i = 0; i < 3; i++) {
            assertThat(post(multipart(same, JSON_PROFILE)).status()).isEqualTo(200);
        }
        try (var s3 = AwsClients.s3()) {
            String sha = java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                    .digest(same));
            var objects = s3.listObjectsV2(r -> r.bucket("scaleout-album-images").prefix("images/" + sha));
            assertThat(objects.contents()).hasSize(1);
        }
    }

    @Test
    void reviewCountsAreExactUnderConcurrencyAndStrings() throws Exception {
        String id = post(multipart(image(1000, 4), JSON_PROFILE)).json().get("albumID").asText();
        var calls = new ArrayList<Callable<Integer>>();
        for (int i = 0; i < 30; i++) {
            String likeOrNot = i % 3 == 0 ? "dislike" : "like";
            calls.add(() -> {
                for (int attempt = 0; ; attempt++) { // a client retries a throttled call
                    int status = send("POST", "/review/" + likeOrNot + "/" + id, null, null).status();
                    if (status != 429 || attempt > 50) {
                        return status;
                    }
                    Thread.sleep(20);
                }
            });
        }
        var statuses = new ArrayList<Integer>();
        try (var pool = Executors.newFixedThreadPool(30)) {
            for (Future<Integer> f : pool.invokeAll(calls)) {
                statuses.add(f.get());
            }
        }

        assertThat(statuses).containsOnly(201);
        // counted from the review log's stream, moments later: then exactly these, and they stay so
        org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(60)).untilAsserted(() -> {
            var reviews = send("GET", "/review/" + id, null, null);
            assertThat(reviews.json().get("likes").asText()).isEqualTo("20");
            assertThat(reviews.json().get("dislikes").asText()).isEqualTo("10");
        });
    }

    @Test
    void badInputGetsTheSpecsStatusAndAMsg() throws Exception {
        assertMsg(post(multipart(null, JSON_PROFILE)), 400);
        assertMsg(post(multipart(image(100, 5), null)), 400);
        assertMsg(post(multipart(new byte[0], JSON_PROFILE)), 400);
        assertMsg(send("POST", "/albums", "{\"a\":1}".getBytes(StandardCharsets.UTF_8), "application/json"), 400);
        assertMsg(post(multipart(image(100, 6), "{not json")), 400);
        assertMsg(post(multipart(image(100, 7), "{\"artist\":\"a\",\"title\":\"t\",\"year\":\"nineteen\"}")), 400);
        assertMsg(post(multipart(image(100, 8), "class AlbumsProfile {\n    artist: A\n}")), 400);
        assertMsg(post(multipart(image(4 * 1024 * 1024 + 1, 9), JSON_PROFILE)), 413);
        // a lone surrogate was a 5xx (a 500 here, a 503 "retry shortly" in the issue): no retry could pass
        assertMsg(post(multipart(image(100, 10), "{\"artist\":\"a \\ud83d\",\"title\":\"t\",\"year\":\"1977\"}")), 400);
        assertMsg(send("GET", "/albums/not-an-id", null, null), 400);
        assertMsg(send("GET", "/albums/01ARZ3NDEKTSV4RRFFQ69G5FAV", null, null), 404);
        assertMsg(send("GET", "/review/01ARZ3NDEKTSV4RRFFQ69G5FAV", null, null), 404);
        assertMsg(send("POST", "/review/love/01ARZ3NDEKTSV4RRFFQ69G5FAV", null, null), 400);
        assertMsg(send("POST", "/review/like/01ARZ3NDEKTSV4RRFFQ69G5FAV", null, null), 404);
    }

    private static void assertMsg(Reply reply, int status) {
        assertThat(reply.status()).isEqualTo(status);
        assertThat(reply.json().get("msg").asText()).isNotBlank();
        assertThat(reply.json().has("message")).isFalse();
    }
}
