package com.scaleout.functions.albums;

import java.util.Optional;

/** Albums: profile, image reference and review counts in one item per album; reviews in a log of their own. */
public interface AlbumStore {
    void create(Album album);

    Optional<Album> find(String albumId);

    /**
     * Records one like or dislike, counted in the album's counts moments later (once, whatever the retries); false
     * when there is no such album.
     */
    boolean review(String albumId, boolean like);

    record Album(String id, AlbumProfile profile, String imageKey, long imageSize, long likes, long dislikes) {
    }
}
