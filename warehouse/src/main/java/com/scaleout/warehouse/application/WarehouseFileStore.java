package com.scaleout.warehouse.application;

import java.nio.file.Path;

/** The warehouse's bucket. */
public interface WarehouseFileStore {
    /** Stores the file under {@code key}, replacing what was there. */
    void put(String key, Path file);
}
