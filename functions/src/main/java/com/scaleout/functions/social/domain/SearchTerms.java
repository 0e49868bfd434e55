package com.scaleout.functions.social.domain;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The terms of a text, the same for indexing a tweet and for reading a query: the keys of its {@link Tokens}
 * (Unicode-normalized with NFKC and lower-cased, so "Café" finds "cafe\u0301" and "ＪＡＶＡ" finds "java"), a
 * {@code #tag} and an {@code @user} terms of their own, distinct from the word {@code tag} in the index; a query's
 * word reads both the word and its tag ({@link #postingsOf}). Very common English words and single letters are not
 * indexed: they would match nearly everything.
 */
public final class SearchTerms {
    public static final int MAX_QUERY_TERMS = 10;
    public static final int MAX_QUERY_CHARS = 200;
    private static final Set<String> STOP_WORDS = Set.of("the", "and", "or", "of", "to", "in", "on", "at", "is",
            "it", "an", "be", "as", "by", "for", "with", "this", "that", "are", "was");

    private SearchTerms() {
    }

    /** Distinct terms of a tweet's text, in order of appearance. */
    public static List<String> of(String text) {
        var terms = new LinkedHashSet<String>();
        for (Tokens.Token token : Tokens.of(text)) {
            switch (token.kind()) {
                case HASHTAG -> terms.add("#" + token.key());
                case MENTION -> terms.add("@" + token.key());
                case WORD -> {
                    if (isSearchableWord(token.key())) {
                        terms.add(token.key());
                    }
                }
            }
        }
        return new ArrayList<>(terms);
    }

    /**
     * The index terms a query term reads: a word is found as written and as a tag ({@code history} finds
     * {@code #history} too, as on Twitter and Mastodon); a {@code #tag} or an {@code @user} only as itself. A word
     * without a letter has no tag to find (a tag needs one).
     */
    public static List<String> postingsOf(String queryTerm) {
        boolean word = !queryTerm.startsWith("#") && !queryTerm.startsWith("@");
        return word && queryTerm.codePoints().anyMatch(Character::isLetter) ? List.of(queryTerm, "#" + queryTerm)
                : List.of(queryTerm);
    }

    /**
     * The query terms whose results a tweet with these terms changes (the inverse of {@link #postingsOf}): its terms,
     * and the word of each of its tags that a query can hold.
     */
    public static List<String> queriesChangedBy(List<String> tweetTerms) {
        var queries = new LinkedHashSet<>(tweetTerms);
        for (String term : tweetTerms) {
            if (term.startsWith("#") && isSearchableWord(term.substring(1))) {
                queries.add(term.substring(1));
            }
        }
        return new ArrayList<>(queries);
    }

    private static boolean isSearchableWord(String key) {
        return key.codePointCount(0, key.length()) > 1 && !STOP_WORDS.contains(key);
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
