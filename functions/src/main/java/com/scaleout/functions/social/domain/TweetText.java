package com.scaleout.functions.social.domain;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;

/**
 * A tweet's text: trimmed, 1-280 code points (so an emoji counts once), and the {@code #hashtags} and
 * {@code @mentions} in it, as {@link Tokens} reads them (search reads the text the same way).
 */
public final class TweetText {
    public static final int MAX_CODE_POINTS = 280;

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

    /** Distinct hashtags (by key), in order of appearance, as first written (once normalized). */
    public List<String> hashtags() {
        var tags = new LinkedHashMap<String, String>();
        for (Tokens.Token token : Tokens.of(text)) {
            if (token.kind() == Tokens.Kind.HASHTAG) {
                tags.putIfAbsent(token.key(), token.text());
            }
        }
        return new ArrayList<>(tags.values());
    }

    /** Distinct mentioned usernames, normalized, in order of appearance. */
    public List<String> mentionedUsernames() {
        var names = new LinkedHashSet<String>();
        for (Tokens.Token token : Tokens.of(text)) {
            if (token.kind() == Tokens.Kind.MENTION) {
                names.add(Usernames.normalize(token.text()));
            }
        }
        return new ArrayList<>(names);
    }

    /** The key by which a hashtag a tweet shows is stored and looked up: as search folds it. */
    public static String normalizeTag(String tag) {
        return Tokens.key(tag);
    }

    /**
     * The key of {@code tag} (with or without its {@code #}) if it is a hashtag as a tweet's text would have it,
     * so that every tag a tweet shows can be looked up, folded as search folds it.
     */
    public static Optional<String> hashtagKey(String tag) {
        String sign = tag.startsWith("#") || tag.startsWith("\uff03") ? "" : "#";
        List<Tokens.Token> tokens = Tokens.of(sign + tag);
        if (tokens.size() == 1 && tokens.getFirst().kind() == Tokens.Kind.HASHTAG
                && Tokens.key(sign + tag).equals("#" + tokens.getFirst().key())) {
            return Optional.of(tokens.getFirst().key());
        }
        return Optional.empty();
    }

    /** Why a text was refused; the HTTP layer names the field. */
    public static final class InvalidTweetText extends RuntimeException {
        public InvalidTweetText(String reason) {
            super(reason, null, false, false);
        }
    }
}
