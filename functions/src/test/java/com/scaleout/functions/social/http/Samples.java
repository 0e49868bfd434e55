package com.scaleout.functions.social.http;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2CustomAuthorizerEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.tests.EventLoader;
import com.scaleout.functions.shared.http.ApiRequest;
import java.util.HashMap;
import java.util.Map;

/** The samples of {@code events/social/}, deserialized as the Lambda Java runtime does it. */
final class Samples {
    static final String FOLDER = "events/social/";

    private Samples() {
    }

    static APIGatewayV2HTTPEvent http(String name) {
        return EventLoader.loadApiGatewayHttpEvent(FOLDER + name + ".json");
    }

    static APIGatewayV2CustomAuthorizerEvent authorizer(String name) {
        return EventLoader.loadAPIGatewayV2CustomAuthorizerEvent(FOLDER + name + ".json");
    }

    /** The same request asking for the page after {@code cursor}, as a client following {@code next} sends it. */
    static APIGatewayV2HTTPEvent withCursor(APIGatewayV2HTTPEvent event, String cursor) {
        Map<String, String> query = new HashMap<>(event.getQueryStringParameters() == null ? Map.of()
                : event.getQueryStringParameters());
        query.put("cursor", cursor);
        event.setQueryStringParameters(query);
        return event;
    }

    /** The same request with a bearer token, as a public route (no authorizer) receives it. */
    static APIGatewayV2HTTPEvent withToken(APIGatewayV2HTTPEvent event, String token) {
        var headers = new HashMap<>(event.getHeaders());
        headers.put("authorization", "Bearer " + token);
        event.setHeaders(headers);
        return event;
    }

    /** The same request from another user, as the gateway passes it once the authorizer has let it in. */
    static APIGatewayV2HTTPEvent as(APIGatewayV2HTTPEvent event, String userId, String username, String token) {
        var headers = new HashMap<>(event.getHeaders());
        headers.put("authorization", "Bearer " + token);
        event.setHeaders(headers);
        event.getRequestContext().getAuthorizer().setLambda(Map.<String, Object>of(ApiRequest.CONTEXT_USER_ID, userId,
                ApiRequest.CONTEXT_USERNAME, username, ApiRequest.CONTEXT_SESSION_ID, Seed.sessionIdOf(token)));
        return event;
    }
}
