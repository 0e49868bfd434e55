package com.scaleout.functions.social.application;

import com.scaleout.functions.social.domain.LiveSubscription;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Who listens to which stream key right now, kept in Redis beside the store so that a pusher finds a tweet's
 * listeners in one round trip instead of a store Query per key: each key's subscriptions, and the users listening to
 * their home timeline. Redis may lose it (a flush, a new node): it is then rebuilt from the store, and until then
 * says it does not know, so that the pushers read the store.
 */
public interface LivePresence {
    /** The subscription listens now. */
    void add(LiveSubscription subscription);

    /** The subscription no longer listens. */
    void remove(LiveSubscription subscription);

    /** Each of these keys' listeners (keys without any are left out); empty when presence does not know. */
    Optional<Map<String, List<LiveSubscription>>> listeners(Collection<String> keys);

    /** The users among these with a {@code home} subscription; empty when presence does not know. */
    Optional<Set<String>> homeListenersAmong(Collection<String> userIds);

    /**
     * Every user with a {@code home} subscription, when there are at most {@code atMost} of them (a celebrity's
     * followers are then found among them); empty when there are more, or presence does not know.
     */
    Optional<Set<String>> homeListeners(long atMost);

    /** Whether presence was lost, or built so long ago that what it may have missed should be added again. */
    boolean needsRebuild();

    /**
     * Adds every subscription of the store, then says presence knows again; false, with nothing done, when another
     * caller is rebuilding it now.
     */
    boolean rebuild(Iterable<LiveSubscription> everySubscription);
}
