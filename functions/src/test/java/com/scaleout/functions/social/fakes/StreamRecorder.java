package com.scaleout.functions.social.fakes;

import com.scaleout.functions.shared.paging.PageRequest;
import com.scaleout.functions.social.application.FollowStore;
import com.scaleout.functions.social.application.LikeStore;
import com.scaleout.functions.social.application.RetweetStore;
import com.scaleout.functions.social.application.Slice;
import com.scaleout.functions.social.application.TweetStore;
import com.scaleout.functions.social.domain.Tweet;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The Tweets, Retweets and Follows streams in memory. The stores it wraps record every change they make, in write
 * order, as DynamoDB Streams would carry it (the new image of an insert or a count change, the old image of a
 * removal), until a test drains them and delivers them to the stream consumers, once or as often as it likes.
 */
public final class StreamRecorder {
    private static final PageRequest ALL = new PageRequest(Integer.MAX_VALUE - 1, Optional.empty());

    /** One stream record, by table and event name. */
    public sealed interface Change {
    }

    public record TweetInserted(Tweet tweet) implements Change {
    }

    /** A tweet whose counts changed (a reply or a retweet came or went). */
    public record TweetModified(Tweet tweet) implements Change {
    }

    public record TweetRemoved(Tweet tweet) implements Change {
    }

    public record RetweetInserted(RetweetStore.Retweet retweet) implements Change {
    }

    public record RetweetRemoved(RetweetStore.Retweet retweet) implements Change {
    }

    public record FollowInserted(FollowStore.Edge edge) implements Change {
    }

    public record FollowRemoved(FollowStore.Edge edge) implements Change {
    }

    private final List<Change> pending = new ArrayList<>();

    /** The changes recorded since the last drain, oldest first. */
    public synchronized List<Change> drain() {
        var changes = List.copyOf(pending);
        pending.clear();
        return changes;
    }

    private synchronized void record(Change change) {
        pending.add(change);
    }

    public TweetStore tweets(TweetStore store) {
        return new TweetStore() {
            @Override
            public void create(Tweet tweet) {
                store.create(tweet);
                record(new TweetInserted(tweet));
                tweet.inReplyTo().flatMap(store::find).ifPresent(parent -> record(new TweetModified(parent)));
            }

            @Override
            public void delete(Tweet tweet) {
                Optional<Tweet> stored = store.find(tweet.id()).filter(t -> t.authorId().equals(tweet.authorId()));
                store.delete(tweet);
                stored.ifPresent(removed -> {
                    record(new TweetRemoved(removed));
                    removed.inReplyTo().flatMap(store::find).ifPresent(parent -> record(new TweetModified(parent)));
                });
            }

            @Override
            public Optional<Tweet> find(String id) {
                return store.find(id);
            }

            @Override
            public List<Tweet> findMany(List<String> ids) {
                return store.findMany(ids);
            }

            @Override
            public Slice<Tweet> byAuthor(String authorId, PageRequest page) {
                return store.byAuthor(authorId, page);
            }

            @Override
            public Slice<Tweet> repliesByAuthor(String authorId, PageRequest page) {
                return store.repliesByAuthor(authorId, page);
            }

            @Override
            public Slice<Tweet> repliesTo(String tweetId, PageRequest page) {
                return store.repliesTo(tweetId, page);
            }
        };
    }

    /** Retweets; {@code tweets} is read for the count changes each retweet makes to its tweet. */
    public RetweetStore retweets(RetweetStore store, TweetStore tweets) {
        return new RetweetStore() {
            @Override
            public boolean add(Retweet retweet) {
                boolean added = store.add(retweet);
                if (added) {
                    record(new RetweetInserted(retweet));
                    tweets.find(retweet.tweetId()).ifPresent(tweet -> record(new TweetModified(tweet)));
                }
                return added;
            }

            @Override
            public boolean remove(String tweetId, String userId) {
                Optional<Retweet> row = store.retweeters(tweetId, ALL).items().stream()
                        .filter(r -> r.userId().equals(userId)).findFirst();
                boolean removed = store.remove(tweetId, userId);
                row.ifPresent(gone -> {
                    record(new RetweetRemoved(gone));
                    tweets.find(tweetId).ifPresent(tweet -> record(new TweetModified(tweet)));
                });
                return removed;
            }

            @Override
            public void removeAll(String tweetId) {
                List<Retweet> rows = store.retweeters(tweetId, ALL).items();
                store.removeAll(tweetId);
                rows.forEach(removed -> record(new RetweetRemoved(removed)));
            }

            @Override
            public Slice<Retweet> retweeters(String tweetId, PageRequest page) {
                return store.retweeters(tweetId, page);
            }

            @Override
            public Slice<Retweet> byUser(String userId, PageRequest page) {
                return store.byUser(userId, page);
            }
        };
    }

    /** Likes: no stream of their own, but each one changes its tweet's count, which the Tweets stream carries. */
    public LikeStore likes(LikeStore store, TweetStore tweets) {
        return new LikeStore() {
            @Override
            public boolean add(Like like) {
                boolean added = store.add(like);
                if (added) {
                    tweets.find(like.tweetId()).ifPresent(tweet -> record(new TweetModified(tweet)));
                }
                return added;
            }

            @Override
            public boolean remove(String tweetId, String userId) {
                boolean held = store.likers(tweetId, ALL).items().stream().anyMatch(l -> l.userId().equals(userId));
                boolean removed = store.remove(tweetId, userId);
                if (held) {
                    tweets.find(tweetId).ifPresent(tweet -> record(new TweetModified(tweet)));
                }
                return removed;
            }

            @Override
            public Slice<Like> likers(String tweetId, PageRequest page) {
                return store.likers(tweetId, page);
            }

            @Override
            public Slice<Like> byUser(String userId, PageRequest page) {
                return store.byUser(userId, page);
            }

            @Override
            public void removeAll(String tweetId) {
                store.removeAll(tweetId);
            }
        };
    }

    public FollowStore follows(FollowStore store) {
        return new FollowStore() {
            @Override
            public boolean follow(Edge edge) {
                boolean followed = store.follow(edge);
                if (followed) {
                    record(new FollowInserted(edge));
                }
                return followed;
            }

            @Override
            public boolean unfollow(String followerId, String followeeId) {
                Optional<Edge> edge = store.following(followerId, ALL).items().stream()
                        .filter(e -> e.followeeId().equals(followeeId)).findFirst();
                boolean unfollowed = store.unfollow(followerId, followeeId);
                if (unfollowed) {
                    record(new FollowRemoved(edge.orElseThrow()));
                }
                return unfollowed;
            }

            @Override
            public Slice<Edge> following(String followerId, PageRequest page) {
                return store.following(followerId, page);
            }

            @Override
            public Slice<Edge> followers(String followeeId, PageRequest page) {
                return store.followers(followeeId, page);
            }

            @Override
            public Set<String> allFollowerIds(String followeeId) {
                return store.allFollowerIds(followeeId);
            }

            @Override
            public Set<String> allFolloweeIds(String followerId) {
                return store.allFolloweeIds(followerId);
            }
        };
    }
}
