package com.scaleout.loadtest;

import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

import io.gatling.javaapi.core.Simulation;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

/**
 * A viral album: likes on one album at a constant rate ({@code -Drate}, per second, for {@code -Dseconds}), as an
 * open model (each like a new user, whatever the answers' latency). Against a stack with AWS's limits scaled by K
 * ({@code ./scaleout load viral-likes scale=K}), a rate of 5,000/K stands for AWS's 5,000 likes a second on one
 * album. A like is accepted (201) or refused by a throttle (429, before any function ran: the gateway's or Lambda's,
 * as AWS's limits scaled refuse it); anything else fails (Gatling's report shows each status). At the end, once the
 * album's count has caught up (its reviews are counted from the review log's stream, moments later; at most a
 * minute's wait), it must be at least the likes answered 201 (none lost) and at most those plus the likes answered
 * 5xx, whose outcome the client cannot know (a gateway's 503 at its integration timeout while the function ran on):
 * nothing counted twice, nothing refused counted. The verdict is the last line, also written to
 * {@code -DverdictFile} when given.
 */
public class ViralLikesSimulation extends Simulation {
    private final int rate = LoadRun.parameter("rate", 100);
    private final int seconds = LoadRun.parameter("seconds", 30);
    private final HttpClient client = HttpClient.newHttpClient();
    private final String albumId = postAlbum();
    private final ViralOutcomes outcomes = new ViralOutcomes(201);

    {
        setUp(outcomes.openModel(scenario("viral-likes"),
                http("POST /review/like/{albumID}").post("/review/like/" + albumId), rate, seconds))
                .protocols(http.baseUrl(LoadRun.baseUrl()).shareConnections())
                .assertions(LoadRun.assertions());
    }

    @Override
    public void after() {
        outcomes.judge("viral-likes", "likes", "album " + albumId + " counts", this::counted);
    }

    private long counted() throws IOException, InterruptedException {
        return LoadRun.getJson(client, "/review/" + albumId).path("likes").asLong(-1);
    }

    /** The album everyone likes, posted as the AlbumStore client posts one. */
    private String postAlbum() {
        String boundary = "viralBoundary" + System.nanoTime();
        var body = new ByteArrayOutputStream();
        body.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"image\"; filename=\"a.png\"\r\n"
                + "Content-Type: image/png\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        try (InputStream cover = ViralLikesSimulation.class.getResourceAsStream("/album-cover.bin")) {
            body.writeBytes(cover.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        body.writeBytes(("\r\n--" + boundary + "\r\nContent-Disposition: form-data; name=\"profile\"\r\n"
                + "Content-Type: application/json\r\n\r\n" + LoadRun.json(new AlbumsLoad.Profile(AlbumsLoad.ARTIST,
                        AlbumsLoad.TITLE, AlbumsLoad.YEAR)) + "\r\n--" + boundary + "--\r\n")
                .getBytes(StandardCharsets.UTF_8));
        try {
            var answer = client.send(HttpRequest.newBuilder(URI.create(LoadRun.baseUrl() + "/albums"))
                    .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                    .POST(HttpRequest.BodyPublishers.ofByteArray(body.toByteArray())).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (answer.statusCode() != 200) {
                throw new IllegalStateException("POST /albums answered " + answer.statusCode() + ": " + answer.body());
            }
            return LoadRun.mapper().readTree(answer.body()).path("albumID").asText();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted posting the album", e);
        }
    }
}
