package com.scaleout.functions.social.domain;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A tweet's text: trimmed, 1-280 code points (so an emoji counts once), and the {@code #hashtags} and
 * {@code @mentions} in it. A hashtag is letters, digits and underscores with at least one letter, not glued to a
 * preceding word ({@code a#b} is not one); a mention is a valid username not glued to a word (an e-mail address
 * is not one).
 */
public final class TweetText {
    public static final int MAX_CODE_POINTS = 280;
    /** Up to 100 characters, and not a longer run: an over-long tag is no hashtag (as an over-long name is no mention). */
    private static final Pattern HASHTAG =
            Pattern.compile("(?<![\\p{L}\\p{N}_&#])[#＃]([\\p{L}\\p{M}\\p{N}_]{1,100})(?![\\p{L}\\p{M}\\p{N}_])");
    private static final Pattern MENTION = Pattern.compile("(?<![\\p{L}\\p{N}_@.])@([A-Za-z0-9_]{3,15})(?![A-Za-z0-9_@])");

    private final String text;

    private TweetText(String text) {
        this.text = text;
    }

    /** The trimmed text, or a reason it is not acceptable. */
    public static TweetText of(String raw) {
        if (raw == null) {
            throw new InvalidTweetText("is required");
        }
        String trimmed = trim(raw);
        int length = trimmed.codePointCount(0, trimmed.length());
        if (length == 0) {
            throw new InvalidTweetText("must not be empty or only whitespace");
        }
        if (length > MAX_CODE_POINTS) {
            throw new InvalidTweetText("must be at most " + MAX_CODE_POINTS + " characters, was " + length);
        }
        return new TweetText(trimmed);
    }

    public String text() {
        return text;
    }

    /**
     * Trims white space and every Unicode space separator, no-break spaces included ({@link String#strip()}
     * keeps U+00A0, U+2007 and U+202F, so a text of those alone would pass as not blank).
     */
    static String trim(String raw) {
        int start = 0;
        int end = raw.length();
        while (start < end && isBlank(raw.codePointAt(start))) {
            start += Character.charCount(raw.codePointAt(start));
        }
        while (end > start && isBlank(raw.codePointBefore(end))) {
            end -= Character.charCount(raw.codePointBefore(end));
        }
        return raw.substring(start, end);
    }

    /** Whether the text is empty or only white space and space separators (no-break spaces included). */
    public static boolean isBlank(String text) {
        return trim(text).isEmpty();
    }

    private static boolean isBlank(int codePoint) {
        return Character.isWhitespace(codePoint) || Character.isSpaceChar(codePoint);
    }

    /** Distinct hashtags (ignoring case), in order of appearance, as first written. */
    public List<String> hashtags() {
        var tags = new LinkedHashMap<String, String>();
        Matcher m = HASHTAG.matcher(text);
        while (m.find()) {
            String tag = m.group(1);
            if (tag.codePoints().anyMatch(Character::isLetter)) {
                tags.putIfAbsent(normalizeTag(tag), tag);
            }
        }
        return new ArrayList<>(tags.values());
    }

    /** Distinct mentioned usernames, normalized, in order of appearance. */
    public List<String> mentionedUsernames() {
        var names = new LinkedHashMap<String, Boolean>();
        Matcher m = MENTION.matcher(text);
        while (m.find()) {
            names.putIfAbsent(Usernames.normalize(m.group(1)), Boolean.TRUE);
        }
        return new ArrayList<>(names.keySet());
    }

    /** The form hashtag look-ups use: case-insensitive. */
    public static String normalizeTag(String tag) {
        return tag.toLowerCase(Locale.ROOT);
    }

    /** Why a text was refused; the HTTP layer names the field. */
    public static final class InvalidTweetText extends RuntimeException {
        public InvalidTweetText(String reason) {
            super(reason, null, false, false);
        }
    }
}
