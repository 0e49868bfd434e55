package com.scaleout.functions.social.http;

import com.scaleout.functions.shared.paging.Page;
import com.scaleout.functions.social.application.AuthorNames;
import com.scaleout.functions.social.domain.Tweet;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;

/** Tweets as the API shows them, each page with its authors' current display names, read once for the page. */
final class TweetViews {
    private final AuthorNames authorNames;

    TweetViews(AuthorNames authorNames) {
        this.authorNames = authorNames;
    }

    Views.TweetView one(Tweet tweet) {
        return Views.TweetView.of(tweet, authorNames.of(List.of(tweet)));
    }

    Page<Views.TweetView> page(Page<Tweet> tweets) {
        return page(tweets, Function.identity(), (tweet, view) -> view);
    }

    /** A page of items that each show a tweet ({@code tweetOf}), rendered by {@code view} with the tweet's view. */
    <T, V> Page<V> page(Page<T> items, Function<T, Tweet> tweetOf, BiFunction<T, Views.TweetView, V> view) {
        Map<String, String> names = authorNames.of(items.items().stream().map(tweetOf).toList());
        return items.map(item -> view.apply(item, Views.TweetView.of(tweetOf.apply(item), names)));
    }
}
