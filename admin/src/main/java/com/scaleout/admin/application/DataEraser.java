package com.scaleout.admin.application;

import java.time.Instant;

/** Deletes stored data a piece at a time, so that a large store is emptied over several calls. */
public interface DataEraser {
    /** What one call deleted, and whether nothing is left. */
    record Erased(long deleted, boolean empty) {
    }

    /** Deletes from {@code store} until it is empty or {@code deadline} comes. */
    Erased erase(String store, Instant deadline);
}
