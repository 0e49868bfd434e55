package com.scaleout.bench.capacity;

import java.util.regex.Pattern;

/**
 * A partition key value as a pattern, so that a profile reads the same whatever world the bench built: ids
 * ({@code {id}}: ULIDs, UUIDs, hex digests, random tokens), a shard's number ({@code #{n}}), a sequence number
 * ({@code /{seq}}). Names (usernames, tags, words, client tables) stay as they were measured.
 */
public final class KeyPatterns {
    /** The key of a call spread over a whole table or index (a Scan). */
    public static final String SCAN = "*";
    private static final Pattern ULID = Pattern.compile("\\b[0-9A-HJKMNP-TV-Z]{26}\\b");
    private static final Pattern UUID = Pattern.compile(
            "\\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\\b");
    private static final Pattern DIGEST = Pattern.compile("\\b[0-9a-fA-F]{32,}\\b");
    /** A random token (a record's id, an import key's): 16 or more letters, digits, '-' or '_', both a letter and a digit among them. */
    private static final Pattern TOKEN = Pattern.compile("(?<![A-Za-z0-9_-])(?=[A-Za-z_-]*[0-9])(?=[0-9_-]*[A-Za-z])[A-Za-z0-9_-]{16,}");
    /** A sequence number or a time in a key ({@code mark/<record>/<sequence>}). */
    private static final Pattern SEQUENCE = Pattern.compile("/\\d{6,}$");
    private static final Pattern SHARD = Pattern.compile("#\\d+$");

    private KeyPatterns() {
    }

    /** {@code key}'s pattern; {@link #SCAN} for null (no one key). */
    public static String of(String key) {
        if (key == null) {
            return SCAN;
        }
        String pattern = ULID.matcher(key).replaceAll("{id}");
        pattern = UUID.matcher(pattern).replaceAll("{id}");
        pattern = DIGEST.matcher(pattern).replaceAll("{id}");
        pattern = TOKEN.matcher(pattern).replaceAll("{id}");
        pattern = SEQUENCE.matcher(pattern).replaceAll("/{seq}");
        return SHARD.matcher(pattern).replaceAll("#{n}");
    }
}
