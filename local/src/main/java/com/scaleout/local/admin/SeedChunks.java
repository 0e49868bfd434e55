package com.scaleout.local.admin;

import java.util.ArrayList;
import java.util.List;

/**
 * How {@code ./scaleout seed} splits a seed into requests: as many accounts per request as fit the route's limit
 * of 2,000 items (accounts × (2 + tweets + follows)) and 1,000 accounts, and no more than asked. Each chunk's id is
 * made of the seed's arguments and the chunk's number, so the same command names the same chunks again: the route
 * answers those it seeded before without writing, which is how a seed resumes.
 */
final class SeedChunks {
    static final int MAX_ITEMS = 2_000;
    static final int MAX_USERS = 1_000;
    /** Names a seed apart from another of the same arguments; short enough for the route's 64-character chunk ids. */
    static final java.util.regex.Pattern RUN = java.util.regex.Pattern.compile("[A-Za-z0-9]{1,12}");

    /** One request: its number (from 1), its accounts, its id. */
    record Chunk(int number, int users, String id) {
    }

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

    static List<Chunk> of(String run, int users, int tweetsPerUser, int followsPerUser, int cap) {
        if (!RUN.matcher(run).matches()) {
            throw new IllegalArgumentException("--run must be 1 to 12 letters or digits, was " + run);
        }
        var sizes = split(users, tweetsPerUser, followsPerUser, cap);
        var chunks = new ArrayList<Chunk>(sizes.size());
        for (int i = 0; i < sizes.size(); i++) {
            chunks.add(new Chunk(i + 1, sizes.get(i),
                    chunkId(run, users, tweetsPerUser, followsPerUser, sizes.getFirst(), i + 1)));
        }
        return chunks;
    }

    /** At most 64 characters: a run of 12, and int-sized counts. */
    static String chunkId(String run, int users, int tweetsPerUser, int followsPerUser, int size, int number) {
        return String.format(java.util.Locale.ROOT, "seed-%s-u%d-t%d-f%d-c%d-%d", run, users, tweetsPerUser,
                followsPerUser, size, number);
    }
}
