package com.scaleout.functions.imports.domain;

/** The import API's documented limits (docs/openapi.yaml and docs/data-model.md say the same). */
public final class ImportLimits {
    /** Records in one push, validate or batch request (Stitch's limit). */
    public static final int MAX_RECORDS = 20_000;
    /** Points in one RJMetrics-shape request (RJMetrics' limit). */
    public static final int MAX_RJMETRICS_POINTS = 100;
    /** Top-level fields in one record's data. */
    public static final int MAX_FIELDS = 10_000;
    /** String key values must be shorter than this. */
    public static final int MAX_KEY_LENGTH = 256;
    /** Table names: length in characters. */
    public static final int MAX_TABLE_NAME_LENGTH = 255;
    /**
     * A record's data and key as stored (UTF-8 JSON): DynamoDB items hold at most 400 KB, and the change log
     * keeps a copy of each applied change, so a record must leave room for its bookkeeping attributes.
     */
    public static final int MAX_RECORD_BYTES = 380_000;

    private ImportLimits() {
    }
}
