package com.scaleout.functions.admin.application;

import com.scaleout.functions.admin.seed.SeedBatch;

/** Writes made-up social data in bulk: items with their counts already final, without per-item transactions. */
public interface SocialBulkWriter {
    void write(SeedBatch batch);
}
