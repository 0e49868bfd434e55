package com.scaleout.functions.albums;

/**
 * Image bytes, content-addressed: the same bytes are stored once, whoever posts them how often. An image is stored
 * unclaimed and expires unless an album claims it, so an album whose write failed leaves no image behind for long.
 */
public interface ImageStore {
    /** An image's key, and whether it waits for a claim (stored now, or by a post whose album may not exist). */
    record Stored(String key, boolean unclaimed) {
    }

    /** Stores the bytes under their SHA-256 unless already there. */
    Stored put(byte[] image);

    /** An album's item names the image now: it stays. */
    void claim(String key);
}
