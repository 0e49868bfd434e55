package com.scaleout.local.testing;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.scaleout.functions.shared.json.Json;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Test function for a WebSocket API's every route: records each event as the JSON it received (a map, so that
 * fields the events library has no place for are seen too), refuses a handshake whose {@code token} is
 * {@code refused} with 401, fails on the {@value #FAILING_ROUTE} route as a function's error would, and answers any
 * other message with the route it came by, its body and its connection.
 */
public final class WebSocketRecorder implements RequestHandler<Map<String, Object>, Map<String, Object>> {
    public static final String REFUSED_TOKEN = "refused";
    public static final String FAILING_ROUTE = "fail";
    private static final List<Map<String, Object>> EVENTS = new CopyOnWriteArrayList<>();

    @Override
    public Map<String, Object> handleRequest(Map<String, Object> event, Context context) {
        EVENTS.add(event);
        var requestContext = context(event);
        var answer = new LinkedHashMap<String, Object>();
        if ("CONNECT".equals(requestContext.get("eventType"))) {
            Object query = event.get("queryStringParameters");
            if (query instanceof Map<?, ?> parameters && REFUSED_TOKEN.equals(parameters.get("token"))) {
                answer.put("statusCode", 401);
                answer.put("body", Json.write(Map.of("message", "not a live session")));
                return answer;
            }
        }
        if (FAILING_ROUTE.equals(requestContext.get("routeKey"))) {
            throw new IllegalStateException("the route that fails, as asked");
        }
        answer.put("statusCode", 200);
        if ("MESSAGE".equals(requestContext.get("eventType"))) {
            answer.put("body", Json.write(Map.of("route", requestContext.get("routeKey"),
                    "body", String.valueOf(event.get("body")), "connectionId", requestContext.get("connectionId"))));
        }
        return answer;
    }

    @SuppressWarnings("unchecked")
    public static Map<String, Object> context(Map<String, Object> event) {
        return (Map<String, Object>) event.get("requestContext");
    }

    /** The first event of this type on the connection, if one came yet. */
    public static Optional<Map<String, Object>> event(String eventType, String connectionId) {
        return EVENTS.stream().filter(e -> eventType.equals(context(e).get("eventType"))
                && connectionId.equals(context(e).get("connectionId"))).findFirst();
    }

    /** The CONNECT event whose handshake carried this header value. */
    @SuppressWarnings("unchecked")
    public static Optional<Map<String, Object>> connectWithHeader(String name, String value) {
        return EVENTS.stream().filter(e -> "CONNECT".equals(context(e).get("eventType")))
                .filter(e -> e.get("headers") instanceof Map<?, ?> headers
                        && value.equals(((Map<String, Object>) headers).get(name)))
                .findFirst();
    }

    /** Events of a route on the connection. */
    public static List<Map<String, Object>> messages(String routeKey, String connectionId) {
        return EVENTS.stream().filter(e -> routeKey.equals(context(e).get("routeKey"))
                && connectionId.equals(context(e).get("connectionId"))).toList();
    }
}
