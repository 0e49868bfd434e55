package com.scaleout.functions.social.http;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2CustomAuthorizerEvent;
import com.amazonaws.services.lambda.runtime.events.SimpleIAMPolicyResponse;
import com.scaleout.functions.shared.invocation.Invocations;
import com.scaleout.functions.shared.http.ApiRequest;
import com.scaleout.functions.shared.http.BearerToken;
import com.scaleout.functions.social.SocialComponents;
import com.scaleout.functions.social.application.SessionService;
import com.scaleout.functions.shared.redis.RedisLink;
import com.scaleout.functions.shared.snapstart.Primed;
import com.scaleout.functions.shared.snapstart.Priming;
import com.scaleout.functions.shared.snapstart.PrimingRequests;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The HTTP API's REQUEST authorizer: {@code Authorization: Bearer <token>} of an active session is allowed, and
 * the session's user id, username and session id go to the route's handler in the context. Anything else is
 * denied (API Gateway answers 403; a missing header never reaches this function: 401).
 */
public final class SessionAuthorizer
        implements RequestHandler<APIGatewayV2CustomAuthorizerEvent, SimpleIAMPolicyResponse>, Primed {
    private final Invocations invocations = new Invocations();
    private final SessionService sessions;
    private final Priming priming;

    public SessionAuthorizer() {
        this(SocialComponents.create());
    }

    private SessionAuthorizer(SocialComponents components) {
        this(components.sessions(), components.redis());
    }

    SessionAuthorizer(SessionService sessions) {
        this(sessions, Optional.empty());
    }

    private SessionAuthorizer(SessionService sessions, Optional<RedisLink> redis) {
        this.sessions = sessions;
        this.priming = Priming.register(SessionAuthorizer.class, redis,
                () -> handleRequest(PrimingRequests.authorizer(PrimingRequests.UNKNOWN_TOKEN), null));
    }

    @Override
    public Priming priming() {
        return priming;
    }

    @Override
    public SimpleIAMPolicyResponse handleRequest(APIGatewayV2CustomAuthorizerEvent event, Context context) {
        try (var invocation = invocations.open(context)) {
            return answer(event);
        }
    }

    private SimpleIAMPolicyResponse answer(APIGatewayV2CustomAuthorizerEvent event) {
        var response = new SimpleIAMPolicyResponse();
        var session = bearerToken(event).flatMap(sessions::authenticate);
        response.setIsAuthorized(session.isPresent());
        session.ifPresent(s -> response.setContext(Map.of(
                ApiRequest.CONTEXT_USER_ID, s.userId(),
                ApiRequest.CONTEXT_USERNAME, s.username(),
                ApiRequest.CONTEXT_SESSION_ID, s.id())));
        return response;
    }

    static Optional<String> bearerToken(APIGatewayV2CustomAuthorizerEvent event) {
        List<String> identity = event.getIdentitySource();
        return BearerToken.of(identity == null || identity.isEmpty() ? null : identity.getFirst());
    }
}
