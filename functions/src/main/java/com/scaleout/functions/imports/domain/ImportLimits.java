package com.scaleout.functions.imports.domain;

/** The import API's documented limits (docs/openapi.yaml and docs/data-model.md say the same). */
public final class ImportLimits {
    /** A request body, in bytes: Lambda's synchronous payload limit (the gateway answers 413 past it). */
    public static final int MAX_BODY_BYTES = 6 * 1024 * 1024;
    /** Records in one push, validate or batch request (Stitch's limit). */
    public static final int MAX_RECORDS = 20_000;
    /** Points in one RJMetrics-shape request (RJMetrics' limit). */
    public static final int MAX_RJMETRICS_POINTS = 100;
    /** Top-level fields in one record's data. */
    public static final int MAX_FIELDS = 10_000;
    /** String key values must be shorter than this, in code points (as tweets are counted). */
    public static final int MAX_KEY_LENGTH = 256;
    /** Table names: length in code points (as tweets are counted). */
    public static final int MAX_TABLE_NAME_LENGTH = 255;
    /**
     * A record's data, key fields and table name as stored (UTF-8 JSON): a DynamoDB item holds at most 400 KB, the
     * record item and its change-log copy each hold all three, and the rest is room for bookkeeping attributes.
     */
    public static final int MAX_RECORD_BYTES = 380_000;

    private ImportLimits() {
    }

    /** The length limits count code points, so that an emoji is one character, as in a tweet. */
    public static int length(String text) {
        return text.codePointCount(0, text.length());
    }
}
