package com.scaleout.functions.albums;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Albums and images in memory, for the handler's tests and fuzz target. */
final class InMemoryAlbums implements AlbumStore, ImageStore {
    /** The album the samples of events/albums/ read and review. */
    static final String KNOWN = "01M8MZ5H32J0FCD52T04YNMCBH";

    final Map<String, Album> albums = new HashMap<>();
    final Set<String> images = new HashSet<>();
    final Set<String> unclaimed = new HashSet<>();
    int uploads;

    /** With the samples' known album (2 likes, 1 dislike). */
    static InMemoryAlbums seeded() {
        var memory = new InMemoryAlbums();
        memory.create(new Album(KNOWN, new AlbumProfile("Eagles", "Hotel California", "1976"), "images/x", 10, 2, 1));
        return memory;
    }

    @Override
    public synchronized void create(Album album) {
        albums.put(album.id(), album);
    }

    @Override
    public synchronized Optional<Album> find(String albumId) {
        return Optional.ofNullable(albums.get(albumId));
    }

    /** Counted at once: the review log and its folding are DynamoDB's (see ReviewCountsTest). */
    @Override
    public synchronized boolean review(String albumId, boolean like) {
        Album a = albums.get(albumId);
        if (a == null) {
            return false;
        }
        albums.put(albumId, new Album(a.id(), a.profile(), a.imageKey(), a.imageSize(),
                a.likes() + (like ? 1 : 0), a.dislikes() + (like ? 0 : 1)));
        return true;
    }

    @Override
    public synchronized Stored put(byte[] image) {
        String key = "images/" + S3ImageStore.sha256(image);
        if (images.add(key)) {
            uploads++;
            unclaimed.add(key);
        }
        return new Stored(key, unclaimed.contains(key));
    }

    @Override
    public synchronized void claim(String key) {
        unclaimed.remove(key);
    }
}
