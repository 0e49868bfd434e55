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
 * the session's user id, username and session id go to the route's handler in the context. A header without the
 * Bearer scheme is allowed with no session and the reason ({@link ApiRequest#CONTEXT_REFUSAL}), which every
 * authorized handler answers with a 401 (an HTTP API cannot change the gateway's 403 for a denial, so a denial could
 * not say what to send); the gateway caches that answer for the header's value like any other. A token of no active
 * session is denied (API Gateway answers 403); a missing header never reaches this function (401, see
 * docs/operations.md).
 */
public final class SessionAuthorizer
        implements RequestHandler<APIGatewayV2CustomAuthorizerEvent, SimpleIAMPolicyResponse>, Primed {
    static final String NOT_BEARER = "send the session token as Authorization: Bearer <token>: this Authorization"
            + " header has no Bearer scheme";
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
        if (bearerToken(event).isEmpty() && header(event).filter(value -> !value.isBlank()).isPresent()) {
            // let through with no session, for the handler's 401 to say what to send (see the class comment)
            response.setIsAuthorized(true);
            response.setContext(Map.of(ApiRequest.CONTEXT_REFUSAL, NOT_BEARER));
            return response;
        }
        var session = bearerToken(event).flatMap(sessions::authenticate);
        response.setIsAuthorized(session.isPresent());
        session.ifPresent(s -> response.setContext(Map.of(
                ApiRequest.CONTEXT_USER_ID, s.userId(),
                ApiRequest.CONTEXT_USERNAME, s.username(),
                ApiRequest.CONTEXT_SESSION_ID, s.id())));
        return response;
    }

    static Optional<String> bearerToken(APIGatewayV2CustomAuthorizerEvent event) {
        return header(event).flatMap(BearerToken::of);
    }

    private static Optional<String> header(APIGatewayV2CustomAuthorizerEvent event) {
        List<String> identity = event.getIdentitySource();
        return identity == null || identity.isEmpty() ? Optional.empty() : Optional.ofNullable(identity.getFirst());
    }
}
