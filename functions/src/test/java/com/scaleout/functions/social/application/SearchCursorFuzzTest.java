package com.scaleout.functions.social.application;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.scaleout.functions.shared.failure.DomainException;
import com.scaleout.functions.testing.fuzz.ClientErrors;
import java.nio.charset.StandardCharsets;

/**
 * Search's cursor decoder on any text: a position (snapshot, terms matched, last id) that encodes back to itself,
 * or a 400 naming the cursor.
 */
class SearchCursorFuzzTest {

    @FuzzTest(maxDuration = "5s")
    void decode(byte[] input) {
        SearchService.Position position;
        try {
            position = SearchService.decode(new String(input, StandardCharsets.UTF_8));
        } catch (DomainException e) {
            ClientErrors.requireClientError(e);
            return;
        }
        if (!SearchService.decode(SearchService.encode(position)).equals(position)) {
            throw new AssertionError("a cursor that does not survive its round trip: " + position);
        }
    }
}
