package com.scaleout.functions.social.fakes;

import com.scaleout.functions.social.application.FollowGraphCache;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Follower and following sets in memory, as Redis keeps them: a set exists only once built (replaced), edges are
 * added to and removed from the sets that exist, and the "merged at read" marks live in one set of their own. It
 * can be flushed, and switched off to play Redis being down (then every call fails).
 */
public final class InMemoryFollowGraphCache implements FollowGraphCache {
    private final Map<String, Set<String>> followers = new HashMap<>();
    private final Map<String, Set<String>> following = new HashMap<>();
    private final Set<String> celebrities = new HashSet<>();
    private volatile boolean available = true;

    public void setAvailable(boolean available) {
        this.available = available;
    }

    public synchronized void flush() {
        followers.clear();
        following.clear();
        celebrities.clear();
    }

    @Override
    public synchronized Optional<Set<String>> followers(String userId) {
        checkAvailable();
        return Optional.ofNullable(followers.get(userId)).map(Set::copyOf);
    }

    @Override
    public synchronized Optional<Set<String>> followersAmong(String userId, Collection<String> candidates) {
        checkAvailable();
        return Optional.ofNullable(followers.get(userId))
                .map(set -> candidates.stream().filter(set::contains).collect(Collectors.toSet()));
    }

    @Override
    public synchronized Optional<Set<String>> following(String userId) {
        checkAvailable();
        return Optional.ofNullable(following.get(userId)).map(Set::copyOf);
    }

    @Override
    public synchronized void replaceFollowers(String userId, Set<String> followerIds) {
        checkAvailable();
        followers.put(userId, new HashSet<>(followerIds));
    }

    @Override
    public synchronized void replaceFollowing(String userId, Set<String> followeeIds) {
        checkAvailable();
        following.put(userId, new HashSet<>(followeeIds));
    }

    @Override
    public synchronized void addEdge(String followerId, String followeeId) {
        checkAvailable();
        Optional.ofNullable(following.get(followerId)).ifPresent(set -> set.add(followeeId));
        Optional.ofNullable(followers.get(followeeId)).ifPresent(set -> set.add(followerId));
    }

    @Override
    public synchronized void removeEdge(String followerId, String followeeId) {
        checkAvailable();
        Optional.ofNullable(following.get(followerId)).ifPresent(set -> set.remove(followeeId));
        Optional.ofNullable(followers.get(followeeId)).ifPresent(set -> set.remove(followerId));
    }

    @Override
    public synchronized Set<String> celebritiesAmong(Collection<String> userIds) {
        checkAvailable();
        return userIds.stream().filter(celebrities::contains).collect(Collectors.toSet());
    }

    @Override
    public synchronized boolean markCelebrity(String userId, boolean celebrity) {
        checkAvailable();
        return celebrity ? celebrities.add(userId) : celebrities.remove(userId);
    }

    private void checkAvailable() {
        if (!available) {
            throw new IllegalStateException("follow graph cache is down");
        }
    }
}
