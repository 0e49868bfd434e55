package com.scaleout.functions.social.http;

import com.scaleout.functions.shared.http.ApiHandler;
import com.scaleout.functions.shared.http.HttpResponses;
import com.scaleout.functions.social.SocialComponents;
import com.scaleout.functions.social.application.SearchService;
import java.util.Map;

/** {@code GET /search?q=}: tweets matching words, #tags and @users, most terms matched first, then newest. */
public final class SearchHandler extends ApiHandler {

    public SearchHandler() {
        this(SocialComponents.create().search());
    }

    SearchHandler(SearchService search) {
        super(Map.of("GET /search", request -> HttpResponses.json(200,
                search.search(request).map(Views.TweetView::of))));
    }
}
