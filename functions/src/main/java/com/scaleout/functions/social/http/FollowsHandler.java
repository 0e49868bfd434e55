package com.scaleout.functions.social.http;

import com.scaleout.functions.shared.http.PageRequests;
import com.scaleout.functions.shared.http.ApiHandler;
import com.scaleout.functions.shared.http.HttpResponses;
import com.scaleout.functions.shared.paging.Page;
import com.scaleout.functions.social.SocialComponents;
import com.scaleout.functions.social.application.FollowService;
import com.scaleout.functions.social.application.SessionService;
import com.scaleout.functions.shared.ids.Ids;
import com.scaleout.functions.shared.redis.RedisLink;
import com.scaleout.functions.shared.snapstart.Priming;
import com.scaleout.functions.shared.snapstart.PrimingRequests;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Follow, unfollow, and the follower and following lists. */
public final class FollowsHandler extends ApiHandler {
    public FollowsHandler() {
        this(SocialComponents.create());
    }

    private FollowsHandler(SocialComponents components) {
        this(components.follows(), components.sessions(), components.redis());
    }

    FollowsHandler(FollowService follows, SessionService sessions) {
        this(follows, sessions, Optional.empty());
    }

    private FollowsHandler(FollowService follows, SessionService sessions, Optional<RedisLink> redis) {
        super(Map.of(
                "PUT /me/following/{username}", request -> {
                    follows.follow(Callers.actor(sessions, request), request.pathParameter("username"));
                    return HttpResponses.noContent();
                },
                "DELETE /me/following/{username}", request -> {
                    follows.unfollow(Callers.actor(sessions, request), request.pathParameter("username"));
                    return HttpResponses.noContent();
                },
                "GET /users/{username}/followers", request -> HttpResponses.json(200, follows.followers(
                        request.pathParameter("username"), PageRequests.from(request, Ids::isId))
                        .map(Views.UserView::of)),
                "GET /users/{username}/following", request -> HttpResponses.json(200, follows.following(
                        request.pathParameter("username"), PageRequests.from(request, Ids::isId))
                        .map(Views.UserView::of))), redis);
    }

    /** A follower list (a 404 unless someone took the name), a follow from a session that does not exist (401). */
    @Override
    protected void warmUp() {
        handleRequest(PrimingRequests.http("GET /users/{username}/followers", Map.of("username", "snapstart")), null);
        handleRequest(PrimingRequests.fromUnknownSession(PrimingRequests.http("PUT /me/following/{username}",
                Map.of("username", "snapstart"))), null);
        Priming.serialize(new Page<>(
                List.of(Views.UserView.of(PrimingViews.USER)), null));
    }
}
