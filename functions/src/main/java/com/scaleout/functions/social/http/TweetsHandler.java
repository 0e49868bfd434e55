package com.scaleout.functions.social.http;

import com.scaleout.functions.social.views.TweetView;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.scaleout.functions.shared.http.PageRequests;
import com.scaleout.functions.shared.http.ApiHandler;
import com.scaleout.functions.shared.http.ApiRequest;
import com.scaleout.functions.shared.http.HttpResponses;
import com.scaleout.functions.shared.paging.Page;
import com.scaleout.functions.shared.paging.PageRequest;
import com.scaleout.functions.social.SocialComponents;
import com.scaleout.functions.social.application.CallerStates;
import com.scaleout.functions.social.application.LikeService;
import com.scaleout.functions.social.application.AuthorNames;
import com.scaleout.functions.social.application.SessionService;
import com.scaleout.functions.social.application.TweetService;
import com.scaleout.functions.shared.ids.Ids;
import com.scaleout.functions.social.domain.CallerState;
import com.scaleout.functions.social.domain.Tweet;
import com.scaleout.functions.social.domain.User;
import com.scaleout.functions.shared.http.RequestJson;
import com.scaleout.functions.shared.redis.RedisLink;
import com.scaleout.functions.shared.snapstart.Priming;
import com.scaleout.functions.shared.snapstart.PrimingRequests;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/** Tweets, replies, retweets, likes, and every list of tweets. */
public final class TweetsHandler extends ApiHandler {
    /** The logged-out home page shows the 50 newest tweets. */
    static final int RECENT_LIMIT = 50;

    public TweetsHandler() {
        this(SocialComponents.create());
    }


    private TweetsHandler(SocialComponents components) {
        this(components.tweets(), components.likes(), components.sessions(),
                new TweetViews(components.sessions(), components.callerStates(), components.authorNames()),
                components.redis());
    }

    TweetsHandler(TweetService tweets, LikeService likes, SessionService sessions, CallerStates callerStates,
                  AuthorNames authorNames) {
        this(tweets, likes, sessions, new TweetViews(sessions, callerStates, authorNames), Optional.empty());
    }

    private TweetsHandler(TweetService tweets, LikeService likes, SessionService sessions, TweetViews views,
                          Optional<RedisLink> redis) {
        super(Map.ofEntries(
                Map.entry("POST /tweets", request -> post(tweets, sessions, views, request)),
                Map.entry("GET /tweets/{id}", request -> HttpResponses.json(200,
                        views.one(views.caller(request), tweets.get(request.pathParameter("id"))))),
                Map.entry("DELETE /tweets/{id}", request -> {
                    tweets.delete(Callers.actor(sessions, request), request.pathParameter("id"));
                    return HttpResponses.noContent();
                }),
                Map.entry("GET /tweets/recent", request -> list(views, request, () -> tweets.recent(
                        PageRequests.from(request, RECENT_LIMIT, RECENT_LIMIT, Ids::isId)))),
                Map.entry("GET /tweets/{id}/replies", request -> list(views, request, () ->
                        tweets.replies(request.pathParameter("id"), page(request)))),
                Map.entry("POST /tweets/{id}/retweets", request -> retweet(tweets, sessions, views, request)),
                Map.entry("DELETE /tweets/{id}/retweets", request -> {
                    tweets.unretweet(Callers.actor(sessions, request), request.pathParameter("id"));
                    return HttpResponses.noContent();
                }),
                Map.entry("GET /tweets/{id}/retweets", request -> retweeters(tweets, request)),
                Map.entry("PUT /tweets/{id}/likes/me", request -> {
                    var actor = Callers.actor(sessions, request);
                    return HttpResponses.json(200, views.afterWrite(actor.userId(),
                            likes.like(actor, request.pathParameter("id")), state -> state.withLiked(true)));
                }),
                Map.entry("DELETE /tweets/{id}/likes/me", request -> {
                    var actor = Callers.actor(sessions, request);
                    return HttpResponses.json(200, views.afterWrite(actor.userId(),
                            likes.unlike(actor, request.pathParameter("id")), state -> state.withLiked(false)));
                }),
                Map.entry("GET /tweets/{id}/likes", request -> likers(likes, request)),
                Map.entry("GET /users/{username}/tweets", request -> list(views, request, () -> tweets.byUser(
                        request.pathParameter("username"), page(request)))),
                Map.entry("GET /users/{username}/replies", request -> list(views, request, () -> tweets.repliesByUser(
                        request.pathParameter("username"), page(request)))),
                Map.entry("GET /users/{username}/mentions", request -> list(views, request, () -> tweets.mentioning(
                        request.pathParameter("username"), page(request)))),
                Map.entry("GET /users/{username}/likes", request -> list(views, request, () -> likes.likedBy(
                        request.pathParameter("username"), page(request)))),
                Map.entry("GET /hashtags/{tag}/tweets", request -> list(views, request, () -> tweets.hashtag(
                        request.pathParameter("tag"), page(request))))), redis);
    }

    /** A missing tweet (a GetItem, 404), and a post from a session that does not exist (cache and table, 401). */
    @Override
    protected void warmUp() {
        handleRequest(PrimingRequests.http("GET /tweets/{id}", Map.of("id", PrimingRequests.MISSING_ID)), null);
        handleRequest(PrimingRequests.fromUnknownSession(PrimingRequests.http("POST /tweets", Map.of(), Map.of(),
                Map.of("content-type", "application/json"), "{\"text\":\"priming\"}")), null);
        RequestJson.read("{\"text\":\"priming\",\"inReplyTo\":null}", TweetBody.class);
        Priming.serialize(TweetView.of(PrimingViews.TWEET, Map.of()), new Views.CountedUsersView(List.of(), null, 0));
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
        // nobody has retweeted or liked a tweet just written: nothing to read but its author's name
        return HttpResponses.json(201, views.justWritten(tweet));
    }

    private static APIGatewayV2HTTPResponse retweet(TweetService tweets, SessionService sessions, TweetViews views,
                                                    ApiRequest request) {
        String id = request.pathParameter("id");
        var actor = Callers.actor(sessions, request);
        var retweeted = tweets.retweet(actor, id);
        return HttpResponses.json(retweeted.created() ? 201 : 200,
                views.afterWrite(actor.userId(), retweeted.tweet(), state -> state.withRetweeted(true)));
    }

    private static APIGatewayV2HTTPResponse retweeters(TweetService tweets, ApiRequest request) {
        var retweeters = tweets.retweeters(request.pathParameter("id"), page(request));
        return users(retweeters.page(), retweeters.count());
    }

    private static APIGatewayV2HTTPResponse likers(LikeService likes, ApiRequest request) {
        var likers = likes.likers(request.pathParameter("id"), page(request));
        return users(likers.page(), likers.count());
    }

    private static APIGatewayV2HTTPResponse users(Page<User> page, long count) {
        return HttpResponses.json(200, new Views.CountedUsersView(page.items().stream().map(Views.UserView::of).toList(),
                page.next(), count));
    }

    private static APIGatewayV2HTTPResponse list(TweetViews views, ApiRequest request, Supplier<Page<Tweet>> read) {
        return HttpResponses.json(200, views.page(request, read));
    }
}
