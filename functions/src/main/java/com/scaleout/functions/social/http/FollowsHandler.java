package com.scaleout.functions.social.http;

import com.scaleout.functions.shared.http.ApiHandler;
import com.scaleout.functions.shared.http.HttpResponses;
import com.scaleout.functions.shared.http.PageRequest;
import com.scaleout.functions.social.SocialComponents;
import com.scaleout.functions.social.application.FollowService;
import com.scaleout.functions.social.application.SessionService;
import com.scaleout.functions.social.domain.Ids;
import java.util.Map;

/** Follow, unfollow, and the follower and following lists. */
public final class FollowsHandler extends ApiHandler {

    public FollowsHandler() {
        this(SocialComponents.create());
    }

    private FollowsHandler(SocialComponents components) {
        this(components.follows(), components.sessions());
    }

    FollowsHandler(FollowService follows, SessionService sessions) {
        super(Map.of(
                "PUT /me/following/{username}", request -> {
                    follows.follow(sessions.actor(request), request.pathParameter("username"));
                    return HttpResponses.noContent();
                },
                "DELETE /me/following/{username}", request -> {
                    follows.unfollow(sessions.actor(request), request.pathParameter("username"));
                    return HttpResponses.noContent();
                },
                "GET /users/{username}/followers", request -> HttpResponses.json(200, follows.followers(
                        request.pathParameter("username"), PageRequest.from(request, Ids::isId))
                        .map(Views.UserView::of)),
                "GET /users/{username}/following", request -> HttpResponses.json(200, follows.following(
                        request.pathParameter("username"), PageRequest.from(request, Ids::isId))
                        .map(Views.UserView::of))));
    }
}
