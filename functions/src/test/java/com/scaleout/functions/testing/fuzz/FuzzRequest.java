package com.scaleout.functions.testing.fuzz;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A fuzz input read as an HTTP API request, in a small text envelope so that seeds stay readable and the fuzzer's
 * byte mutations land on one part of the request at a time:
 *
 * <pre>
 * POST /tweets/{id}/retweets      the route key: one of the handler's, else one picked by its hash
 * path.id: 01JD...                a path parameter
 * query.cursor: eyJi...           a query string parameter
 * auth.userId: 01JC...            a value the authorizer put in its context
 * base64                          the body goes base64-encoded, as API Gateway sends a binary body
 * content-type: application/json  any other line: a header (its name lower-cased, as payload 2.0 has it)
 *                                 an empty line, then the body's bytes as they are (no empty line: no body)
 * </pre>
 */
public final class FuzzRequest {
    static final String PATH = "path.";
    static final String QUERY = "query.";
    static final String AUTH = "auth.";
    static final String BASE64 = "base64";
    static final String REQUEST_ID = "fuzz-request";
    /** Where every fuzzed request comes from (a documentation address): throttles by address see one caller. */
    static final String SOURCE_IP = "192.0.2.10";

    private FuzzRequest() {
    }

    /** The event API Gateway would pass for this input to a function serving {@code routeKeys}. */
    public static APIGatewayV2HTTPEvent event(byte[] input, Set<String> routeKeys) {
        int split = indexOf(input, new byte[] {'\n', '\n'});
        String head = new String(input, 0, split < 0 ? input.length : split, StandardCharsets.UTF_8);
        byte[] body = split < 0 ? null : Arrays.copyOfRange(input, split + 2, input.length);
        List<String> lines = List.of(head.split("\n", -1));
        String routeKey = route(lines.getFirst().strip(), routeKeys);

        Map<String, String> path = new HashMap<>();
        Map<String, String> query = new HashMap<>();
        Map<String, Object> authorizer = new HashMap<>();
        Map<String, String> headers = new HashMap<>();
        boolean base64 = false;
        for (String line : lines.subList(1, lines.size())) {
            if (line.equals(BASE64)) {
                base64 = true;
                continue;
            }
            int colon = line.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String name = line.substring(0, colon);
            String value = line.substring(colon + 1).stripLeading();
            if (name.startsWith(PATH)) {
                path.put(name.substring(PATH.length()), value);
            } else if (name.startsWith(QUERY)) {
                query.put(name.substring(QUERY.length()), value);
            } else if (name.startsWith(AUTH)) {
                authorizer.put(name.substring(AUTH.length()), value);
            } else {
                headers.put(name.toLowerCase(Locale.ROOT), value);
            }
        }
        String method = routeKey.substring(0, routeKey.indexOf(' '));
        var http = APIGatewayV2HTTPEvent.RequestContext.Http.builder()
                .withMethod(method).withPath(routeKey.substring(method.length() + 1)).withSourceIp(SOURCE_IP).build();
        var context = APIGatewayV2HTTPEvent.RequestContext.builder().withRequestId(REQUEST_ID).withHttp(http)
                .withRouteKey(routeKey);
        if (!authorizer.isEmpty()) {
            context.withAuthorizer(APIGatewayV2HTTPEvent.RequestContext.Authorizer.builder()
                    .withLambda(authorizer).build());
        }
        return APIGatewayV2HTTPEvent.builder()
                .withVersion("2.0")
                .withRouteKey(routeKey)
                .withRawPath(http.getPath())
                .withHeaders(headers)
                .withPathParameters(path.isEmpty() ? null : path)
                .withQueryStringParameters(query.isEmpty() ? null : query)
                .withRequestContext(context.build())
                .withIsBase64Encoded(base64 && body != null)
                .withBody(body == null ? null : base64 ? Base64.getEncoder().encodeToString(body)
                        : new String(body, StandardCharsets.UTF_8))
                .build();
    }

    /** The input that {@link #event} reads back as {@code event}: how the samples of events/ become seeds. */
    public static byte[] envelope(APIGatewayV2HTTPEvent event) {
        var head = new StringBuilder(event.getRouteKey()).append('\n');
        lines(head, PATH, event.getPathParameters());
        lines(head, QUERY, event.getQueryStringParameters());
        var context = event.getRequestContext();
        if (context != null && context.getAuthorizer() != null && context.getAuthorizer().getLambda() != null) {
            lines(head, AUTH, context.getAuthorizer().getLambda());
        }
        if (event.getIsBase64Encoded()) {
            head.append(BASE64).append('\n');
        }
        lines(head, "", event.getHeaders());
        byte[] top = head.toString().getBytes(StandardCharsets.UTF_8);
        if (event.getBody() == null) {
            return top;
        }
        byte[] body = event.getIsBase64Encoded() ? Base64.getDecoder().decode(event.getBody())
                : event.getBody().getBytes(StandardCharsets.UTF_8);
        byte[] input = Arrays.copyOf(top, top.length + 1 + body.length);
        input[top.length] = '\n';
        System.arraycopy(body, 0, input, top.length + 1, body.length);
        return input;
    }

    private static void lines(StringBuilder head, String prefix, Map<String, ?> values) {
        if (values != null) {
            new TreeMap<String, Object>(values).forEach((name, value) ->
                    head.append(prefix).append(name).append(": ").append(value).append('\n'));
        }
    }

    /** The route named, or else one of the handler's chosen by the name's hash: every input reaches a route. */
    private static String route(String named, Set<String> routeKeys) {
        if (routeKeys.contains(named)) {
            return named;
        }
        List<String> keys = new ArrayList<>(routeKeys);
        keys.sort(null);
        return keys.get(Math.floorMod(named.hashCode(), keys.size()));
    }

    private static int indexOf(byte[] input, byte[] target) {
        outer:
        for (int i = 0; i <= input.length - target.length; i++) {
            for (int j = 0; j < target.length; j++) {
                if (input[i + j] != target[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
