package com.scaleout.functions.social.domain;

import java.util.Optional;

/**
 * What a display name or a bio may hold, beyond its length: no direction controls (a name with U+202E renders
 * backwards, "won · alice_s@"), no control characters (NUL, ANSI escapes; a bio may have line breaks), and at least
 * one character that renders (a name of spaces, U+3164 or U+2800 alone shows as nothing beside a handle).
 */
public final class ProfileTexts {
    private ProfileTexts() {
    }

    /** Why {@code text} may not be a display name (one line), if it may not. */
    public static Optional<String> displayNameProblem(String text) {
        return problem(text, false);
    }

    /** Why {@code text} may not be a bio (line breaks allowed), if it may not. */
    public static Optional<String> bioProblem(String text) {
        return problem(text, true);
    }

    private static Optional<String> problem(String text, boolean lineBreaks) {
        if (text.isEmpty()) {
            return Optional.empty();
        }
        boolean visible = false;
        for (int i = 0; i < text.length(); ) {
            int c = text.codePointAt(i);
            i += Character.charCount(c);
            if (isDirectionControl(c)) {
                return Optional.of(String.format("must not contain direction controls (U+%04X)", c));
            }
            if (Character.getType(c) == Character.CONTROL && !(lineBreaks && c == '\n')) {
                return Optional.of(String.format("must not contain control characters (U+%04X)", c));
            }
            visible |= rendersSomething(c);
        }
        return visible ? Optional.empty() : Optional.of("must contain a visible character");
    }

    /** Unicode's bidirectional formatting characters (UAX #9): embeddings, overrides, isolates, marks. */
    static boolean isDirectionControl(int c) {
        return (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069) || c == 0x200E || c == 0x200F
                || c == 0x061C;
    }

    /** Not a space, not a format character, not one of the letters and symbols that render as blank. */
    private static boolean rendersSomething(int c) {
        if (Character.isWhitespace(c) || Character.isSpaceChar(c) || Character.getType(c) == Character.FORMAT
                || Character.getType(c) == Character.CONTROL) {
            return false;
        }
        return switch (c) {
            // Hangul fillers, the blank Braille pattern, Mongolian vowel separator, combining grapheme joiner,
            // Khmer inherent vowels
            case 0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800, 0x180E, 0x034F, 0x17B4, 0x17B5 -> false;
            // variation selectors change the glyph before them; alone they show nothing
            default -> !(c >= 0xFE00 && c <= 0xFE0F) && !(c >= 0xE0100 && c <= 0xE01EF);
        };
    }
}
