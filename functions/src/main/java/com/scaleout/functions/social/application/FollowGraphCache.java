package com.scaleout.functions.social.application;

import java.util.Collection;
import java.util.Optional;
import java.util.Set;

/**
 * Who follows whom, as sets per user (the fanout reads a follower set per tweet), and which accounts have too
 * many followers to fan out. Missing sets read as empty {@code Optional} and are rebuilt from DynamoDB.
 */
public interface FollowGraphCache {
    Optional<Set<String>> followers(String userId);

    Optional<Set<String>> following(String userId);

    /** Which candidates follow the user, asked of the user's follower set; empty when that set is missing. */
    Optional<Set<String>> followersAmong(String userId, Collection<String> candidates);

    void replaceFollowers(String userId, Set<String> followerIds);

    void replaceFollowing(String userId, Set<String> followeeIds);

    /** Records an edge in both users' sets, where those sets exist. */
    void addEdge(String followerId, String followeeId);

    void removeEdge(String followerId, String followeeId);

    /** The ids among these that are marked as not fanned out. */
    Set<String> celebritiesAmong(Collection<String> userIds);

    /** Marks or unmarks; true when that changed the mark. */
    boolean markCelebrity(String userId, boolean celebrity);
}
