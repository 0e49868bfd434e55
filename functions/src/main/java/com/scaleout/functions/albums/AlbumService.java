package com.scaleout.functions.albums;

import com.scaleout.functions.shared.failure.InvalidInputException;
import com.scaleout.functions.shared.failure.NotFoundException;
import com.scaleout.functions.shared.failure.TooLargeException;
import com.scaleout.functions.shared.ids.Ids;
import java.nio.charset.StandardCharsets;

/** The AlbumStore API: post an album (image + profile), read its profile, review it, read its reviews. */
public final class AlbumService {
    /**
     * Largest image accepted: API Gateway hands a binary body to Lambda base64-encoded, inflated by a third, and
     * Lambda takes 6 MB synchronously, so about 4.4 MB of raw body fits; 4 MiB of image leaves room for the
     * profile and the multipart framing.
     */
    public static final int MAX_IMAGE_BYTES = 4 * 1024 * 1024;

    private final AlbumStore albums;
    private final ImageStore images;

    public AlbumService(AlbumStore albums, ImageStore images) {
        this.albums = albums;
        this.images = images;
    }

    public AlbumStore.Album post(MultipartForm form) {
        byte[] image = form.part("image").orElseThrow(() -> InvalidInputException.because("image part is missing"));
        byte[] profileBytes = form.part("profile")
                .orElseThrow(() -> InvalidInputException.because("profile part is missing"));
        if (image.length == 0) {
            throw InvalidInputException.because("image is empty");
        }
        if (image.length > MAX_IMAGE_BYTES) {
            throw new TooLargeException("image is larger than " + MAX_IMAGE_BYTES + " bytes");
        }
        var profile = AlbumProfile.parse(new String(profileBytes, StandardCharsets.UTF_8));
        // the image first, unclaimed: an album whose item write fails leaves an image that expires, not one kept for
        // ever; the item first would leave an album without its image
        var stored = images.put(image);
        var album = new AlbumStore.Album(Ids.newId(), profile, stored.key(), image.length, 0, 0);
        albums.create(album);
        if (stored.unclaimed()) {
            images.claim(stored.key());
        }
        return album;
    }

    public AlbumStore.Album get(String albumId) {
        requireId(albumId);
        return albums.find(albumId).orElseThrow(() -> new NotFoundException("Key not found"));
    }

    /** Records the review; the album's counts show it moments later. */
    public void review(String likeOrNot, String albumId) {
        boolean like = switch (likeOrNot) {
            case "like" -> true;
            case "dislike" -> false;
            default -> throw InvalidInputException.because("likeornot must be like or dislike");
        };
        requireId(albumId);
        if (!albums.review(albumId, like)) {
            throw new NotFoundException("Key not found");
        }
    }

    private static void requireId(String albumId) {
        if (!Ids.isId(albumId)) {
            throw InvalidInputException.because("Invalid albumID");
        }
    }
}
