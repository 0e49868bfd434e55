package com.scaleout.functions.imports.http;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.scaleout.functions.imports.domain.RecordRules;
import com.scaleout.functions.shared.http.ApiException;
import com.scaleout.functions.testing.fuzz.ClientErrors;
import com.scaleout.functions.testing.fuzz.FirstLine;

/**
 * The import bodies' readers, JSON (streamed) and Transit JSON (Cognitect's reader), on any bytes: the first line
 * names the format ({@code application/transit+json}, else JSON), the rest is the body. Each answers with the
 * records or a client error; nothing else escapes.
 */
class ImportBodiesFuzzTest {

    @FuzzTest(maxDuration = "5s")
    void read(byte[] input) {
        var request = FirstLine.of(input);
        var format = request.line().strip().equals("application/transit+json") ? RequestBodies.Format.TRANSIT
                : RequestBodies.Format.JSON;
        try {
            RequestBodies.array(request.rest(), format, RecordRules::pushRecord);
        } catch (ApiException e) {
            ClientErrors.requireClientError(e);
        }
        try {
            RequestBodies.tree(request.rest(), format);
        } catch (ApiException e) {
            ClientErrors.requireClientError(e);
        }
    }
}
