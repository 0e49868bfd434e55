package com.scaleout.local.testing;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2CustomAuthorizerEvent;
import com.amazonaws.services.lambda.runtime.events.SimpleIAMPolicyResponse;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/** Test authorizer: {@code Bearer good-<user>} is allowed with {@code userId=<user>} in the context. */
public final class TokenAuthorizer
        implements RequestHandler<APIGatewayV2CustomAuthorizerEvent, SimpleIAMPolicyResponse> {
    public static final AtomicInteger CALLS = new AtomicInteger();

    @Override
    public SimpleIAMPolicyResponse handleRequest(APIGatewayV2CustomAuthorizerEvent event, Context context) {
        CALLS.incrementAndGet();
        String token = event.getIdentitySource().getFirst();
        boolean allowed = token.startsWith("Bearer good-");
        var response = new SimpleIAMPolicyResponse();
        response.setIsAuthorized(allowed);
        if (allowed) {
            response.setContext(Map.of("userId", token.substring("Bearer good-".length()),
                    "routeKey", event.getRouteKey()));
        }
        return response;
    }
}
