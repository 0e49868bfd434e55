package com.scaleout.functions.social.http;

import com.scaleout.functions.shared.failure.NotAuthenticatedException;
import com.scaleout.functions.shared.http.ApiRequest;
import com.scaleout.functions.shared.http.BearerToken;
import com.scaleout.functions.shared.paging.Page;
import com.scaleout.functions.social.application.CallerStates;
import com.scaleout.functions.social.application.SessionService;
import com.scaleout.functions.social.domain.CallerState;
import com.scaleout.functions.social.domain.Session;
import com.scaleout.functions.social.domain.Tweet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * Tweet views as the request's caller sees them: with {@code retweetedByMe} and {@code likedByMe} when the request
 * carries a live session, read for the whole page at once (one batch, never a call per tweet); without them for an
 * anonymous caller.
 */
final class TweetViews {
    static final String INVALID_TOKEN = "The bearer token is invalid or has expired; log in again, or send no"
            + " Authorization header to read anonymously";

    private final SessionService sessions;
    private final CallerStates states;

    TweetViews(SessionService sessions, CallerStates states) {
        this.sessions = sessions;
        this.states = states;
    }

    /**
     * Who calls: on an authorized route the authorizer's user (checked by {@link Callers}); on a public route the
     * session of the bearer token, if one was sent (one look-up: the session cache, then the table). A token that
     * names no live session is refused (401) rather than silently read as anonymous.
     */
    Optional<String> caller(ApiRequest request) {
        if (request.authorizerValue(ApiRequest.CONTEXT_USER_ID).isPresent()) {
            return Optional.of(Callers.actor(sessions, request).userId());
        }
        String authorization = request.header("authorization");
        if (authorization == null) {
            return Optional.empty();
        }
        return Optional.of(BearerToken.of(authorization).flatMap(sessions::authenticate)
                .map(Session::userId)
                .orElseThrow(() -> new NotAuthenticatedException(INVALID_TOKEN)));
    }

    Views.TweetView one(Optional<String> caller, Tweet tweet) {
        return list(caller, List.of(tweet)).getFirst();
    }

    /**
     * The view of a tweet the caller has just changed: what the write did is known, so it is not read back (a batch
     * read is eventually consistent and could miss it); the rest is read.
     */
    Views.TweetView afterWrite(String caller, Tweet tweet, UnaryOperator<CallerState> written) {
        CallerState state = states.of(caller, List.of(tweet.id())).getOrDefault(tweet.id(), CallerState.NONE);
        return Views.TweetView.of(tweet, written.apply(state));
    }

    Page<Views.TweetView> page(Optional<String> caller, Page<Tweet> page) {
        return new Page<>(list(caller, page.items()), page.next());
    }

    /** The request's caller's views of a page; the caller is known (or refused) before the page is read. */
    Page<Views.TweetView> page(ApiRequest request, Supplier<Page<Tweet>> read) {
        Optional<String> caller = caller(request);
        return page(caller, read.get());
    }

    List<Views.TweetView> list(Optional<String> caller, List<Tweet> tweets) {
        if (caller.isEmpty() || tweets.isEmpty()) {
            return tweets.stream().map(Views.TweetView::of).toList();
        }
        Map<String, CallerState> byId = states.of(caller.get(), tweets.stream().map(Tweet::id).toList());
        return tweets.stream().map(t -> Views.TweetView.of(t, byId.getOrDefault(t.id(), CallerState.NONE))).toList();
    }
}
