package com.scaleout.admin.application;

import com.scaleout.admin.seed.SeedBatch;

/**
 * Writes made-up social data in bulk: items with their counts already final, without per-item transactions.
 * Writing the same batch again (a retried chunk) changes nothing: items are put whole, and the follower counts
 * added to earlier accounts are added once per chunk.
 */
public interface SocialBulkWriter {
    void write(SeedBatch batch, String chunkId);
}
