package com.scaleout.functions.social.http;

import com.scaleout.functions.social.views.TweetView;
import com.scaleout.functions.shared.failure.NotAuthenticatedException;
import com.scaleout.functions.shared.http.ApiRequest;
import com.scaleout.functions.shared.http.BearerToken;
import com.scaleout.functions.shared.paging.Page;
import com.scaleout.functions.social.application.AuthorNames;
import com.scaleout.functions.social.application.CallerStates;
import com.scaleout.functions.social.application.SessionService;
import com.scaleout.functions.social.domain.CallerState;
import com.scaleout.functions.social.domain.Session;
import com.scaleout.functions.social.domain.Tweet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * Tweet views as the request's caller sees them, each read for the whole page at once (one batch each, never a call
 * per tweet): every tweet with its author's current display name, and with {@code retweetedByMe} and
 * {@code likedByMe} when the request carries a live session (without them for an anonymous caller).
 */
final class TweetViews {
    static final String INVALID_TOKEN = "The bearer token is invalid or has expired; log in again, or send no"
            + " Authorization header to read anonymously";

    private final SessionService sessions;
    private final CallerStates states;
    private final AuthorNames authorNames;

    TweetViews(SessionService sessions, CallerStates states, AuthorNames authorNames) {
        this.sessions = sessions;
        this.states = states;
        this.authorNames = authorNames;
    }

    /**
     * Who calls: on an authorized route the authorizer's user (checked by {@link Callers}); on a public route the
     * session of the bearer token, if one was sent (one look-up: the session cache, then the table). A token that
     * names no live session is refused (401) rather than silently read as anonymous.
     */
    Optional<String> caller(ApiRequest request) {
        if (request.authorizerValue(ApiRequest.CONTEXT_USER_ID).isPresent()
                || request.authorizerValue(ApiRequest.CONTEXT_REFUSAL).isPresent()) {
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

    TweetView one(Optional<String> caller, Tweet tweet) {
        return list(caller, List.of(tweet)).getFirst();
    }

    /**
     * The view of a tweet the caller has just changed: what the write did is known, so it is not read back (a batch
     * read is eventually consistent and could miss it); the rest is read.
     */
    TweetView afterWrite(String caller, Tweet tweet, UnaryOperator<CallerState> written) {
        CallerState state = states.of(caller, List.of(tweet.id())).getOrDefault(tweet.id(), CallerState.NONE);
        return TweetView.of(tweet, authorNames.of(List.of(tweet)), written.apply(state));
    }

    /** The view of a tweet just written: nobody has retweeted or liked it yet, so only its author's name is read. */
    TweetView justWritten(Tweet tweet) {
        return TweetView.of(tweet, authorNames.of(List.of(tweet)), CallerState.NONE);
    }

    Page<TweetView> page(Optional<String> caller, Page<Tweet> page) {
        return page(caller, page, Function.identity(), (tweet, view) -> view);
    }

    /** The request's caller's views of a page; the caller is known (or refused) before the page is read. */
    Page<TweetView> page(ApiRequest request, Supplier<Page<Tweet>> read) {
        Optional<String> caller = caller(request);
        return page(caller, read.get());
    }

    /** A page of items that each show a tweet ({@code tweetOf}), rendered by {@code view} with the tweet's view. */
    <T, V> Page<V> page(Optional<String> caller, Page<T> items, Function<T, Tweet> tweetOf,
                        BiFunction<T, TweetView, V> view) {
        List<TweetView> views = list(caller, items.items().stream().map(tweetOf).toList());
        var rendered = new java.util.ArrayList<V>(views.size());
        for (int i = 0; i < views.size(); i++) {
            rendered.add(view.apply(items.items().get(i), views.get(i)));
        }
        return new Page<>(rendered, items.next());
    }

    List<TweetView> list(Optional<String> caller, List<Tweet> tweets) {
        if (tweets.isEmpty()) {
            return List.of();
        }
        Map<String, String> names = authorNames.of(tweets);
        if (caller.isEmpty()) {
            return tweets.stream().map(t -> TweetView.of(t, names)).toList();
        }
        Map<String, CallerState> byId = states.of(caller.get(), tweets.stream().map(Tweet::id).toList());
        return tweets.stream()
                .map(t -> TweetView.of(t, names, byId.getOrDefault(t.id(), CallerState.NONE))).toList();
    }
}
