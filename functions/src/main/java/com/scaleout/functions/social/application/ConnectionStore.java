package com.scaleout.functions.social.application;

import com.scaleout.functions.social.domain.LiveConnection;
import com.scaleout.functions.social.domain.LiveSubscription;
import java.util.List;
import java.util.Optional;

/** The live connections and what each listens to (DynamoDB: the Connections table and its ByStream index). */
public interface ConnectionStore {
    void putConnection(LiveConnection connection);

    Optional<LiveConnection> connection(String connectionId);

    /** The connection's subscriptions (not the connection itself). */
    List<LiveSubscription> subscriptions(String connectionId);

    /** Stores a subscription; false when the connection already had it (nothing changed). */
    boolean putSubscription(LiveSubscription subscription);

    /** Removes a subscription; the one removed, if the connection had it. */
    Optional<LiveSubscription> deleteSubscription(String connectionId, String stream);

    /** Removes the connection and all its subscriptions; the subscriptions removed. */
    List<LiveSubscription> deleteConnection(String connectionId);

    /** Every subscription listening to the key, however many pages that takes. */
    List<LiveSubscription> listeners(String key);
}
