package com.scaleout.warehouse.application;

import com.scaleout.warehouse.domain.ChangeRows;
import java.nio.file.Path;

/** Writes rows to a Parquet file. */
public interface ParquetFiles {
    /** Writes the rows, with every column of their schema, to {@code file} (replaced if there). */
    void write(ChangeRows rows, Path file);
}
