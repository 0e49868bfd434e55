package com.scaleout.functions.social.domain;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The terms of a text, the same for indexing a tweet and for reading a query: Unicode-normalized (NFKC) and
 * lower-cased; words are runs of letters, marks and digits (so punctuation splits them and "Café" finds
 * "cafe\u0301"; a word starts with a letter, digit or underscore, so an emoji's variation selector, a mark, does
 * not glue itself to the word after it); {@code #tag} and {@code @user} stay terms of their own, distinct from the word {@code tag}. Very
 * common English words and single letters are not indexed: they would match nearly everything.
 */
public final class SearchTerms {
    public static final int MAX_QUERY_TERMS = 10;
    public static final int MAX_QUERY_CHARS = 200;
    private static final Pattern TOKEN =
            Pattern.compile("(?<![\\p{L}\\p{N}_])([#@]?)([\\p{L}\\p{N}_][\\p{L}\\p{M}\\p{N}_]*)");
    private static final Set<String> STOP_WORDS = Set.of("the", "and", "or", "of", "to", "in", "on", "at", "is",
            "it", "an", "be", "as", "by", "for", "with", "this", "that", "are", "was");

    private SearchTerms() {
    }

    /** Distinct terms of a tweet's text, in order of appearance. */
    public static List<String> of(String text) {
        var terms = new LinkedHashSet<String>();
        Matcher m = TOKEN.matcher(normalize(text));
        while (m.find()) {
            String sigil = m.group(1);
            String body = m.group(2);
            if (!sigil.isEmpty()) {
                terms.add(sigil + body);
            } else if (body.codePointCount(0, body.length()) > 1 && !STOP_WORDS.contains(body)) {
                terms.add(body);
            }
        }
        return new ArrayList<>(terms);
    }

    static String normalize(String text) {
        return Normalizer.normalize(text, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT);
    }

    /** A query's terms; its problems are the caller's 400. */
    public static List<String> ofQuery(String query) {
        if (query == null || query.isBlank()) {
            throw new InvalidQuery("q is required");
        }
        if (query.codePointCount(0, query.length()) > MAX_QUERY_CHARS) {
            throw new InvalidQuery("q must be at most " + MAX_QUERY_CHARS + " characters");
        }
        List<String> terms = of(query);
        if (terms.isEmpty()) {
            throw new InvalidQuery("q has no searchable term (words of two letters or more, #tags, @users)");
        }
        if (terms.size() > MAX_QUERY_TERMS) {
            throw new InvalidQuery("q must have at most " + MAX_QUERY_TERMS + " terms, has " + terms.size());
        }
        return terms.stream().sorted().toList();
    }

    public static final class InvalidQuery extends RuntimeException {
        public InvalidQuery(String reason) {
            super(reason, null, false, false);
        }
    }
}
