package com.scaleout.functions.shared.ids;

import com.github.f4b6a3.ulid.UlidCreator;

/**
 * Ids are ULIDs: 26 characters of Crockford base32 that sort in creation order (millisecond time first), so a
 * sort key of ids is a sort key of time, and "newest first" is a descending query.
 */
public final class Ids {
    private static final int LENGTH = 26;
    /** Crockford's base32 digits as ids are written: upper case, without I, L, O and U. */
    private static final String DIGITS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

    private Ids() {
    }

    /** A new id: random, or the running request's next one when it runs again under its Idempotency-Key. */
    public static String newId() {
        return RequestIds.next().orElseGet(() -> UlidCreator.getMonotonicUlid().toString());
    }

    /**
     * A new id of its own, never the running request's: for a write that must be a new item each time it is made,
     * also when the request runs again under its Idempotency-Key (a change in a count log: reusing the first run's
     * id would overwrite that item, a MODIFY its fold does not count).
     */
    public static String freshId() {
        return UlidCreator.getMonotonicUlid().toString();
    }

    /** An id whose time is {@code at}: data made up with a past (seeding) sorts among real data by that time. */
    public static String idAt(java.time.Instant at) {
        return UlidCreator.getUlid(at.toEpochMilli()).toString();
    }

    /** {@link #idAt(java.time.Instant)} with its random part drawn from {@code random}: the same draws, the same id. */
    public static String idAt(java.time.Instant at, java.util.Random random) {
        byte[] entropy = new byte[10];
        random.nextBytes(entropy);
        return new com.github.f4b6a3.ulid.Ulid(at.toEpochMilli(), entropy).toString();
    }

    /** The time an id was made at (its first 48 bits, milliseconds). */
    public static java.time.Instant timeOf(String id) {
        return com.github.f4b6a3.ulid.Ulid.from(id).getInstant();
    }

    /**
     * Whether {@code text} is an id as written: 26 base32 digits, the first 0-7 (128 bits leave it only 3). Checked
     * digit by digit rather than with a regular expression, which cost a warm timeline read 8 % of its CPU (two
     * checks per entry read).
     */
    public static boolean isId(String text) {
        if (text == null || text.length() != LENGTH || text.charAt(0) < '0' || text.charAt(0) > '7') {
            return false;
        }
        for (int i = 1; i < LENGTH; i++) {
            if (DIGITS.indexOf(text.charAt(i)) < 0) {
                return false;
            }
        }
        return true;
    }
}
