package com.scaleout.functions.social.application;

import com.scaleout.functions.shared.paging.PageRequest;

/**
 * Follow edges, with each user's follower and following counts kept exactly equal to the edges: an edge and
 * both counts change in one transaction, guarded by the edge's existence.
 */
public interface FollowStore {

    /** True when the edge is new; false when it existed (and nothing changed). */
    boolean follow(Edge edge);

    /** True when an edge was removed. */
    boolean unfollow(String followerId, String followeeId);

    Slice<Edge> following(String followerId, PageRequest page);

    Slice<Edge> followers(String followeeId, PageRequest page);

    /** Every follower's id (to rebuild the cached follower set). */
    java.util.Set<String> allFollowerIds(String followeeId);

    /** Every followee's id (to rebuild the cached following set). */
    java.util.Set<String> allFolloweeIds(String followerId);

    /** An edge; {@code edgeId} is a ULID, so it orders edges by creation. */
    record Edge(String followerId, String followeeId, String edgeId, String createdAt) {
    }
}
