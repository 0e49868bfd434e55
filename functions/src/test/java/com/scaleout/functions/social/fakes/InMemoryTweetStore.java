package com.scaleout.functions.social.fakes;

import com.scaleout.functions.shared.paging.PageRequest;
import com.scaleout.functions.social.application.AccountMissing;
import com.scaleout.functions.social.application.Slice;
import com.scaleout.functions.social.application.TweetStore;
import com.scaleout.functions.social.domain.Tweet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;

/** Tweets in memory; creating and deleting move the author's tweet count and the parent's reply count. */
public final class InMemoryTweetStore implements TweetStore {
    private final Map<String, Tweet> byId = new HashMap<>();
    private final InMemoryUserStore users;

    public InMemoryTweetStore(InMemoryUserStore users) {
        this.users = users;
    }

    @Override
    public synchronized void create(Tweet tweet) {
        if (tweet.inReplyTo().isPresent() && !byId.containsKey(tweet.inReplyTo().get())) {
            throw new ParentNotFound();
        }
        if (byId.containsKey(tweet.id())) {
            throw new IllegalStateException("tweet " + tweet.id() + " exists");
        }
        if (!users.adjustCounts(tweet.authorId(), 0, 0, 1)) {
            throw new AccountMissing(tweet.authorId());
        }
        byId.put(tweet.id(), tweet);
        tweet.inReplyTo().ifPresent(parent -> adjustCounts(parent, 1, 0));
    }

    @Override
    public synchronized Optional<Tweet> find(String id) {
        return Optional.ofNullable(byId.get(id));
    }

    @Override
    public synchronized List<Tweet> findMany(List<String> ids) {
        return ids.stream().map(byId::get).filter(Objects::nonNull).toList();
    }

    @Override
    public synchronized void delete(Tweet tweet) {
        Tweet stored = byId.get(tweet.id());
        if (stored == null || !stored.authorId().equals(tweet.authorId())) {
            return; // as the DynamoDB store: already gone, or not by that author, changes nothing
        }
        byId.remove(tweet.id());
        users.adjustCounts(stored.authorId(), 0, 0, -1);
        stored.inReplyTo().ifPresent(parent -> adjustCounts(parent, -1, 0));
    }

    @Override
    public synchronized Slice<Tweet> byAuthor(String authorId, PageRequest page) {
        return newestFirst(tweet -> tweet.authorId().equals(authorId), page);
    }

    @Override
    public synchronized Slice<Tweet> repliesByAuthor(String authorId, PageRequest page) {
        return newestFirst(tweet -> tweet.isReply() && tweet.authorId().equals(authorId), page);
    }

    @Override
    public synchronized Slice<Tweet> repliesTo(String tweetId, PageRequest page) {
        return newestFirst(tweet -> tweet.inReplyTo().filter(tweetId::equals).isPresent(), page);
    }

    /** Moves a tweet's counts, as the other stores' transactions do; false when there is no such tweet. */
    synchronized boolean adjustCounts(String tweetId, long replies, long retweets) {
        Tweet t = byId.get(tweetId);
        if (t == null) {
            return false;
        }
        byId.put(tweetId, new Tweet(t.id(), t.authorId(), t.authorUsername(), t.text(), t.createdAt(), t.inReplyTo(),
                t.hashtags(), t.mentions(), t.replies() + replies, t.retweets() + retweets, t.likes()));
        return true;
    }

    /** Moves a tweet's like count; false when there is no such tweet. */
    synchronized boolean adjustLikes(String tweetId, long likes) {
        Tweet t = byId.get(tweetId);
        if (t == null) {
            return false;
        }
        byId.put(tweetId, new Tweet(t.id(), t.authorId(), t.authorUsername(), t.text(), t.createdAt(), t.inReplyTo(),
                t.hashtags(), t.mentions(), t.replies(), t.retweets(), t.likes() + likes));
        return true;
    }

    private Slice<Tweet> newestFirst(Predicate<Tweet> filter, PageRequest page) {
        return NewestFirst.slice(byId.values().stream().filter(filter).toList(), Tweet::id, page);
    }
}
