package com.scaleout.bench.soak;

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
    final Map<String, Set<String>> home = new HashMap<>();
    final Set<String> albums = new HashSet<>();
    final Map<String, Reviews> reviews = new HashMap<>();
    final Map<String, Map<String, Long>> changes = new HashMap<>();

    void list(Listing listing, String key, String... items) {
        lists.computeIfAbsent(listing + " " + key, n -> new HashSet<>()).addAll(Set.of(items));
    }

    Set<String> listed(Listing listing, String key) {
        return lists.get(listing + " " + key);
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
    public Set<String> list(Listing listing, String key) {
        return lists.getOrDefault(listing + " " + key, Set.of());
    }

    @Override
    public Set<String> homeTimeline(String username) {
        return home.getOrDefault(username, Set.of());
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
