package com.scaleout.functions.social.fakes;

import com.scaleout.functions.shared.paging.PageRequest;
import com.scaleout.functions.social.application.Slice;
import com.scaleout.functions.social.application.TweetIndexStore;
import com.scaleout.functions.social.domain.Mention;
import com.scaleout.functions.social.domain.Tweet;
import com.scaleout.functions.social.domain.TweetText;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The tweet index in memory: lists named as the DynamoDB store's keys without their shard ({@code recent},
 * {@code tag#<lower-cased tag>}, {@code mention#<userId>}), each a set of tweet ids, so adds and removes are
 * idempotent.
 */
public final class InMemoryTweetIndexStore implements TweetIndexStore {
    private final Map<String, Set<String>> lists = new HashMap<>();

    public static String recentList() {
        return "recent";
    }

    public static String hashtagList(String tag) {
        return "tag#" + TweetText.normalizeTag(tag);
    }

    public static String mentionList(String userId) {
        return "mention#" + userId;
    }

    private static List<String> listsOf(Tweet tweet) {
        var names = new ArrayList<String>();
        names.add(recentList());
        tweet.hashtags().forEach(tag -> names.add(hashtagList(tag)));
        tweet.mentions().stream().map(Mention::userId).forEach(id -> names.add(mentionList(id)));
        return names;
    }

    @Override
    public synchronized void add(Tweet tweet) {
        listsOf(tweet).forEach(list -> lists.computeIfAbsent(list, name -> new TreeSet<>()).add(tweet.id()));
    }

    @Override
    public synchronized void remove(Tweet tweet) {
        for (String list : listsOf(tweet)) {
            Set<String> ids = lists.get(list);
            if (ids != null && ids.remove(tweet.id()) && ids.isEmpty()) {
                lists.remove(list);
            }
        }
    }

    @Override
    public synchronized Slice<String> recent(PageRequest page) {
        return read(recentList(), page);
    }

    @Override
    public synchronized Slice<String> byHashtag(String normalizedTag, PageRequest page) {
        return read("tag#" + normalizedTag, page);
    }

    @Override
    public synchronized Slice<String> mentioning(String userId, PageRequest page) {
        return read(mentionList(userId), page);
    }

    /** Every list and its ids, sorted: two equal snapshots mean two equal indexes. */
    public synchronized SortedMap<String, SortedSet<String>> snapshot() {
        var copy = new TreeMap<String, SortedSet<String>>();
        lists.forEach((name, ids) -> copy.put(name, new TreeSet<>(ids)));
        return copy;
    }

    private Slice<String> read(String list, PageRequest page) {
        return NewestFirst.slice(List.copyOf(lists.getOrDefault(list, Set.of())), Function.identity(), page);
    }
}
