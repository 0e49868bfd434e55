package com.scaleout.functions.social.domain;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * One line per tweet in a home timeline, across pages, as Twitter shows it: a timeline keeps an entry per reason
 * (the tweet itself, each followee's retweet of it), and a reader sees the tweet once, at its newest entry. A page
 * walks the entries below its position newest first and shows the first entry of each tweet it has not shown
 * yet. Its position carries, besides where it ended, the tweets it and the pages before showed that can still have
 * an older entry below (a tweet's entries are never older than the tweet itself), so no later page shows them
 * again. Nothing is read beyond the page's window: de-duplicating at read time keeps fanout as it is (a retweet
 * adds one fixed member to each follower's timeline, and undoing it removes that member, which leaves the older
 * reasons in place), whereas at write time every fanout would have to find and replace the tweet's other entry in
 * each follower's timeline.
 */
public final class TimelinePaging {
    /**
     * Tweets a position carries at most: every tweet of a page (at most 100) is carried to the next. Past this many
     * the tweets retweeted longest after they were posted are dropped first: their older entries are the furthest
     * below, and a reader rarely pages that far.
     */
    public static final int MAX_CARRIED = 100;

    private TimelinePaging() {
    }

    /** Where a page starts: below {@code before} (the top when empty), not showing {@code shownAbove} again. */
    public record Position(Optional<String> before, List<String> shownAbove) {
        public static final Position START = new Position(Optional.empty(), List.of());

        public Position {
            shownAbove = List.copyOf(shownAbove);
        }
    }

    /** The entries a page shows, newest first, and where the next page starts when there may be more. */
    public record Cut(List<TimelineEntry> shown, Optional<Position> next) {
    }

    /**
     * How many entries below the position a page of {@code limit} reads: twice what it shows and one more, so that a
     * few skipped entries still leave a full page. A page whose window holds mostly tweets shown already is shorter,
     * and its cursor leads on past them.
     */
    public static int window(int limit) {
        return 2 * (limit + 1);
    }

    /**
     * The page of at most {@code limit} tweets in {@code read}: the newest entries below {@code at}, newest first and
     * complete down to the last of them, at most {@link #window} of them.
     */
    public static Cut cut(List<TimelineEntry> read, Position at, int limit) {
        var seen = new HashSet<>(at.shownAbove());
        var shown = new ArrayList<TimelineEntry>();
        TimelineEntry last = null;
        boolean more = false;
        for (TimelineEntry entry : read) {
            if (seen.contains(entry.tweetId())) {
                last = entry; // an older reason for a tweet shown already
                continue;
            }
            if (shown.size() == limit) {
                more = true;
                break;
            }
            shown.add(entry);
            seen.add(entry.tweetId());
            last = entry;
        }
        more = more || read.size() >= window(limit);
        if (!more || last == null) {
            return new Cut(shown, Optional.empty());
        }
        String before = last.sortKey();
        var carried = Stream.concat(at.shownAbove().stream(), shown.stream().map(TimelineEntry::tweetId))
                .filter(tweetId -> tweetId.compareTo(before) < 0) // entries of a newer tweet are all above
                .distinct()
                .sorted(Comparator.reverseOrder())
                .limit(MAX_CARRIED)
                .toList();
        return new Cut(shown, Optional.of(new Position(Optional.of(before), carried)));
    }
}
