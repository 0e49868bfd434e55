package com.scaleout.functions.social.http;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.scaleout.functions.shared.http.ApiHandler;
import com.scaleout.functions.shared.http.HttpResponses;
import com.scaleout.functions.shared.http.PageRequest;
import com.scaleout.functions.social.SocialComponents;
import com.scaleout.functions.social.application.RecommendationService;
import com.scaleout.functions.social.application.SessionService;
import com.scaleout.functions.social.application.TimelineService;
import com.scaleout.functions.social.domain.Ids;
import java.util.List;
import java.util.Map;

/** The caller's home timeline and "you might like". */
public final class TimelineHandler extends ApiHandler {

    public TimelineHandler() {
        this(SocialComponents.create());
    }

    private TimelineHandler(SocialComponents components) {
        this(components.timelines(), components.recommendations(), components.sessions());
    }

    TimelineHandler(TimelineService timelines, RecommendationService recommendations, SessionService sessions) {
        super(Map.of(
                "GET /timeline", request -> HttpResponses.json(200, timelines.timeline(sessions.actor(request),
                        PageRequest.from(request, Ids::isId)).map(TimelineHandler::item)),
                "GET /me/recommendations", request -> HttpResponses.json(200, new RecommendationsView(
                        recommendations.recommend(sessions.actor(request)).stream()
                                .map(r -> new RecommendedView(Views.UserView.of(r.user()), r.mutuals())).toList()))));
    }

    /** A tweet object, plus {@code retweetedBy} when a retweet is why it is in the timeline. */
    record TimelineItemView(@JsonUnwrapped Views.TweetView tweet,
                            @JsonInclude(JsonInclude.Include.NON_NULL) Views.AuthorView retweetedBy) {
    }

    record RecommendedView(@JsonUnwrapped Views.UserView user, long mutuals) {
    }

    record RecommendationsView(List<RecommendedView> items) {
    }

    private static TimelineItemView item(TimelineService.Item item) {
        return new TimelineItemView(Views.TweetView.of(item.tweet()),
                item.retweetedBy().map(r -> new Views.AuthorView(r.id(), r.username())).orElse(null));
    }
}
