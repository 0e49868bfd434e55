package com.scaleout.functions.social.http;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.scaleout.functions.shared.http.PageRequests;
import com.scaleout.functions.shared.http.ApiHandler;
import com.scaleout.functions.shared.http.ApiRequest;
import com.scaleout.functions.shared.http.HttpResponses;
import com.scaleout.functions.shared.paging.Page;
import com.scaleout.functions.shared.paging.PageRequest;
import com.scaleout.functions.social.SocialComponents;
import com.scaleout.functions.social.application.AuthorNames;
import com.scaleout.functions.social.application.SessionService;
import com.scaleout.functions.social.application.TweetService;
import com.scaleout.functions.shared.ids.Ids;
import com.scaleout.functions.social.domain.Tweet;
import com.scaleout.functions.shared.http.RequestJson;
import com.scaleout.functions.shared.redis.RedisLink;
import com.scaleout.functions.shared.snapstart.Priming;
import com.scaleout.functions.shared.snapstart.PrimingRequests;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Tweets, replies, retweets, and every list of tweets. */
public final class TweetsHandler extends ApiHandler {
    /** The logged-out home page shows the 50 newest tweets. */
    static final int RECENT_LIMIT = 50;

    public TweetsHandler() {
        this(SocialComponents.create());
    }


    private TweetsHandler(SocialComponents components) {
        this(components.tweets(), components.sessions(), new TweetViews(components.authorNames()),
                components.redis());
    }

    TweetsHandler(TweetService tweets, SessionService sessions, AuthorNames authorNames) {
        this(tweets, sessions, new TweetViews(authorNames), Optional.empty());
    }

    private TweetsHandler(TweetService tweets, SessionService sessions, TweetViews views, Optional<RedisLink> redis) {
        super(Map.ofEntries(
                Map.entry("POST /tweets", request -> post(tweets, sessions, views, request)),
                Map.entry("GET /tweets/{id}", request -> HttpResponses.json(200,
                        views.one(tweets.get(request.pathParameter("id"))))),
                Map.entry("DELETE /tweets/{id}", request -> {
                    tweets.delete(Callers.actor(sessions, request), request.pathParameter("id"));
                    return HttpResponses.noContent();
                }),
                Map.entry("GET /tweets/recent", request -> list(views, tweets.recent(
                        PageRequests.from(request, RECENT_LIMIT, RECENT_LIMIT, Ids::isId)))),
                Map.entry("GET /tweets/{id}/replies", request -> list(views, tweets.replies(request.pathParameter("id"),
                        page(request)))),
                Map.entry("POST /tweets/{id}/retweets", request -> retweet(tweets, sessions, views, request)),
                Map.entry("DELETE /tweets/{id}/retweets", request -> {
                    tweets.unretweet(Callers.actor(sessions, request), request.pathParameter("id"));
                    return HttpResponses.noContent();
                }),
                Map.entry("GET /tweets/{id}/retweets", request -> retweeters(tweets, request)),
                Map.entry("GET /users/{username}/tweets", request -> list(views, tweets.byUser(
                        request.pathParameter("username"), page(request)))),
                Map.entry("GET /users/{username}/replies", request -> list(views, tweets.repliesByUser(
                        request.pathParameter("username"), page(request)))),
                Map.entry("GET /users/{username}/mentions", request -> list(views, tweets.mentioning(
                        request.pathParameter("username"), page(request)))),
                Map.entry("GET /hashtags/{tag}/tweets", request -> list(views, tweets.hashtag(
                        request.pathParameter("tag"), page(request))))), redis);
    }

    /** A missing tweet (a GetItem, 404), and a post from a session that does not exist (cache and table, 401). */
    @Override
    protected void warmUp() {
        handleRequest(PrimingRequests.http("GET /tweets/{id}", Map.of("id", PrimingRequests.MISSING_ID)), null);
        handleRequest(PrimingRequests.fromUnknownSession(PrimingRequests.http("POST /tweets", Map.of(), Map.of(),
                Map.of("content-type", "application/json"), "{\"text\":\"priming\"}")), null);
        RequestJson.read("{\"text\":\"priming\",\"inReplyTo\":null}", TweetBody.class);
        Priming.serialize(Views.TweetView.of(PrimingViews.TWEET, Map.of()), new Views.RetweetersView(List.of(), null, 0));
    }

    record TweetBody(String text, String inReplyTo) {
    }

    private static PageRequest page(ApiRequest request) {
        return PageRequests.from(request, Ids::isId);
    }

    private static APIGatewayV2HTTPResponse post(TweetService tweets, SessionService sessions, TweetViews views,
                                                 ApiRequest request) {
        var actor = Callers.actor(sessions, request);
        var body = request.body(TweetBody.class);
        var tweet = tweets.post(actor, new TweetService.NewTweet(body.text(), body.inReplyTo()));
        return HttpResponses.json(201, views.one(tweet));
    }

    private static APIGatewayV2HTTPResponse retweet(TweetService tweets, SessionService sessions, TweetViews views,
                                                    ApiRequest request) {
        String id = request.pathParameter("id");
        boolean created = tweets.retweet(Callers.actor(sessions, request), id);
        return HttpResponses.json(created ? 201 : 200, views.one(tweets.get(id)));
    }

    private static APIGatewayV2HTTPResponse retweeters(TweetService tweets, ApiRequest request) {
        var retweeters = tweets.retweeters(request.pathParameter("id"), page(request));
        return HttpResponses.json(200, new Views.RetweetersView(
                retweeters.page().items().stream().map(Views.UserView::of).toList(), retweeters.page().next(),
                retweeters.count()));
    }

    private static APIGatewayV2HTTPResponse list(TweetViews views, Page<Tweet> page) {
        return HttpResponses.json(200, views.page(page));
    }
}
