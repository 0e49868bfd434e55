package com.scaleout.functions.social.streams;

import com.scaleout.functions.social.application.FanoutService;
import com.scaleout.functions.social.application.SearchCache;
import com.scaleout.functions.social.application.SearchIndexStore;
import com.scaleout.functions.social.dynamodb.SocialTables;

/**
 * The stream handlers' test constructors (package-private, like every handler's), opened to the handler tests'
 * seeded world, which lives in the http package beside the samples it is seeded for.
 */
public final class StreamHandlers {

    private StreamHandlers() {
    }

    public static FanoutHandler fanout(FanoutService fanout, SocialTables tables) {
        return new FanoutHandler(fanout, tables);
    }

    public static SearchIndexHandler searchIndex(SearchIndexStore index, SearchCache cache) {
        return new SearchIndexHandler(index, cache);
    }
}
