package com.scaleout.functions.social.application;

import com.scaleout.functions.social.domain.LiveConnection;
import com.scaleout.functions.social.domain.LiveSubscription;
import java.util.List;
import java.util.Optional;

/** The live connections and what each listens to (DynamoDB: the Connections table and its ByStream index). */
public interface ConnectionStore {
    /** What became of a subscription to store. */
    enum Added {
        /** Stored, and counted on its connection. */
        ADDED,
        /** The connection had it already: nothing changed. */
        ALREADY,
        /** The connection has as many subscriptions as it may: nothing changed. */
        FULL,
        /** The connection is not (or no longer) stored: nothing changed. */
        NO_CONNECTION
    }

    void putConnection(LiveConnection connection);

    Optional<LiveConnection> connection(String connectionId);

    /** The connection's subscriptions (not the connection itself). */
    List<LiveSubscription> subscriptions(String connectionId);

    /**
     * Stores a subscription unless its connection has it or already has {@code most}: the count and the item change
     * together, so that connections subscribing at once never pass the limit between them.
     */
    Added putSubscription(LiveSubscription subscription, int most);

    /** Removes a subscription (and takes it off its connection's count); the one removed, if the connection had it. */
    Optional<LiveSubscription> deleteSubscription(String connectionId, String stream);

    /** Removes the connection and all its subscriptions; the subscriptions removed. */
    List<LiveSubscription> deleteConnection(String connectionId);

    /** Every subscription listening to the key, however many pages that takes. */
    List<LiveSubscription> listeners(String key);

    /** Every subscription stored, read page by page as it is iterated (to rebuild {@link LivePresence}). */
    Iterable<LiveSubscription> everySubscription();
}
