package com.scaleout.functions.imports.http;

import com.scaleout.functions.shared.http.ApiException;
import java.util.List;

/**
 * RJMetrics' v2 bodies: {@code {"code", "message"}}, errors adding {@code reasons} (what its Ruby and PHP clients
 * read back).
 */
final class RjMetricsResponses {
    private RjMetricsResponses() {
    }

    record Outcome(int code, String message) {
    }

    record Error(int code, String message, List<String> reasons) {
    }

    static ApiException error(int status, String message, List<String> reasons) {
        return ApiException.withBody(status, message, new Error(status, message, List.copyOf(reasons)));
    }

    static ApiException notAuthorized() {
        return error(401, "Not Authorized", List.of("the API key is missing, unknown or revoked"));
    }
}
