package com.scaleout.local.http;

import java.util.List;
import java.util.Map;

/**
 * A request as it reached the gateway, before any mapping: raw path and query, headers as sent (names in any
 * case, repeated headers kept), the body bytes.
 */
public record HttpRequestData(
        String method,
        String rawPath,
        String rawQueryString,
        String protocol,
        Map<String, List<String>> headers,
        byte[] body,
        String sourceIp) {
}
