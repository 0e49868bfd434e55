package com.scaleout.functions.imports.http;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.scaleout.functions.shared.http.ApiException;
import com.scaleout.functions.shared.http.HttpResponses;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The Stitch Import API's bodies, with its status codes and messages, so that Stitch's clients read our answers
 * as they read Stitch's. Errors are {@code {"status":"ERROR", "message"?, "error"?, "errors"?}}; this API adds
 * {@code message} where Stitch only has {@code error}, for clients of our own conventions.
 */
final class StitchResponses {
    private StitchResponses() {
    }

    record Outcome(String status, String message) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Error(String status, String message, String error, Object errors) {
    }

    /** One entry of a 422's {@code errors}: which record, and why. */
    record RecordError(int index, String reason) {
    }

    static APIGatewayV2HTTPResponse ok() {
        return HttpResponses.json(200, Map.of("status", "OK"));
    }

    static APIGatewayV2HTTPResponse accepted() {
        return HttpResponses.json(201, new Outcome("OK", "Batch Accepted!"));
    }

    static APIGatewayV2HTTPResponse valid() {
        return HttpResponses.json(200, new Outcome("OK", "Batch is valid!"));
    }

    static ApiException error(int status, String message) {
        return ApiException.withBody(status, message, new Error("ERROR", message, null, null));
    }

    static ApiException notAuthorized() {
        return ApiException.withBody(401, "Not Authorized", new Error("ERROR", "Not Authorized", null, null));
    }

    static ApiException forbidden(String reason) {
        return ApiException.withBody(403, reason, new Error("ERROR", reason, "Forbidden", Map.of("error", reason)));
    }

    static ApiException malformed(String detail) {
        return ApiException.withBody(400, "Malformed json in the body!",
                new Error("ERROR", "Malformed json in the body!", detail, null));
    }

    /** What {@link #malformed} said was wrong, for a route that answers in another shape. */
    static Optional<String> detail(ApiException malformed) {
        return malformed.body() instanceof Error error ? Optional.ofNullable(error.error()) : Optional.empty();
    }

    static ApiException unsupportedContentType(String contentType) {
        return error(415, "Unsupported content-type " + contentType
                + ". Please send application/json or application/transit+json");
    }

    static ApiException invalidRecords(List<RecordError> errors) {
        String message = "Request cannot be processed; see errors.";
        return ApiException.withBody(422, message, new Error("ERROR", message, message, errors));
    }

    static ApiException busy() {
        return error(503, "Service busy: not every record could be stored in time; retry the request");
    }
}
