package com.scaleout.functions.social.fakes;

import com.scaleout.functions.shared.paging.PageRequest;
import com.scaleout.functions.social.application.AccountMissing;
import com.scaleout.functions.social.application.FollowStore;
import com.scaleout.functions.social.application.Slice;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Follow edges in memory, one per (follower, followee), with both users' counts moved alongside. */
public final class InMemoryFollowStore implements FollowStore {
    private final Map<List<String>, Edge> edges = new HashMap<>();
    private final InMemoryUserStore users;

    public InMemoryFollowStore(InMemoryUserStore users) {
        this.users = users;
    }

    @Override
    public synchronized boolean follow(Edge edge) {
        refuseSelfEdge(edge.followerId(), edge.followeeId());
        var key = List.of(edge.followerId(), edge.followeeId());
        if (edges.containsKey(key)) {
            return false;
        }
        requireAccounts(edge.followerId(), edge.followeeId());
        edges.put(key, edge);
        users.adjustCounts(edge.followerId(), 0, 1, 0);
        users.adjustCounts(edge.followeeId(), 1, 0, 0);
        return true;
    }

    /** As the store's transaction's conditions on both counts: the edge changes only between two accounts. */
    private void requireAccounts(String followerId, String followeeId) {
        for (String userId : List.of(followerId, followeeId)) {
            if (users.findById(userId).isEmpty()) {
                throw new AccountMissing(userId);
            }
        }
    }

    @Override
    public synchronized boolean unfollow(String followerId, String followeeId) {
        refuseSelfEdge(followerId, followeeId);
        if (!edges.containsKey(List.of(followerId, followeeId))) {
            return false;
        }
        requireAccounts(followerId, followeeId);
        edges.remove(List.of(followerId, followeeId));
        users.adjustCounts(followerId, 0, -1, 0);
        users.adjustCounts(followeeId, -1, 0, 0);
        return true;
    }

    /**
     * As DynamoDB refuses it: the edge's transaction moves the follower's and the followee's counts, two writes
     * to one Users item when they are the same user.
     */
    private static void refuseSelfEdge(String followerId, String followeeId) {
        if (followerId.equals(followeeId)) {
            throw new IllegalArgumentException("Transaction request cannot include multiple operations on one item");
        }
    }

    @Override
    public synchronized Slice<Edge> following(String followerId, PageRequest page) {
        return NewestFirst.slice(edges.values().stream().filter(e -> e.followerId().equals(followerId)).toList(),
                Edge::edgeId, page);
    }

    @Override
    public synchronized Slice<Edge> followers(String followeeId, PageRequest page) {
        return NewestFirst.slice(edges.values().stream().filter(e -> e.followeeId().equals(followeeId)).toList(),
                Edge::edgeId, page);
    }

    @Override
    public synchronized java.util.Set<String> allFollowerIds(String followeeId) {
        return edges.values().stream().filter(e -> e.followeeId().equals(followeeId)).map(Edge::followerId)
                .collect(java.util.stream.Collectors.toSet());
    }

    @Override
    public synchronized java.util.Set<String> allFolloweeIds(String followerId) {
        return edges.values().stream().filter(e -> e.followerId().equals(followerId)).map(Edge::followeeId)
                .collect(java.util.stream.Collectors.toSet());
    }
}
