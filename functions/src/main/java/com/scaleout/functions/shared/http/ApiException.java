package com.scaleout.functions.shared.http;

import com.scaleout.functions.shared.failure.ConflictException;
import com.scaleout.functions.shared.failure.DomainException;
import com.scaleout.functions.shared.failure.ForbiddenException;
import com.scaleout.functions.shared.failure.InvalidInputException;
import com.scaleout.functions.shared.failure.NotAuthenticatedException;
import com.scaleout.functions.shared.failure.NotFoundException;
import com.scaleout.functions.shared.failure.TooLargeException;
import com.scaleout.functions.shared.failure.TooManyRequestsException;
import com.scaleout.functions.shared.failure.UnavailableException;
import java.util.List;

/**
 * An outcome the client caused and can fix, with the HTTP status that says so. Thrown by validation and the
 * domain; turned into a JSON error response by {@link ApiHandler}. Never used for a server fault.
 */
public final class ApiException extends RuntimeException {
    private final int status;
    private final List<ErrorBody.FieldError> errors;
    private final Object body;
    private final long retryAfterSeconds;

    public ApiException(int status, String message, List<ErrorBody.FieldError> errors) {
        this(status, message, errors, null, 0);
    }

    private ApiException(int status, String message, List<ErrorBody.FieldError> errors, Object body,
                         long retryAfterSeconds) {
        super(message, null, false, false); // no stack trace: this is flow, not a fault
        this.status = status;
        this.errors = errors == null ? null : List.copyOf(errors);
        this.body = body;
        this.retryAfterSeconds = retryAfterSeconds;
    }

    /**
     * An error whose body follows another API's contract (e.g. Stitch's {@code {"status":"ERROR", ...}}),
     * sent as it is instead of the default error body.
     */
    public static ApiException withBody(int status, String message, Object body) {
        return new ApiException(status, message, null, body, 0);
    }

    /** The body to send as is, or null for the handler's own error body. */
    public Object body() {
        return body;
    }

    public int status() {
        return status;
    }

    public List<ErrorBody.FieldError> errors() {
        return errors;
    }

    public static ApiException badRequest(String message) {
        return new ApiException(400, message, null);
    }

    public static ApiException invalidField(String field, String reason) {
        return new ApiException(400, "Invalid request", List.of(new ErrorBody.FieldError(field, reason)));
    }

    public static ApiException invalidFields(List<ErrorBody.FieldError> errors) {
        return new ApiException(400, "Invalid request", errors);
    }

    public static ApiException unauthorized(String message) {
        return new ApiException(401, message, null);
    }

    public static ApiException forbidden(String message) {
        return new ApiException(403, message, null);
    }

    public static ApiException notFound(String message) {
        return new ApiException(404, message, null);
    }

    public static ApiException conflict(String message) {
        return new ApiException(409, message, null);
    }

    /** 429: the client may try again in {@code retryAfterSeconds} (sent as Retry-After). */
    public static ApiException tooManyRequests(String message, long retryAfterSeconds) {
        return new ApiException(429, message, null, null, Math.max(1, retryAfterSeconds));
    }

    /** 409 for a request that cannot run while another one is running; it may be sent again in a moment. */
    public static ApiException stillRunning(String message, long retryAfterSeconds) {
        return new ApiException(409, message, null, null, Math.max(1, retryAfterSeconds));
    }

    /** The HTTP answer to what the application refused. */
    public static ApiException from(DomainException refused) {
        return switch (refused) {
            case InvalidInputException invalid -> invalid.problems().isEmpty() ? badRequest(invalid.getMessage())
                    : invalidFields(invalid.problems().stream()
                            .map(problem -> new ErrorBody.FieldError(problem.field(), problem.reason())).toList());
            case NotFoundException notFound -> notFound(notFound.getMessage());
            case ConflictException conflict -> conflict(conflict.getMessage());
            case ForbiddenException forbidden -> forbidden(forbidden.getMessage());
            case NotAuthenticatedException unknown -> unauthorized(unknown.getMessage());
            case TooLargeException tooLarge -> new ApiException(413, tooLarge.getMessage(), null);
            case UnavailableException unavailable -> new ApiException(503, unavailable.getMessage(), null, null, 1);
            case TooManyRequestsException tooMany -> tooManyRequests(tooMany.getMessage(),
                    (tooMany.retryAfter().toMillis() + 999) / 1000);
        };
    }

    /** Seconds for Retry-After, when the exception says (0 when it does not). */
    public long retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
