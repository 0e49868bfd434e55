package com.scaleout.functions.social.application;

import com.nulabinc.zxcvbn.Zxcvbn;
import java.util.Optional;

/**
 * What a new password must be: 8-128 characters (code points), not only blank, control or invisible ones, and not
 * among the first 10,000 guesses of an attacker who tries the most common passwords, words, repeats and keyboard
 * walks first, as zxcvbn estimates them (its ranked lists of common passwords included). A refusal says why.
 *
 * <p>zxcvbn's time grows steeply with length (measured: about 15 ms for 64 characters, 90-450 ms for 128), so only
 * the first {@value #ESTIMATED_LENGTH} characters are estimated: no common password is longer, and a password whose
 * start is that guessable stays weak whatever follows.
 */
public final class PasswordPolicy {
    public static final int MIN_LENGTH = 8;
    public static final int MAX_LENGTH = 128;
    static final int ESTIMATED_LENGTH = 64;
    /** Fewer estimated guesses than this: within a determined online attacker's reach despite the login throttle. */
    private static final double MIN_GUESSES = 10_000;

    /** zxcvbn's lists (about 1 MB) are loaded on the first registration, not in every social function's start. */
    private static final class Estimator {
        static final Zxcvbn ZXCVBN = new Zxcvbn();
    }

    /** Why {@code password} cannot be used, or empty when it can. */
    public Optional<String> problem(String password) {
        int length = password.codePointCount(0, password.length());
        if (length < MIN_LENGTH || length > MAX_LENGTH) {
            return Optional.of("must be " + MIN_LENGTH + "-" + MAX_LENGTH + " characters");
        }
        if (password.codePoints().allMatch(PasswordPolicy::isBlankOrInvisible)) {
            return Optional.of("must not be only spaces, control or invisible characters");
        }
        String estimated = password.substring(0, password.offsetByCodePoints(0, Math.min(length, ESTIMATED_LENGTH)));
        var strength = Estimator.ZXCVBN.measure(estimated);
        if (strength.getGuesses() < MIN_GUESSES) {
            String warning = strength.getFeedback().getWarning();
            return Optional.of("is too easy to guess"
                    + (warning == null || warning.isBlank() ? "" : ": " + warning.strip()));
        }
        return Optional.empty();
    }

    private static boolean isBlankOrInvisible(int codePoint) {
        return Character.isWhitespace(codePoint) || Character.isSpaceChar(codePoint)
                || Character.isISOControl(codePoint) || Character.getType(codePoint) == Character.FORMAT;
    }
}
