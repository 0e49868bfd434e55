package com.scaleout.functions.albums;

/** Image bytes, content-addressed: the same bytes are stored once, whoever posts them how often. */
public interface ImageStore {
    /** Stores the bytes under their SHA-256 unless already there; returns the key. */
    String put(byte[] image);
}
