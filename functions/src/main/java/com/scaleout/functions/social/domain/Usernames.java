package com.scaleout.functions.social.domain;

import java.util.Locale;
import java.util.regex.Pattern;

/** Username rules: 3-15 of letters, digits and underscore; unique regardless of case. */
public final class Usernames {
    public static final Pattern VALID = Pattern.compile("[A-Za-z0-9_]{3,15}");

    private Usernames() {
    }

    public static boolean isValid(String username) {
        return username != null && VALID.matcher(username).matches();
    }

    /** The form uniqueness and look-ups use. */
    public static String normalize(String username) {
        return username.toLowerCase(Locale.ROOT);
    }
}
