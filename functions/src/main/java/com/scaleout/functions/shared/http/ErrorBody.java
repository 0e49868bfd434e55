package com.scaleout.functions.shared.http;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/** The error contract of the social, health and admin routes: {@code {"message", "errors"?, "requestId"}}. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ErrorBody(String message, List<FieldError> errors, String requestId) {

    public record FieldError(String field, String reason) {
    }
}
