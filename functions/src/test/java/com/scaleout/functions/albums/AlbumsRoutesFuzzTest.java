package com.scaleout.functions.albums;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.scaleout.functions.testing.fuzz.RouteFuzzing;

/** Every AlbumStore route on any request: a 2xx, or a 4xx with its {@code {"msg"}} (the AlbumStore contract). */
class AlbumsRoutesFuzzTest {

    @FuzzTest(maxDuration = "5s")
    void routes(byte[] input) {
        var memory = InMemoryAlbums.seeded();
        var handler = new AlbumsHandler(new AlbumService(memory, memory));
        RouteFuzzing.exercise(handler, handler.routes().keySet(), input, "msg");
    }
}
