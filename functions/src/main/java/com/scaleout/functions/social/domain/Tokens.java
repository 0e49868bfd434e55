package com.scaleout.functions.social.domain;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one reading of a text into words, {@code #hashtags} and {@code @mentions}: what a tweet shows as its tags and
 * mentions, what the hashtag route looks up and what search indexes and queries all come from here, so that they
 * agree. The text is Unicode-normalized first (NFKC: full-width forms, ligatures and other compatibility characters
 * become their plain forms, so {@code ＃ｔｅｓｔ} reads as {@code #test}); a token is a run of letters, marks, digits
 * and underscores that starts with a letter, digit or underscore and is not glued to a word before it. A {@code #}
 * or {@code @} directly before a run makes it a hashtag (if the run has a letter) or a mention (if the run is a
 * username), unless the sign is glued to a word, to another sign or to {@code &} ({@code a#b}, {@code &#39;},
 * {@code @@bob}) or the run to a sign after it ({@code @bob@example}); otherwise the run is a word. A run longer
 * than {@value #MAX_LENGTH} characters (code points, once normalized) is no token: tags stay short, and every key
 * fits a DynamoDB key. A token's key, by which it is stored and found, is its text lower-cased.
 */
public final class Tokens {
    public static final int MAX_LENGTH = 100;
    private static final Pattern TOKEN = Pattern.compile(
            "(?:(?<![\\p{L}\\p{N}_#@&])([#@])|(?<![\\p{L}\\p{N}_]))([\\p{L}\\p{N}_][\\p{L}\\p{M}\\p{N}_]*)");

    private Tokens() {
    }

    public enum Kind { WORD, HASHTAG, MENTION }

    /** {@code text}: as written, once normalized (case kept); {@code key}: lower-cased. */
    public record Token(Kind kind, String text, String key) {
    }

    /** The tokens of a text, in order of appearance (repeats included). */
    public static List<Token> of(String text) {
        String normalized = normalize(text);
        var tokens = new ArrayList<Token>();
        Matcher m = TOKEN.matcher(normalized);
        while (m.find()) {
            String run = m.group(2);
            if (run.codePointCount(0, run.length()) <= MAX_LENGTH) {
                boolean gluedToASign = m.end() < normalized.length() && "#@".indexOf(normalized.charAt(m.end())) >= 0;
                tokens.add(new Token(kind(gluedToASign ? null : m.group(1), run), run, key(run)));
            }
        }
        return tokens;
    }

    /** The key of a token's text (or of a hashtag as a tweet shows it). */
    public static String key(String text) {
        return normalize(text).toLowerCase(Locale.ROOT);
    }

    private static String normalize(String text) {
        return Normalizer.normalize(text, Normalizer.Form.NFKC);
    }

    private static Kind kind(String sign, String run) {
        if ("#".equals(sign) && run.codePoints().anyMatch(Character::isLetter)) {
            return Kind.HASHTAG;
        }
        if ("@".equals(sign) && Usernames.isValid(run)) {
            return Kind.MENTION;
        }
        return Kind.WORD;
    }
}
