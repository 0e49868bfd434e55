package com.scaleout.functions.albums;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.scaleout.functions.shared.failure.DomainException;
import com.scaleout.functions.shared.text.Unicode;
import com.scaleout.functions.testing.fuzz.ClientErrors;
import java.nio.charset.StandardCharsets;

/** The profile part, JSON or the Java client's text: a profile within its limits, or a 400. */
class AlbumProfileFuzzTest {

    @FuzzTest(maxDuration = "5s")
    void parse(byte[] input) {
        AlbumProfile profile;
        try {
            profile = AlbumProfile.parse(new String(input, StandardCharsets.UTF_8));
        } catch (DomainException e) {
            ClientErrors.requireClientError(e);
            return;
        }
        if (profile.artist().length() > AlbumProfile.MAX_FIELD || profile.title().length() > AlbumProfile.MAX_FIELD
                || !profile.year().matches("-?\\d{1,9}")
                || !Unicode.isWellFormed(profile.artist()) || !Unicode.isWellFormed(profile.title())) {
            throw new AssertionError("accepted a profile past its rules: " + profile);
        }
    }
}
