package com.scaleout.local.albums;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.declaration.Settings;
import com.scaleout.functions.albums.ImageStore.Stored;
import com.scaleout.functions.albums.S3ImageStore;
import com.scaleout.functions.shared.aws.AwsClients;
import com.scaleout.functions.shared.config.RuntimeEnvironment;
import com.scaleout.local.testing.ProductionApiIT;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * Issue 21: an album whose item write fails leaves no image kept for ever. Against moto's S3: a new image is stored
 * tagged unclaimed (the bucket's lifecycle rule, a CDK assertion, deletes such an object after a day), the album's
 * claim removes the tag, and a post that finds an unclaimed image (a failed post's) claims it too.
 */
class S3ImageStoreIT extends ProductionApiIT {
    private final S3Client s3 = AwsClients.s3();
    private final S3ImageStore images = new S3ImageStore(s3);

    @Test
    void aNewImageWaitsForItsClaimAndAClaimedOneIsKept() {
        byte[] image = bytes("a new image");

        Stored stored = images.put(image);

        assertThat(stored.unclaimed()).isTrue();
        assertThat(tags(stored.key())).containsEntry(ScaleoutDeclaration.UNCLAIMED_IMAGE_TAG, "true");
        images.claim(stored.key());
        assertThat(tags(stored.key())).isEmpty();
        assertThat(images.put(image)).as("posted again: found, claimed").isEqualTo(new Stored(stored.key(), false));
    }

    @Test
    void theImageOfAPostWhoseAlbumWasNeverStoredIsClaimedByTheNextPostOfIt() {
        byte[] image = bytes("posted, then its album's write failed");
        String key = images.put(image).key(); // never claimed: the album's write failed

        Stored again = images.put(image);

        assertThat(again).isEqualTo(new Stored(key, true));
        images.claim(again.key());
        assertThat(tags(key)).isEmpty();
    }

    @Test
    void throughTheApiAPostedAlbumsImageIsClaimed() {
        String boundary = "claimed" + UUID.randomUUID();
        byte[] image = bytes("through the API");
        String form = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"image\"; filename=\"a.png\"\r\n"
                + "Content-Type: image/png\r\n\r\n" + new String(image, StandardCharsets.UTF_8) + "\r\n"
                + "--" + boundary + "\r\nContent-Disposition: form-data; name=\"profile\"\r\n\r\n"
                + "{\"artist\":\"A\",\"title\":\"B\",\"year\":\"1999\"}\r\n--" + boundary + "--\r\n";
        var posted = api.sendWithHeaders("POST", "/albums",
                Map.of("content-type", "multipart/form-data; boundary=" + boundary), form);

        assertThat(posted.status()).as(posted.body()).isEqualTo(200);
        assertThat(tags(images.put(image).key())).isEmpty();
    }

    private static byte[] bytes(String text) {
        return (text + " " + UUID.randomUUID()).getBytes(StandardCharsets.UTF_8);
    }

    private Map<String, String> tags(String key) {
        String bucket = RuntimeEnvironment.variable(Settings.bucket(S3ImageStore.BUCKET)).orElseThrow();
        return s3.getObjectTagging(r -> r.bucket(bucket).key(key)).tagSet().stream()
                .collect(Collectors.toMap(tag -> tag.key(), tag -> tag.value()));
    }
}
