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
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Pushes a stream batch's new and deleted tweets to the live connections listening for them, on the kinds of stream
 * this pusher serves (the fanout: home, mentions, public; the search indexer: hashtag, search). For the whole batch:
 * each tweet's candidate keys, their listeners (presence: one round trip; the store's, a Query per key at once, when
 * presence was lost or cannot be read), one message per tweet and stream, posted at most once to each connection,
 * {@value #POSTS_IN_FLIGHT} posts at once. A gone connection's items are removed. Presence lost is rebuilt from the
 * store after the batch's pushes.
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
    private final AuthorFollowers followers;
    private final ConcurrentCalls calls;
    /** Followers up to which an author's whole follower set is read to find its home listeners. */
    private final int followersReadWhole;
    /** Whether this batch rebuilt presence, or tried to: once a batch (a rebuild reads every connection). */
    private boolean rebuiltInBatch;

    /**
     * @param followers          an author's followers, whose home streams a tweet reaches (asked only for {@code HOME})
     * @param followersReadWhole followers up to which they are read whole to find the home listeners: the fanout's
     *                           own limit ({@code FANOUT_MAX_FOLLOWERS}), above which an author is a celebrity
     */
    public LivePusher(Set<LiveStream.Kind> kinds, ConnectionStore store, LivePresence presence,
                      ConnectionPoster poster, AuthorNames authorNames, AuthorFollowers followers,
                      int followersReadWhole) {
        this.kinds = Set.copyOf(kinds);
        this.store = store;
        this.presence = presence;
        this.poster = poster;
        this.authorNames = authorNames;
        this.followers = followers;
        this.calls = new ConcurrentCalls("live-push", POSTS_IN_FLIGHT);
        this.followersReadWhole = followersReadWhole;
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
        rebuiltInBatch = false;
        try {
            var candidates = new LinkedHashMap<Tweet, Set<String>>();
            created.forEach(tweet -> candidates.put(tweet, candidateKeys(tweet)));
            deleted.forEach(tweet -> candidates.put(tweet, candidateKeys(tweet)));
            var allKeys = new LinkedHashSet<String>();
            candidates.values().forEach(allKeys::addAll);
            var listeners = new HashMap<String, List<LiveSubscription>>();
            failures += readListeners(allKeys, listeners);
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
        rebuildPresenceIfDue();
    }

    /** After a loss of presence, or when it is old (see {@link LivePresence#needsRebuild}): from the store. */
    private void rebuildPresenceIfDue() {
        if (rebuiltInBatch) {
            return;
        }
        try {
            if (presence.needsRebuild() && presence.rebuild(store.everySubscription())) {
                LOG.info("live presence rebuilt from the store");
            }
        } catch (RuntimeException e) {
            CACHE_DOWN.warn("live presence not rebuilt; the pushers read the store until it is", e);
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
        var named = new HashSet<String>();
        named.add(tweet.authorId());
        tweet.mentions().stream().map(Mention::userId).forEach(named::add);
        Set<String> listening;
        try {
            listening = homeListeners(tweet.authorId(), named);
        } catch (RuntimeException cacheDown) {
            CACHE_DOWN.warn("live presence unavailable; looking up every follower's home stream", cacheDown);
            listening = everyoneWhenPresenceCannotSay(tweet.authorId(), named);
        }
        var keys = new LinkedHashSet<String>();
        listening.forEach(user -> keys.add(LiveStream.homeKey(user)));
        return keys;
    }

    /**
     * The named users and the author's followers who listen to their home stream. Of an author with more than
     * {@code followersReadWhole} followers (a celebrity), and more followers than there are home listeners at all, the
     * listeners are read and asked whether they follow (a celebrity's million followers are never read for the
     * ten thousand online); else the followers are read and asked whether they listen. When presence cannot say
     * (the cache was emptied: restarted, failed over), a celebrity's listeners are found by rebuilding it from the
     * store first, once, as the batch would after its pushes: its followers are too many to look up one by one.
     */
    private Set<String> homeListeners(String authorId, Set<String> named) {
        long followerCount = followers.count(authorId);
        if (followerCount <= followersReadWhole) {
            var users = new HashSet<>(named);
            users.addAll(followers.all(authorId));
            return presence.homeListenersAmong(users).orElseGet(() -> users);
        }
        var known = celebrityListeners(authorId, named, followerCount);
        if (known.isEmpty() && rebuildPresenceNow()) {
            known = celebrityListeners(authorId, named, followerCount);
        }
        return known.orElseGet(() -> everyoneWhenPresenceCannotSay(authorId, named));
    }

    /** A celebrity's home listeners (and the named users'), or empty when presence cannot say. */
    private Optional<Set<String>> celebrityListeners(String authorId, Set<String> named, long followerCount) {
        var everyone = presence.homeListeners(followerCount);
        if (everyone.isPresent()) {
            var listening = new HashSet<>(followers.among(authorId, everyone.get()));
            named.stream().filter(everyone.get()::contains).forEach(listening::add);
            return Optional.of(listening);
        }
        var namedListening = presence.homeListenersAmong(named);
        if (namedListening.isEmpty()) {
            return Optional.empty();
        }
        // more users listen than follow: the followers, read whole, are asked whether they listen
        var listening = new HashSet<>(namedListening.get());
        presence.homeListenersAmong(followers.all(authorId)).ifPresent(listening::addAll);
        return Optional.of(listening);
    }

    /**
     * Presence rebuilt from the store now; false when another pusher is rebuilding it, the cache is down, or this
     * batch tried already.
     */
    private boolean rebuildPresenceNow() {
        if (rebuiltInBatch) {
            return false;
        }
        rebuiltInBatch = true;
        try {
            return presence.rebuild(store.everySubscription());
        } catch (RuntimeException cacheDown) {
            CACHE_DOWN.warn("live presence not rebuilt for a celebrity's listeners", cacheDown);
            return false;
        }
    }

    /**
     * Whose home streams to look up in the store when presence cannot say who listens: the named users and the
     * followers, unless there are more than {@code followersReadWhole} of them, whose million Queries would
     * outlast the batch and the table's capacity; their home streams then miss this tweet (its pushes are best
     * effort; the timelines have it).
     */
    private Set<String> everyoneWhenPresenceCannotSay(String authorId, Set<String> named) {
        var users = new HashSet<>(named);
        if (followers.count(authorId) <= followersReadWhole) {
            users.addAll(followers.all(authorId));
        } else {
            CACHE_DOWN.warn("live presence cannot say who listens; {}'s followers' home streams are not pushed to",
                    authorId);
        }
        return users;
    }

    /**
     * Each key's listeners into {@code listeners}: from presence, one round trip; from the store (a Query per key, at
     * once) when presence does not know or cannot be read. How many reads failed.
     */
    private int readListeners(Set<String> keys, Map<String, List<LiveSubscription>> listeners) {
        if (keys.isEmpty()) {
            return 0;
        }
        try {
            var known = presence.listeners(keys);
            if (known.isPresent()) {
                listeners.putAll(known.get());
                return 0;
            }
        } catch (RuntimeException cacheDown) {
            CACHE_DOWN.warn("live presence unavailable; looking up every candidate stream", cacheDown);
        }
        return readStoredListeners(keys, listeners);
    }

    /** Each key's listeners from the store into {@code listeners}, read at once; how many reads failed. */
    private int readStoredListeners(Set<String> keys, Map<String, List<LiveSubscription>> listeners) {
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
