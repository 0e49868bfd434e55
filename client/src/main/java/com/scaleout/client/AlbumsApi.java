package com.scaleout.client;

import java.io.IOException;

/** The album store's routes (AlbumStore API): albums and their reviews. Its errors are {@code {"msg"}}. */
public final class AlbumsApi {
    private final ScaleoutClient client;

    AlbumsApi(ScaleoutClient client) {
        this.client = client;
    }

    public ApiResponse album(String albumId) throws IOException, InterruptedException {
        return client.send(ApiRequest.of("GET", "/albums/" + albumId));
    }

    /** A review, {@code like} or {@code dislike}. */
    public ApiResponse review(String likeOrNot, String albumId) throws IOException, InterruptedException {
        return client.send(ApiRequest.of("POST", "/review/" + likeOrNot + "/" + albumId));
    }

    public ApiResponse reviews(String albumId) throws IOException, InterruptedException {
        return client.send(ApiRequest.of("GET", "/review/" + albumId));
    }
}
