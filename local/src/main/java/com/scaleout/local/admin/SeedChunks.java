package com.scaleout.local.admin;

import java.util.ArrayList;
import java.util.List;

/**
 * How {@code ./scaleout seed} splits a seed into requests: as many accounts per request as fit the route's limit
 * of 2,000 items (accounts × (2 + tweets + follows)) and 1,000 accounts, and no more than asked.
 */
final class SeedChunks {
    static final int MAX_ITEMS = 2_000;
    static final int MAX_USERS = 1_000;

    private SeedChunks() {
    }

    static int accountsPerRequest(int tweetsPerUser, int followsPerUser, int cap) {
        int byItems = MAX_ITEMS / (2 + tweetsPerUser + followsPerUser);
        return Math.max(1, Math.min(Math.min(byItems, MAX_USERS), cap));
    }

    static List<Integer> split(int users, int tweetsPerUser, int followsPerUser, int cap) {
        int size = accountsPerRequest(tweetsPerUser, followsPerUser, cap);
        var chunks = new ArrayList<Integer>();
        for (int left = users; left > 0; left -= size) {
            chunks.add(Math.min(size, left));
        }
        return chunks;
    }
}
