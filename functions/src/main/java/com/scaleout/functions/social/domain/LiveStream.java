package com.scaleout.functions.social.domain;

import java.util.List;
import java.util.Optional;

/**
 * A stream a live connection subscribes to, by its name: {@code home} and {@code mentions} (the caller's: they need a
 * signed-in connection), {@code public} (every new tweet), {@code hashtag:<tag>} (folded as GET /hashtags/{tag}/tweets
 * folds it) and {@code search:<query>} (the query's terms, as GET /search reads them). The name is kept normalized, so
 * {@code hashtag:Java} and {@code hashtag:#java} are one subscription.
 *
 * <p>Its key ({@link #keyFor}) is what a new tweet's pusher looks listeners up by: {@code home:<userId>},
 * {@code mentions:<userId>}, {@code public}, {@code hashtag:<tag>}, and for a search its smallest term (a tweet that
 * matches the query has every term, that one too; the pusher then checks the others, {@link #matches}).
 */
public record LiveStream(Kind kind, String name, List<String> terms) {
    /** Longer than any valid name: a search's 200 characters behind its prefix. */
    public static final int MAX_NAME_CHARS = 256;

    public enum Kind {
        HOME, MENTIONS, PUBLIC, HASHTAG, SEARCH;

        /** Whose tweets these are depends on who listens: a connection without a user cannot. */
        public boolean needsUser() {
            return this == HOME || this == MENTIONS;
        }
    }

    /** The key of the {@code public} stream, which every listener of it shares. */
    public static final String PUBLIC_KEY = "public";
    private static final String HASHTAG = "hashtag:";
    private static final String SEARCH = "search:";

    public LiveStream {
        terms = List.copyOf(terms);
    }

    /** The streams whose tweets depend on who listens, which only a signed-in connection hears. */
    public static final List<LiveStream> PRIVATE = List.of(new LiveStream(Kind.HOME, "home", List.of()),
            new LiveStream(Kind.MENTIONS, "mentions", List.of()));

    /** The stream a client names; refused with the reason when it names none. */
    public static LiveStream parse(String name) {
        if (name == null || name.isBlank()) {
            throw new Invalid("stream is required: home, mentions, public, hashtag:<tag> or search:<query>");
        }
        if (name.length() > MAX_NAME_CHARS) {
            throw new Invalid("stream must be at most " + MAX_NAME_CHARS + " characters");
        }
        for (LiveStream stream : PRIVATE) {
            if (stream.name().equals(name)) {
                return stream;
            }
        }
        if (name.equals(PUBLIC_KEY)) {
            return new LiveStream(Kind.PUBLIC, name, List.of());
        }
        if (name.startsWith(HASHTAG)) {
            String tag = TweetText.hashtagKey(name.substring(HASHTAG.length())).orElseThrow(() -> new Invalid(
                    "hashtag:<tag> needs a hashtag: up to " + Tokens.MAX_LENGTH + " letters, marks, digits and"
                            + " underscores with a letter, after an optional #"));
            return new LiveStream(Kind.HASHTAG, HASHTAG + tag, List.of());
        }
        if (name.startsWith(SEARCH)) {
            List<String> terms;
            try {
                terms = SearchTerms.ofQuery(name.substring(SEARCH.length()));
            } catch (SearchTerms.InvalidQuery e) {
                throw new Invalid(e.getMessage());
            }
            return new LiveStream(Kind.SEARCH, SEARCH + String.join(" ", terms), terms);
        }
        throw new Invalid("unknown stream: use home, mentions, public, hashtag:<tag> or search:<query>");
    }

    /** The query of a search stream, normalized (its terms, sorted, space-separated). */
    public Optional<String> query() {
        return kind == Kind.SEARCH ? Optional.of(name.substring(SEARCH.length())) : Optional.empty();
    }

    /** The key the stream's listeners are found by, for a connection of {@code userId} (needed by home, mentions). */
    public String keyFor(Optional<String> userId) {
        return switch (kind) {
            case HOME, MENTIONS -> name + ":" + userId.orElseThrow(() -> new IllegalStateException(
                    name + " needs a user"));
            case PUBLIC, HASHTAG -> name;
            case SEARCH -> SEARCH + terms.getFirst();
        };
    }

    /**
     * Whether a tweet with these search terms ({@link SearchTerms#of}) is in this search's results: each of the
     * query's terms finds it (a word as itself or as a tag, {@link SearchTerms#postingsOf}). Other kinds match
     * through their key alone.
     */
    public static boolean searchMatches(List<String> queryTerms, List<String> tweetTerms) {
        return queryTerms.stream().allMatch(term -> SearchTerms.postingsOf(term).stream()
                .anyMatch(tweetTerms::contains));
    }

    /** The keys of every search a tweet with these terms may be in: one per query term that finds it. */
    public static List<String> searchKeysOf(List<String> tweetTerms) {
        return SearchTerms.queriesChangedBy(tweetTerms).stream().map(term -> SEARCH + term).toList();
    }

    /** The keys of the hashtag streams a tweet with these tags is in. */
    public static List<String> hashtagKeysOf(List<String> hashtags) {
        return hashtags.stream().map(tag -> HASHTAG + TweetText.normalizeTag(tag)).distinct().toList();
    }

    public static String homeKey(String userId) {
        return "home:" + userId;
    }

    public static String mentionsKey(String userId) {
        return "mentions:" + userId;
    }

    /** The user of a {@code home:<userId>} key, the one kind whose listeners presence keeps by user. */
    public static Optional<String> homeUserOf(String key) {
        return key.startsWith("home:") ? Optional.of(key.substring("home:".length())) : Optional.empty();
    }

    /** Why a name is no stream: the client's mistake, said back to it. */
    public static final class Invalid extends RuntimeException {
        public Invalid(String reason) {
            super(reason, null, false, false);
        }
    }
}
