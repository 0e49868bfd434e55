package com.scaleout.admin.seed;

import java.util.Locale;
import java.util.Random;
import net.datafaker.Faker;

/**
 * The made-up accounts, each derived from its index alone: any seeding request can name account 17 without
 * looking it up, so the follow graph can grow across requests. Usernames are a first name's letters and the index
 * in base 36 ({@code darrel_h}); display names are full names.
 */
public final class SeedAccounts {
    /**
     * Every seeded account's password, so that load tests can log in as them. Seeded data is test data: the
     * admin routes are off in AWS unless a stage turns them on.
     */
    public static final String PASSWORD = "seeded-password";
    private static final int MAX_NAME_LETTERS = 8;
    /** Distinct from other uses of the index as a seed. */
    private static final long SALT = 0x5eed_ac_c0_0a7L;

    private SeedAccounts() {
    }

    public record Account(long index, String username, String displayName) {
    }

    public static Account account(long index) {
        if (index < 0) {
            throw new IllegalArgumentException("index must be 0 or more, was " + index);
        }
        var name = new Faker(new Random(index ^ SALT)).name();
        String letters = name.firstName().toLowerCase(Locale.ROOT).replaceAll("[^a-z]", "");
        if (letters.isEmpty()) {
            letters = "user";
        }
        letters = letters.substring(0, Math.min(MAX_NAME_LETTERS, letters.length()));
        // 15 characters at most: 8 letters, "_", and up to 6 base-36 digits (two billion accounts)
        return new Account(index, letters + "_" + Long.toString(index, 36), name.firstName() + " " + name.lastName());
    }
}
