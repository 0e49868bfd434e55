package com.scaleout.local.soak;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** A stack held in maps, for the reconciler's tests: what each read answers is set by the test. */
final class FakeStack implements StackView {
    final Map<String, Profile> profiles = new HashMap<>();
    final Set<String> tweets = new HashSet<>();
    final Map<String, Set<String>> lists = new HashMap<>();
    final Set<String> albums = new HashSet<>();
    final Map<String, Reviews> reviews = new HashMap<>();
    final Map<String, Map<String, Long>> changes = new HashMap<>();

    void list(String name, String... items) {
        lists.computeIfAbsent(name, n -> new HashSet<>()).addAll(Set.of(items));
    }

    private Set<String> list(String name) {
        return lists.getOrDefault(name, Set.of());
    }

    @Override
    public Optional<Profile> profile(String username) {
        return Optional.ofNullable(profiles.get(username));
    }

    @Override
    public boolean tweetExists(String id) {
        return tweets.contains(id);
    }

    @Override
    public Set<String> userTweets(String username) {
        return list("tweets of " + username);
    }

    @Override
    public Set<String> userReplies(String username) {
        return list("replies of " + username);
    }

    @Override
    public Set<String> mentions(String username) {
        return list("mentions of " + username);
    }

    @Override
    public Set<String> following(String username) {
        return list("following of " + username);
    }

    @Override
    public Set<String> hashtag(String tag) {
        return list("#" + tag);
    }

    @Override
    public Set<String> search(String query) {
        return list("search " + query);
    }

    @Override
    public Set<String> homeTimeline(String username) {
        return list("home of " + username);
    }

    @Override
    public Set<String> replies(String tweetId) {
        return list("replies to " + tweetId);
    }

    @Override
    public Set<String> retweeters(String tweetId) {
        return list("retweeters of " + tweetId);
    }

    @Override
    public boolean albumExists(String albumId) {
        return albums.contains(albumId);
    }

    @Override
    public Optional<Reviews> reviews(String albumId) {
        return Optional.ofNullable(reviews.get(albumId));
    }

    @Override
    public Map<String, Long> importChanges(long clientId, String table) {
        return changes.getOrDefault(clientId + "/" + table, Map.of());
    }
}
