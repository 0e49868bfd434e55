package com.scaleout.functions.shared.http;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.scaleout.functions.shared.paging.Cursors;
import com.scaleout.functions.testing.fuzz.ClientErrors;
import java.nio.charset.StandardCharsets;

/**
 * The list routes' cursor decoder on any text: the sort value it carries (which encodes back to a cursor that
 * decodes to the same value), or a 400 naming the cursor.
 */
class PageCursorFuzzTest {

    @FuzzTest(maxDuration = "5s")
    void decode(byte[] input) {
        String before;
        try {
            before = PageRequests.decode(new String(input, StandardCharsets.UTF_8), value -> true);
        } catch (ApiException e) {
            ClientErrors.requireClientError(e);
            return;
        }
        if (!PageRequests.decode(Cursors.encode(before), value -> true).equals(before)) {
            throw new AssertionError("a cursor that does not survive its round trip: " + before);
        }
    }
}
