package com.scaleout.functions.albums;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.scaleout.functions.shared.http.ApiException;
import com.scaleout.functions.testing.fuzz.ClientErrors;
import com.scaleout.functions.testing.fuzz.FirstLine;

/** The multipart parser on any content type (the first line) and body (the rest): its parts, or a 400. */
class MultipartFormFuzzTest {

    @FuzzTest(maxDuration = "5s")
    void parse(byte[] input) {
        var request = FirstLine.of(input);
        try {
            var form = MultipartForm.parse(request.rest(), request.line());
            form.part("image");
            form.part("profile");
        } catch (ApiException e) {
            ClientErrors.requireClientError(e);
        }
    }
}
