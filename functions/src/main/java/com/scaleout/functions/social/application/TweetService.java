package com.scaleout.functions.social.application;

import com.scaleout.functions.shared.failure.InvalidInputException;
import com.scaleout.functions.shared.failure.NotFoundException;
import com.scaleout.functions.shared.failure.ForbiddenException;
import com.scaleout.functions.shared.failure.NotAuthenticatedException;
import com.scaleout.functions.shared.paging.Page;
import com.scaleout.functions.shared.paging.PageRequest;
import com.scaleout.functions.shared.ids.Ids;
import com.scaleout.functions.social.domain.Mention;
import com.scaleout.functions.social.domain.Times;
import com.scaleout.functions.social.domain.Tweet;
import com.scaleout.functions.social.domain.Tokens;
import com.scaleout.functions.social.domain.TweetText;
import com.scaleout.functions.social.domain.User;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Tweets, replies and retweets, and the lists that read them. */
public final class TweetService {
    private final TweetStore tweets;
    private final TweetIndexStore index;
    private final RetweetStore retweets;
    private final UserStore users;
    private final CallerStates states;
    private final Clock clock;

    public TweetService(TweetStore tweets, TweetIndexStore index, RetweetStore retweets, UserStore users,
                        CallerStates states, Clock clock) {
        this.tweets = tweets;
        this.index = index;
        this.retweets = retweets;
        this.users = users;
        this.states = states;
        this.clock = clock;
    }

    public record NewTweet(String text, String inReplyTo) {
    }

    public Tweet post(Actor actor, NewTweet request) {
        TweetText text;
        try {
            text = TweetText.of(request.text());
        } catch (TweetText.InvalidTweetText e) {
            throw InvalidInputException.field("text", e.getMessage());
        }
        Optional<String> parent = Optional.ofNullable(request.inReplyTo());
        if (parent.isPresent() && !Ids.isId(parent.get())) {
            throw new NotFoundException("The tweet being replied to does not exist");
        }
        // whom a reply answers is stored with it: usernames never change
        Optional<String> parentAuthor = parent.map(id -> tweets.find(id).orElseThrow(
                () -> new NotFoundException("The tweet being replied to does not exist")).authorUsername());
        Map<String, Mention> mentioned = users.resolveUsernames(text.mentionedUsernames());
        List<Mention> mentions = text.mentionedUsernames().stream().filter(mentioned::containsKey)
                .map(mentioned::get).toList();
        var tweet = new Tweet(Ids.newId(), actor.userId(), actorUsername(actor), text.text(),
                Times.format(clock.instant()), parent, text.hashtags(), mentions, 0, 0, parentAuthor);
        try {
            tweets.create(tweet);
        } catch (TweetStore.ParentNotFound e) {
            throw new NotFoundException("The tweet being replied to does not exist");
        } catch (AccountMissing e) {
            throw new NotAuthenticatedException("Account no longer exists");
        }
        return tweet;
    }

    private String actorUsername(Actor actor) {
        if (actor.username() != null) {
            return actor.username();
        }
        return users.findById(actor.userId()).map(User::username)
                .orElseThrow(() -> new NotAuthenticatedException("Account no longer exists"));
    }

    public Tweet get(String id) {
        if (!Ids.isId(id)) {
            throw new NotFoundException("No such tweet");
        }
        return tweets.find(id).orElseThrow(() -> new NotFoundException("No such tweet"));
    }

    public void delete(Actor actor, String id) {
        Tweet tweet = get(id);
        if (!tweet.authorId().equals(actor.userId())) {
            throw new ForbiddenException("Only its author can delete a tweet");
        }
        tweets.delete(tweet);
    }

    public Page<Tweet> recent(PageRequest page) {
        return resolve(index.recent(page), page);
    }

    public Page<Tweet> hashtag(String tag, PageRequest page) {
        String key = TweetText.hashtagKey(tag).orElseThrow(() -> InvalidInputException.field("tag",
                "must be a hashtag: up to " + Tokens.MAX_LENGTH + " letters, marks, digits and underscores with a"
                        + " letter, after an optional #"));
        return resolve(index.byHashtag(key, page), page);
    }

    public Page<Tweet> mentioning(String username, PageRequest page) {
        return resolve(index.mentioning(idOf(username), page), page);
    }

    public Page<Tweet> byUser(String username, PageRequest page) {
        return pageOf(tweets.byAuthor(idOf(username), page), page);
    }

    public Page<Tweet> repliesByUser(String username, PageRequest page) {
        return pageOf(tweets.repliesByAuthor(idOf(username), page), page);
    }

    public Page<Tweet> replies(String tweetId, PageRequest page) {
        get(tweetId);
        return pageOf(tweets.repliesTo(tweetId, page), page);
    }

    /**
     * A retweet: {@code created} when new (201), not when it already existed (200); {@code tweet} as read just before,
     * with this retweet counted when new (the count itself moves moments later: the count log's fold).
     */
    public record Retweeted(boolean created, Tweet tweet) {
    }

    public Retweeted retweet(Actor actor, String tweetId) {
        // read first: the row's transaction does not touch the tweet's item (a viral tweet's is hot)
        Tweet before = get(tweetId);
        boolean created;
        try {
            created = retweets.add(new RetweetStore.Retweet(tweetId, actor.userId(), Ids.newId(),
                    Times.format(clock.instant()), actorUsername(actor)));
        } catch (RetweetStore.TweetNotFound e) {
            throw new NotFoundException("No such tweet");
        }
        states.retweeted(actor.userId(), tweetId, true);
        return new Retweeted(created, created ? before.withRetweets(before.retweets() + 1) : before);
    }

    public void unretweet(Actor actor, String tweetId) {
        if (tweetId.trim().isEmpty()) {
            // only spaces or control characters: no id at all (any other unknown id is simply not retweeted)
            throw InvalidInputException.field("id", "is required in the path");
        }
        if (Ids.isId(tweetId)) {
            retweets.remove(tweetId, actor.userId());
            states.retweeted(actor.userId(), tweetId, false);
        }
    }

    public record Retweeters(Page<User> page, long count) {
    }

    public Retweeters retweeters(String tweetId, PageRequest page) {
        Tweet tweet = get(tweetId);
        Slice<RetweetStore.Retweet> slice = retweets.retweeters(tweetId, page);
        List<User> retweeters = users.findByIds(slice.items().stream().map(RetweetStore.Retweet::userId).toList());
        String next = slice.items().isEmpty() ? null
                : page.nextCursor(slice.items().getLast().retweetId(), slice.more());
        return new Retweeters(new Page<>(retweeters, next), tweet.retweets());
    }

    /** Whose the username is (404 for nobody's): the lists need the id only, not the profile. */
    private String idOf(String username) {
        return users.findIdByUsername(username).orElseThrow(() -> new NotFoundException("No such user"));
    }

    private static Page<Tweet> pageOf(Slice<Tweet> slice, PageRequest page) {
        String next = slice.items().isEmpty() ? null : page.nextCursor(slice.items().getLast().id(), slice.more());
        return new Page<>(slice.items(), next);
    }

    /** Index ids to tweets; the cursor follows the ids, so a tweet deleted meanwhile leaves no gap. */
    private Page<Tweet> resolve(Slice<String> ids, PageRequest page) {
        String next = ids.items().isEmpty() ? null : page.nextCursor(ids.items().getLast(), ids.more());
        return new Page<>(tweets.findMany(ids.items()), next);
    }
}
