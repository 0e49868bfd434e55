package com.scaleout.functions.albums;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.amazonaws.services.lambda.runtime.tests.EventLoader;
import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.functions.testing.NotStandardJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The AlbumStore handler on the samples in events/albums/: good ones and a bad one beside each. */
class AlbumsHandlerTest {

    private final InMemoryAlbums memory = InMemoryAlbums.seeded();
    private final AlbumsHandler handler = new AlbumsHandler(new AlbumService(memory, memory));

    private APIGatewayV2HTTPResponse handle(String sample) {
        APIGatewayV2HTTPEvent event = EventLoader.loadApiGatewayHttpEvent("events/albums/" + sample + ".json");
        return handler.handleRequest(event, null);
    }

    private static JsonNode json(APIGatewayV2HTTPResponse response) throws Exception {
        return Json.MAPPER.readTree(response.getBody());
    }

    @Test
    void postsFromJsonAndFromTheJavaClientsTextAndStoresTheImageOnce() throws Exception {
        var first = handle("post-albums");
        var second = handle("post-albums-client-profile");

        assertThat(first.getStatusCode()).isEqualTo(200);
        assertThat(json(first).get("imageSize").asText()).isEqualTo("1032");
        assertThat(json(second).get("albumID").asText()).hasSize(26);
        assertThat(memory.uploads).isEqualTo(1);
        assertThat(memory.unclaimed).as("the image is claimed by its album").isEmpty();
        var stored = memory.find(json(second).get("albumID").asText()).orElseThrow();
        assertThat(stored.profile()).isEqualTo(new AlbumProfile("Eagles", "Hotel California", "1976"));
    }

    /** An album whose item write fails leaves its image unclaimed (it expires); the next post of it claims it. */
    @Test
    void anImageWhoseAlbumWasNotStoredStaysUnclaimedUntilAnAlbumClaimsIt() {
        var failing = new AlbumService(new AlbumStoreFailingOnce(memory), memory);
        var failed = new AlbumsHandler(failing).handleRequest(
                EventLoader.loadApiGatewayHttpEvent("events/albums/post-albums.json"), null);

        assertThat(failed.getStatusCode()).isEqualTo(500);
        assertThat(memory.unclaimed).hasSize(1);
        assertThat(handle("post-albums").getStatusCode()).isEqualTo(200);
        assertThat(memory.unclaimed).isEmpty();
        assertThat(memory.uploads).isEqualTo(1);
    }

    /** Albums whose first create fails. */
    private record AlbumStoreFailingOnce(InMemoryAlbums memory, java.util.concurrent.atomic.AtomicBoolean failed)
            implements AlbumStore {
        AlbumStoreFailingOnce(InMemoryAlbums memory) {
            this(memory, new java.util.concurrent.atomic.AtomicBoolean());
        }

        @Override
        public void create(Album album) {
            if (failed.compareAndSet(false, true)) {
                throw new IllegalStateException("the item write failed");
            }
            memory.create(album);
        }

        @Override
        public java.util.Optional<Album> find(String albumId) {
            return memory.find(albumId);
        }

        @Override
        public boolean review(String albumId, boolean like) {
            return memory.review(albumId, like);
        }
    }

    @Test
    void readsTheProfileAndTheReviewsAsStrings() throws Exception {
        assertThat(json(handle("get-album"))).isEqualTo(Json.MAPPER.readTree(
                "{\"artist\":\"Eagles\",\"title\":\"Hotel California\",\"year\":\"1976\"}"));
        var review = handle("post-review-like");
        assertThat(review.getStatusCode()).isEqualTo(201);
        assertThat(json(review)).as("no counts: they move moments later").isEqualTo(Json.MAPPER.readTree("{}"));
        assertThat(json(handle("get-review"))).isEqualTo(Json.MAPPER.readTree(
                "{\"likes\":\"3\",\"dislikes\":\"1\"}"));
    }

    @ParameterizedTest
    @CsvSource({
        "post-albums-missing-image, 400",
        "post-albums-missing-profile, 400",
        "post-albums-empty-image, 400",
        "post-albums-not-multipart, 400",
        "post-albums-malformed-profile, 400",
        "post-albums-year-not-a-number, 400",
        "get-album-malformed-id, 400",
        "get-album-unknown, 404",
        "post-review-bad-verb, 400",
        "get-review-unknown, 404"
    })
    void badInputGetsTheSpecsStatusAndAMsgOnly(String sample, int status) throws Exception {
        var response = handle(sample);

        assertThat(response.getStatusCode()).isEqualTo(status);
        assertThat(json(response).get("msg").asText()).isNotBlank();
        assertThat(json(response).size()).isEqualTo(1);
        assertThat(memory.albums).hasSize(1);
    }

    @Test
    void aBodyThatIsNotValidBase64Is400() throws Exception {
        var event = EventLoader.loadApiGatewayHttpEvent("events/albums/post-albums.json");
        event.setBody("%%% not base64 %%%");

        var response = handler.handleRequest(event, null);

        assertThat(response.getStatusCode()).isEqualTo(400);
        assertThat(json(response).get("msg").asText()).contains("base64");
    }

    @Test
    void anImageOverTheLimitIs413() throws Exception {
        byte[] big = new byte[AlbumService.MAX_IMAGE_BYTES + 1];
        String boundary = "b0undary";
        var body = new java.io.ByteArrayOutputStream();
        body.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"image\"\r\n\r\n").getBytes());
        body.writeBytes(big);
        body.writeBytes(("\r\n--" + boundary + "\r\nContent-Disposition: form-data; name=\"profile\"\r\n\r\n"
                + "{\"artist\":\"a\",\"title\":\"t\",\"year\":\"1\"}\r\n--" + boundary + "--\r\n").getBytes());
        var event = EventLoader.loadApiGatewayHttpEvent("events/albums/post-albums.json");
        event.setBody(java.util.Base64.getEncoder().encodeToString(body.toByteArray()));
        event.getHeaders().put("content-type", "multipart/form-data; boundary=" + boundary);

        var response = handler.handleRequest(event, null);

        assertThat(response.getStatusCode()).isEqualTo(413);
        assertThat(json(response).get("msg").asText()).contains("larger than");
    }

    /** Issue 23: a profile that is not standard JSON is refused in the spec's shape, naming nothing of the parser. */
    @Test
    void aProfileThatIsNotStandardJsonIs400WithoutTheParsersInternalNames() throws Exception {
        String boundary = "b0undary";
        for (String profile : NotStandardJson.BODIES) {
            String body = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"image\"\r\n\r\nimage bytes"
                    + "\r\n--" + boundary + "\r\nContent-Disposition: form-data; name=\"profile\"\r\n\r\n"
                    + "{\"artist\": " + profile + "}\r\n--" + boundary + "--\r\n";
            var event = EventLoader.loadApiGatewayHttpEvent("events/albums/post-albums.json");
            event.setBody(java.util.Base64.getEncoder().encodeToString(
                    body.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
            event.getHeaders().put("content-type", "multipart/form-data; boundary=" + boundary);

            var response = handler.handleRequest(event, null);

            assertThat(response.getStatusCode()).as(profile).isEqualTo(400);
            NotStandardJson.assertNoParserInternals(json(response).get("msg").asText(), profile);
        }
        assertThat(memory.albums).hasSize(1);
    }

    /** A retry cannot help: the profile is refused, not answered 503. */
    @Test
    void aProfileWithALoneSurrogateIs400() throws Exception {
        String boundary = "b0undary";
        String body = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"image\"\r\n\r\nimage bytes\r\n--"
                + boundary + "\r\nContent-Disposition: form-data; name=\"profile\"\r\n\r\n"
                + "{\"artist\":\"a \\ud83d\",\"title\":\"t\",\"year\":\"1\"}\r\n--" + boundary + "--\r\n";
        var event = EventLoader.loadApiGatewayHttpEvent("events/albums/post-albums.json");
        event.setBody(java.util.Base64.getEncoder().encodeToString(body.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        event.getHeaders().put("content-type", "multipart/form-data; boundary=" + boundary);

        var response = handler.handleRequest(event, null);

        assertThat(response.getStatusCode()).isEqualTo(400);
        assertThat(json(response).get("msg").asText()).contains("Unicode");
        assertThat(memory.albums).hasSize(1);
    }
}
