package com.scaleout.local.contract;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * A request generated for one documented operation. Credentials are named by kind and resolved when it is sent, so
 * that a report (and the logs) never show a token.
 */
record GeneratedRequest(DocumentedOperation operation, Credential credential, Map<String, String> pathValues,
                        List<Map.Entry<String, String>> query, String contentType, byte[] body, String bodyText) {

    /** Which credential goes into the slot of a security scheme. */
    enum Kind { NONE, VALID, WRONG, ANOTHER_KIND }

    record Credential(String scheme, Kind kind) {
        static final Credential NONE = new Credential("", Kind.NONE);
    }

    HttpRequest.Builder toHttp(String baseUrl, Callers callers) {
        var path = new StringBuilder();
        for (String segment : operation.path().substring(1).split("/")) {
            path.append('/');
            if (segment.startsWith("{") && segment.endsWith("}")) {
                path.append(encode(pathValues.get(segment.substring(1, segment.length() - 1))));
            } else {
                path.append(segment);
            }
        }
        var queryText = new StringBuilder();
        query.forEach(entry -> queryText.append(queryText.isEmpty() ? '?' : '&')
                .append(encode(entry.getKey())).append('=').append(encode(entry.getValue())));
        var headers = new java.util.LinkedHashMap<String, String>();
        String apiKey = applyCredential(callers, headers);
        if (apiKey != null) {
            queryText.append(queryText.isEmpty() ? '?' : '&').append("apikey=").append(encode(apiKey));
        }
        var builder = HttpRequest.newBuilder(URI.create(baseUrl + path + queryText)).method(operation.method(),
                body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        headers.forEach(builder::header);
        if (contentType != null) {
            builder.header("content-type", contentType);
        }
        return builder;
    }

    /** Puts the credential into its header; returns it when it belongs in the query ({@code ?apikey=}). */
    private String applyCredential(Callers callers, Map<String, String> headers) {
        if (credential.kind() == Kind.NONE) {
            return null;
        }
        String value = switch (credential.kind()) {
            case VALID -> valid(callers);
            case WRONG -> credential.scheme().equals("adminKey") ? "wrong-admin-key" : "AAAAAAAAAAAAAAAA.not-a-secret";
            case ANOTHER_KIND -> credential.scheme().equals("bearer") ? callers.importToken : callers.sessionToken;
            case NONE -> throw new IllegalStateException();
        };
        switch (credential.scheme()) {
            case "bearer", "importKey" -> headers.put("authorization", "Bearer " + value);
            case "adminKey" -> headers.put("x-admin-key", value);
            case "importKeyQuery" -> {
                return value;
            }
            default -> throw new IllegalStateException("no credential for the security scheme " + credential.scheme()
                    + ": teach GeneratedRequest and Callers about it");
        }
        return null;
    }

    private String valid(Callers callers) {
        return switch (credential.scheme()) {
            case "bearer" -> {
                if (!operation.operationId().equals("logOut")) {
                    yield callers.sessionToken;
                }
                String spare = callers.sessionToEnd(); // a log-out ends the session it carries
                yield spare == null ? "AAAAAAAAAAAAAAAA.spent" : spare;
            }
            case "adminKey" -> callers.adminKey;
            default -> callers.importToken;
        };
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }

    @Override
    public String toString() {
        return operation + " path " + pathValues + " query " + query + " credential " + credential.scheme() + ":"
                + credential.kind() + " content-type " + contentType + " body " + bodyText;
    }
}
