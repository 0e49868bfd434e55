package com.scaleout.functions.social.http;

import com.scaleout.functions.social.views.TweetView;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.scaleout.functions.shared.http.PageRequests;
import com.scaleout.functions.shared.http.ApiHandler;
import com.scaleout.functions.shared.http.HttpResponses;
import com.scaleout.functions.shared.paging.Page;
import com.scaleout.functions.shared.paging.PageRequest;
import com.scaleout.functions.social.SocialComponents;
import com.scaleout.functions.social.application.AuthorNames;
import com.scaleout.functions.social.application.CallerStates;
import com.scaleout.functions.social.application.RecommendationService;
import com.scaleout.functions.social.application.SessionService;
import com.scaleout.functions.social.application.TimelineService;
import com.scaleout.functions.shared.redis.RedisLink;
import com.scaleout.functions.shared.snapstart.Priming;
import com.scaleout.functions.shared.snapstart.PrimingRequests;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The caller's home timeline and "you might like". */
public final class TimelineHandler extends ApiHandler {
    public TimelineHandler() {
        this(SocialComponents.create());
    }

    private TimelineHandler(SocialComponents components) {
        this(components.timelines(), components.recommendations(), components.sessions(),
                new TweetViews(components.sessions(), components.callerStates(), components.authorNames()),
                components.redis());
    }

    TimelineHandler(TimelineService timelines, RecommendationService recommendations, SessionService sessions,
                    CallerStates callerStates, AuthorNames authorNames) {
        this(timelines, recommendations, sessions, new TweetViews(sessions, callerStates, authorNames),
                Optional.empty());
    }

    private TimelineHandler(TimelineService timelines, RecommendationService recommendations,
                            SessionService sessions, TweetViews views, Optional<RedisLink> redis) {
        super(Map.of(
                "GET /timeline", request -> {
                    var actor = Callers.actor(sessions, request);
                    return HttpResponses.json(200, views.page(Optional.of(actor.userId()), timelines.timeline(actor,
                                    PageRequests.limit(request, PageRequest.DEFAULT_LIMIT, PageRequest.MAX_LIMIT),
                                    request.query("cursor")),
                            TimelineService.Item::tweet, TimelineHandler::item));
                },
                "GET /me/recommendations", request -> HttpResponses.json(200, new RecommendationsView(
                        recommendations.recommend(Callers.actor(sessions, request)).stream()
                                .map(r -> new RecommendedView(Views.UserView.of(r.user()), r.mutuals())).toList()))), redis);
    }

    /**
     * Both routes from a session that does not exist (the cache and the table read, 401). Not a timeline itself:
     * reading one builds and caches the user's follow set and timeline, which is a write.
     */
    @Override
    protected void warmUp() {
        handleRequest(PrimingRequests.fromUnknownSession(PrimingRequests.http("GET /timeline", Map.of())), null);
        handleRequest(PrimingRequests.fromUnknownSession(PrimingRequests.http("GET /me/recommendations", Map.of())),
                null);
        var user = Views.UserView.of(PrimingViews.USER);
        Priming.serialize(new Page<>(List.of(new TimelineItemView(
                        TweetView.of(PrimingViews.TWEET, Map.of()), new Views.AuthorView(user.id(), user.username()))), null),
                new RecommendationsView(List.of(new RecommendedView(user, 1))));
    }

    /** A tweet object, plus {@code retweetedBy} when a retweet is why it is in the timeline. */
    record TimelineItemView(@JsonUnwrapped TweetView tweet,
                            @JsonInclude(JsonInclude.Include.NON_NULL) Views.AuthorView retweetedBy) {
    }

    record RecommendedView(@JsonUnwrapped Views.UserView user, long mutuals) {
    }

    record RecommendationsView(List<RecommendedView> items) {
    }

    private static TimelineItemView item(TimelineService.Item item, TweetView tweet) {
        return new TimelineItemView(tweet,
                item.retweetedBy().map(r -> new Views.AuthorView(r.id(), r.username())).orElse(null));
    }
}
