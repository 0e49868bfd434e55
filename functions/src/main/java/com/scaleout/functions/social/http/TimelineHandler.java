package com.scaleout.functions.social.http;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.scaleout.functions.shared.http.PageRequests;
import com.scaleout.functions.shared.http.ApiHandler;
import com.scaleout.functions.shared.http.HttpResponses;
import com.scaleout.functions.shared.paging.Page;
import com.scaleout.functions.shared.paging.PageRequest;
import com.scaleout.functions.social.SocialComponents;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.scaleout.functions.shared.http.ApiRequest;
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
                components.callerStates(), components.redis());
    }

    TimelineHandler(TimelineService timelines, RecommendationService recommendations, SessionService sessions,
                    CallerStates callerStates) {
        this(timelines, recommendations, sessions, callerStates, Optional.empty());
    }

    private TimelineHandler(TimelineService timelines, RecommendationService recommendations,
                            SessionService sessions, CallerStates callerStates, Optional<RedisLink> redis) {
        super(Map.of(
                "GET /timeline", request -> timeline(timelines, sessions, new TweetViews(sessions, callerStates),
                        request),
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
                        Views.TweetView.of(PrimingViews.TWEET), new Views.AuthorView(user.id(), user.username()))), null),
                new RecommendationsView(List.of(new RecommendedView(user, 1))));
    }

    /** A tweet object, plus {@code retweetedBy} when a retweet is why it is in the timeline. */
    record TimelineItemView(@JsonUnwrapped Views.TweetView tweet,
                            @JsonInclude(JsonInclude.Include.NON_NULL) Views.AuthorView retweetedBy) {
    }

    record RecommendedView(@JsonUnwrapped Views.UserView user, long mutuals) {
    }

    record RecommendationsView(List<RecommendedView> items) {
    }

    /** The page's tweets as the caller sees them (one batch read), each with its retweeter when that is why. */
    private static APIGatewayV2HTTPResponse timeline(TimelineService timelines, SessionService sessions,
                                                     TweetViews views, ApiRequest request) {
        var actor = Callers.actor(sessions, request);
        Page<TimelineService.Item> page = timelines.timeline(actor,
                PageRequests.limit(request, PageRequest.DEFAULT_LIMIT, PageRequest.MAX_LIMIT), request.query("cursor"));
        List<Views.TweetView> tweets = views.list(Optional.of(actor.userId()),
                page.items().stream().map(TimelineService.Item::tweet).toList());
        var items = new ArrayList<TimelineItemView>();
        for (int i = 0; i < tweets.size(); i++) {
            items.add(new TimelineItemView(tweets.get(i), page.items().get(i).retweetedBy()
                    .map(r -> new Views.AuthorView(r.id(), r.username())).orElse(null)));
        }
        return HttpResponses.json(200, new Page<>(items, page.next()));
    }
}
