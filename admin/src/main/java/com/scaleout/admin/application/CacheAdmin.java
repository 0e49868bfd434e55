package com.scaleout.admin.application;

/** The cache as a whole: emptied by a reset, described by the status. */
public interface CacheAdmin {
    /** Deletes every key (on every node of a cluster). */
    void flush();

    /** Key count, memory, and lookups that found their key (hits) or not (misses) since the cache started. */
    record CacheStats(long keys, long usedMemoryBytes, long hits, long misses, Double hitRate) {
        /** {@code hitRate}: hits among lookups, or null before the first lookup. */
        public static CacheStats of(long keys, long usedMemoryBytes, long hits, long misses) {
            return new CacheStats(keys, usedMemoryBytes, hits, misses,
                    hits + misses == 0 ? null : (double) hits / (hits + misses));
        }
    }

    CacheStats stats();
}
