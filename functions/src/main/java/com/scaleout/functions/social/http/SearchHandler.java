package com.scaleout.functions.social.http;

import com.scaleout.functions.social.views.TweetView;
import com.scaleout.functions.shared.http.PageRequests;
import com.scaleout.functions.shared.http.ApiHandler;
import com.scaleout.functions.shared.http.HttpResponses;
import com.scaleout.functions.shared.paging.Page;
import com.scaleout.functions.social.SocialComponents;
import com.scaleout.functions.social.application.CallerStates;
import com.scaleout.functions.social.application.AuthorNames;
import com.scaleout.functions.social.application.SearchService;
import com.scaleout.functions.social.application.SessionService;
import com.scaleout.functions.shared.redis.RedisLink;
import com.scaleout.functions.shared.snapstart.Priming;
import com.scaleout.functions.shared.snapstart.PrimingRequests;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** {@code GET /search?q=}: tweets matching words, #tags and @users, most terms matched first, then newest. */
public final class SearchHandler extends ApiHandler {
    public SearchHandler() {
        this(SocialComponents.create());
    }

    private SearchHandler(SocialComponents components) {
        this(components.search(), new TweetViews(components.sessions(), components.callerStates(),
                components.authorNames()), components.redis());
    }

    SearchHandler(SearchService search, SessionService sessions, CallerStates callerStates, AuthorNames authorNames) {
        this(search, new TweetViews(sessions, callerStates, authorNames), Optional.empty());
    }

    private SearchHandler(SearchService search, TweetViews views, Optional<RedisLink> redis) {
        super(Map.of("GET /search", request -> HttpResponses.json(200, views.page(request, () ->
                search.search(request.query("q"), PageRequests.limit(request, SearchService.MAX_LIMIT,
                        SearchService.MAX_LIMIT), request.query("cursor"))))), redis);
    }

    /**
     * A search of one page of one (a limit the cache does not keep, so nothing is cached): the index queries
     * and, for what they find (public tweets, if anyone wrote the word), the tweets' reads.
     */
    @Override
    protected void warmUp() {
        handleRequest(PrimingRequests.http("GET /search", Map.of(), Map.of("q", "snapstart", "limit", "1"),
                Map.of(), null), null);
        Priming.serialize(new Page<>(
                List.of(TweetView.of(PrimingViews.TWEET, Map.of())), null));
    }
}
