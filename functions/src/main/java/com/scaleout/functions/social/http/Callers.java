package com.scaleout.functions.social.http;

import com.scaleout.functions.shared.failure.NotAuthenticatedException;
import com.scaleout.functions.shared.http.ApiRequest;
import com.scaleout.functions.social.application.Actor;
import com.scaleout.functions.social.application.SessionService;

/** Who calls an authorized route: what the session authorizer put in the request's context, checked by the sessions. */
final class Callers {
    private Callers() {
    }

    static Actor actor(SessionService sessions, ApiRequest request) {
        request.authorizerValue(ApiRequest.CONTEXT_REFUSAL).ifPresent(reason -> {
            throw new NotAuthenticatedException(reason);
        });
        return sessions.actor(request.authorizerValue(ApiRequest.CONTEXT_USER_ID),
                request.authorizerValue(ApiRequest.CONTEXT_USERNAME),
                request.authorizerValue(ApiRequest.CONTEXT_SESSION_ID));
    }
}
