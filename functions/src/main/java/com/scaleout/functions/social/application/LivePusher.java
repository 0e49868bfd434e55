package com.scaleout.functions.social.application;

import com.scaleout.declaration.OperatorMetricNames;
import com.scaleout.functions.shared.aws.ConcurrentCalls;
import com.scaleout.functions.shared.logging.ThrottledLogs;
import com.scaleout.functions.shared.metrics.OperatorMetrics;
import com.scaleout.functions.social.domain.LiveMessage;
import com.scaleout.functions.social.domain.LiveStream;
import com.scaleout.functions.social.domain.LiveSubscription;
import com.scaleout.functions.social.domain.Mention;
import com.scaleout.functions.social.domain.SearchTerms;
import com.scaleout.functions.social.domain.Tweet;
import com.scaleout.functions.social.views.LiveJson;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Pushes a stream batch's new and deleted tweets to the live connections listening for them, on the kinds of stream
 * this pusher serves (the fanout: home, mentions, public; the search indexer: hashtag, search). For the whole batch:
 * each tweet's candidate keys, those with listeners (presence: one round trip; every candidate when it cannot be
 * read), each kept key's listeners (Queries at once), one message per tweet and stream, posted at most once to each
 * connection, {@value #POSTS_IN_FLIGHT} posts at once. A gone connection's items are removed.
 *
 * <p>Best effort by design: the timelines and the index are the source of truth and a client reconciles by reading
 * them when it reconnects, so a failed look-up or post is logged and counted ({@code LivePushFailures}), never
 * failing the stream batch (whose retry would redo the timeline writes for a push).
 */
public final class LivePusher {
    static final int POSTS_IN_FLIGHT = 32;
    private static final Logger LOG = Logger.getLogger(LivePusher.class.getName());
    private static final org.apache.logging.log4j.Logger CACHE_DOWN = ThrottledLogs.cacheDown();

    private final Set<LiveStream.Kind> kinds;
    private final ConnectionStore store;
    private final LivePresence presence;
    private final ConnectionPoster poster;
    private final AuthorNames authorNames;
    private final Function<String, Set<String>> followersOf;
    private final ConcurrentCalls calls;

    /**
     * @param followersOf an author's followers, whose home streams a tweet reaches (read only for {@code HOME})
     */
    public LivePusher(Set<LiveStream.Kind> kinds, ConnectionStore store, LivePresence presence,
                      ConnectionPoster poster, AuthorNames authorNames, Function<String, Set<String>> followersOf) {
        this.kinds = Set.copyOf(kinds);
        this.store = store;
        this.presence = presence;
        this.poster = poster;
        this.authorNames = authorNames;
        this.followersOf = followersOf;
        this.calls = new ConcurrentCalls("live-push", POSTS_IN_FLIGHT);
    }

    /** One message to one connection. */
    private record Delivery(String connectionId, String message) {
    }

    private enum Result { DELIVERED, GONE, FAILED }

    /** Pushes {@code tweet} messages for the created tweets and {@code delete} messages for the deleted ones. */
    public void push(List<Tweet> created, List<Tweet> deleted) {
        if (created.isEmpty() && deleted.isEmpty()) {
            return;
        }
        int failures = 0;
        try {
            var candidates = new LinkedHashMap<Tweet, Set<String>>();
            created.forEach(tweet -> candidates.put(tweet, candidateKeys(tweet)));
            deleted.forEach(tweet -> candidates.put(tweet, candidateKeys(tweet)));
            var allKeys = new LinkedHashSet<String>();
            candidates.values().forEach(allKeys::addAll);
            var listeners = new HashMap<String, List<LiveSubscription>>();
            failures += readListeners(listened(allKeys), listeners);
            var names = new AuthorsOf(created);
            var deliveries = new ArrayList<Delivery>();
            created.forEach(tweet -> deliveries.addAll(deliveries(tweet, candidates.get(tweet), listeners,
                    Optional.of(names))));
            deleted.forEach(tweet -> deliveries.addAll(deliveries(tweet, candidates.get(tweet), listeners,
                    Optional.empty())));
            failures += post(deliveries);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "live push of the batch failed", e);
            failures++;
        }
        if (failures > 0) {
            OperatorMetrics.count(OperatorMetricNames.LIVE_PUSH_FAILURES, failures);
        }
    }

    /**
     * The display names of the batch's authors, read once and only when a tweet has a listener: most batches have
     * none, and would pay a cache read (a Users read on a miss) for nothing. Without them (their cache and table
     * unreadable) the tweets show usernames.
     */
    private final class AuthorsOf {
        private final List<Tweet> tweets;
        private Map<String, String> names;

        AuthorsOf(List<Tweet> tweets) {
            this.tweets = tweets;
        }

        Map<String, String> names() {
            if (names == null) {
                try {
                    names = authorNames.of(tweets);
                } catch (RuntimeException e) {
                    LOG.log(Level.WARNING, "authors' names not read; the pushed tweets show their usernames", e);
                    names = Map.of();
                }
            }
            return names;
        }
    }

    /** The keys of the streams of this pusher's kinds that the tweet is in. */
    Set<String> candidateKeys(Tweet tweet) {
        var keys = new LinkedHashSet<String>();
        if (kinds.contains(LiveStream.Kind.HOME)) {
            keys.addAll(homeKeys(tweet));
        }
        if (kinds.contains(LiveStream.Kind.MENTIONS)) {
            tweet.mentions().forEach(m -> keys.add(LiveStream.mentionsKey(m.userId())));
        }
        if (kinds.contains(LiveStream.Kind.PUBLIC)) {
            keys.add(LiveStream.PUBLIC_KEY);
        }
        if (kinds.contains(LiveStream.Kind.HASHTAG)) {
            keys.addAll(LiveStream.hashtagKeysOf(tweet.hashtags()));
        }
        if (kinds.contains(LiveStream.Kind.SEARCH)) {
            keys.addAll(LiveStream.searchKeysOf(SearchTerms.of(tweet.text())));
        }
        return keys;
    }

    /**
     * A home timeline shows its user's own tweets, their followees' and those that mention them: of those users, the
     * ones listening to their home stream (all of them when presence cannot say).
     */
    private Set<String> homeKeys(Tweet tweet) {
        var users = new HashSet<String>();
        users.add(tweet.authorId());
        tweet.mentions().stream().map(Mention::userId).forEach(users::add);
        users.addAll(followersOf.apply(tweet.authorId()));
        Set<String> listening;
        try {
            listening = presence.homeListenersAmong(users);
        } catch (RuntimeException cacheDown) {
            CACHE_DOWN.warn("live presence unavailable; looking up every follower's home stream", cacheDown);
            listening = users;
        }
        var keys = new LinkedHashSet<String>();
        listening.forEach(user -> keys.add(LiveStream.homeKey(user)));
        return keys;
    }

    private Set<String> listened(Collection<String> keys) {
        if (keys.isEmpty()) {
            return Set.of();
        }
        try {
            return presence.listened(keys);
        } catch (RuntimeException cacheDown) {
            CACHE_DOWN.warn("live presence unavailable; looking up every candidate stream", cacheDown);
            return new LinkedHashSet<>(keys);
        }
    }

    /** Each key's listeners into {@code listeners}, read at once; how many reads failed. */
    private int readListeners(Set<String> keys, Map<String, List<LiveSubscription>> listeners) {
        var ordered = List.copyOf(keys);
        var reads = new ArrayList<Callable<List<LiveSubscription>>>();
        ordered.forEach(key -> reads.add(() -> {
            try {
                return store.listeners(key);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "listeners of " + key + " not read; not pushed to", e);
                return null;
            }
        }));
        int failures = 0;
        var results = calls.all(reads);
        for (int i = 0; i < ordered.size(); i++) {
            if (results.get(i) == null) {
                failures++;
            } else {
                listeners.put(ordered.get(i), results.get(i));
            }
        }
        return failures;
    }

    /**
     * The tweet's message to each connection listening for it, once per connection and stream: a new tweet's (shown
     * with its author's {@code names}), else its deletion's.
     */
    private List<Delivery> deliveries(Tweet tweet, Set<String> keys, Map<String, List<LiveSubscription>> listeners,
                                      Optional<AuthorsOf> names) {
        boolean created = names.isPresent();
        List<String> terms = created ? SearchTerms.of(tweet.text()) : List.of();
        var messages = new HashMap<String, String>(); // by stream: one text per (tweet, stream)
        var sent = new HashSet<String>();
        var deliveries = new ArrayList<Delivery>();
        for (String key : keys) {
            for (LiveSubscription subscription : listeners.getOrDefault(key, List.of())) {
                // a deletion goes to every search that may have shown the tweet: the client drops what it has not
                if ((created && !subscription.wants(terms))
                        || !sent.add(subscription.connectionId() + " " + subscription.stream())) {
                    continue;
                }
                String text = messages.computeIfAbsent(subscription.stream(), stream -> created
                        ? LiveJson.encode(new LiveMessage.TweetPosted(stream, tweet), names.get().names())
                        : LiveJson.encode(new LiveMessage.TweetDeleted(stream, tweet.id())));
                deliveries.add(new Delivery(subscription.connectionId(), text));
            }
        }
        return deliveries;
    }

    /** Posts every delivery, {@value #POSTS_IN_FLIGHT} at once; removes the gone connections; how many failed. */
    private int post(List<Delivery> deliveries) {
        if (deliveries.isEmpty()) {
            return 0;
        }
        var posts = new ArrayList<Callable<Result>>();
        deliveries.forEach(delivery -> posts.add(() -> post(delivery)));
        var results = calls.all(posts);
        var gone = new LinkedHashSet<String>();
        int delivered = 0;
        int failures = 0;
        for (int i = 0; i < deliveries.size(); i++) {
            switch (results.get(i)) {
                case DELIVERED -> delivered++;
                case GONE -> gone.add(deliveries.get(i).connectionId());
                case FAILED -> failures++;
            }
        }
        OperatorMetrics.count(OperatorMetricNames.LIVE_PUSHES, delivered);
        for (String connectionId : gone) {
            try {
                LiveService.forget(store, presence, connectionId);
            } catch (RuntimeException e) {
                // its items expire with it (TTL); until then its keys cost a look-up and a 410
                LOG.log(Level.WARNING, "gone connection " + connectionId + " not removed", e);
                failures++;
            }
        }
        return failures;
    }

    private Result post(Delivery delivery) {
        try {
            return poster.post(delivery.connectionId(), delivery.message()) == ConnectionPoster.Outcome.GONE
                    ? Result.GONE : Result.DELIVERED;
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "post to connection " + delivery.connectionId() + " failed", e);
            return Result.FAILED;
        }
    }
}
