package com.scaleout.functions.social.application;

import java.util.Collection;
import java.util.Set;

/**
 * Which stream keys have listeners right now (Redis): a count per key, and the users listening to their home
 * timeline. An optimization only: a pusher that cannot read it looks every candidate key up in the store.
 */
public interface LivePresence {
    /** One more (or, negative, fewer) subscriptions listen to the key; a count that reaches 0 is removed. */
    void adjust(String key, int delta);

    /** The keys among these that someone listens to. */
    Set<String> listened(Collection<String> keys);

    /** The users among these with a {@code home} subscription. */
    Set<String> homeListenersAmong(Collection<String> userIds);
}
