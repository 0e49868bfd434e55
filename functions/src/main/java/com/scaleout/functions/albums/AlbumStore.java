package com.scaleout.functions.albums;

import java.util.Optional;

/** Albums: profile, image reference and review counts in one item per album. */
public interface AlbumStore {
    void create(Album album);

    Optional<Album> find(String albumId);

    /** Adds one like or dislike atomically; the album as it is after it, or empty when there is no such album. */
    Optional<Album> review(String albumId, boolean like);

    record Album(String id, AlbumProfile profile, String imageKey, long imageSize, long likes, long dislikes) {
    }
}
