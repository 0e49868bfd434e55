package com.scaleout.admin.application;

import java.time.Instant;

/**
 * Hands out account indexes for seeding, each range once, also to requests running at the same time. A range is
 * claimed under the request's chunk id: the same chunk asking again (a retry) gets the same range and time.
 */
public interface SeedIndexCounter {
    /** The chunk's accounts start at {@code first}; its made-up times end at {@code at}. */
    record Claim(long first, Instant at) {
    }

    /** A new range of {@code count} indexes for {@code chunkId}, or the one it claimed before. */
    Claim claim(String chunkId, int count, Instant now);
}
