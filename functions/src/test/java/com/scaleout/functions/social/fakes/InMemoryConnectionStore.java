package com.scaleout.functions.social.fakes;

import com.scaleout.functions.social.application.ConnectionStore;
import com.scaleout.functions.social.domain.LiveConnection;
import com.scaleout.functions.social.domain.LiveSubscription;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/** The Connections table in memory: connections by id, their subscriptions by stream name; reads can be made to fail. */
public final class InMemoryConnectionStore implements ConnectionStore {
    private int everySubscriptionReads;

    /** How often every subscription was read (a presence rebuild's scan). */
    public synchronized int everySubscriptionReads() {
        return everySubscriptionReads;
    }

    private final Map<String, LiveConnection> connections = new ConcurrentHashMap<>();
    private final Map<String, Map<String, LiveSubscription>> subscriptions = new ConcurrentHashMap<>();
    private volatile boolean listenersReadable = true;
    private volatile int listenerReads;

    public void setListenersReadable(boolean readable) {
        this.listenersReadable = readable;
    }

    /** How many keys were looked up (the ByStream Queries). */
    public int listenerReads() {
        return listenerReads;
    }

    @Override
    public void putConnection(LiveConnection connection) {
        connections.put(connection.connectionId(), connection);
    }

    @Override
    public synchronized Optional<LiveConnection> connection(String connectionId) {
        return Optional.ofNullable(connections.get(connectionId)).map(c -> new LiveConnection(c.connectionId(),
                c.userId(), c.sessionId(), c.connectedAt(), subscriptions(connectionId).size()));
    }

    @Override
    public List<LiveSubscription> subscriptions(String connectionId) {
        return List.copyOf(subscriptions.getOrDefault(connectionId, Map.of()).values());
    }

    private int subscriptionWrites;

    /** How many subscriptions were offered to be stored (each a transaction in DynamoDB). */
    public synchronized int subscriptionWrites() {
        return subscriptionWrites;
    }

    @Override
    public synchronized Added putSubscription(LiveSubscription subscription, int most) {
        subscriptionWrites++;
        if (!connections.containsKey(subscription.connectionId())) {
            return Added.NO_CONNECTION;
        }
        var streams = subscriptions.computeIfAbsent(subscription.connectionId(), id -> new TreeMap<>());
        if (streams.containsKey(subscription.stream())) {
            return Added.ALREADY;
        }
        if (streams.size() >= most) {
            return Added.FULL;
        }
        streams.put(subscription.stream(), subscription);
        return Added.ADDED;
    }

    @Override
    public synchronized Optional<LiveSubscription> deleteSubscription(String connectionId, String stream) {
        return Optional.ofNullable(subscriptions.getOrDefault(connectionId, new TreeMap<>()).remove(stream));
    }

    @Override
    public synchronized List<LiveSubscription> deleteConnection(String connectionId) {
        connections.remove(connectionId);
        var removed = subscriptions.remove(connectionId);
        return removed == null ? List.of() : List.copyOf(removed.values());
    }

    @Override
    public synchronized Iterable<LiveSubscription> everySubscription() {
        everySubscriptionReads++;
        var all = new ArrayList<LiveSubscription>();
        subscriptions.values().forEach(byStream -> all.addAll(byStream.values()));
        return all;
    }

    @Override
    public synchronized List<LiveSubscription> listeners(String key) {
        listenerReads++;
        if (!listenersReadable) {
            throw new IllegalStateException("the store is unavailable");
        }
        var listening = new ArrayList<LiveSubscription>();
        subscriptions.values().forEach(byStream -> byStream.values().stream()
                .filter(s -> s.listensTo().equals(key)).forEach(listening::add));
        return listening;
    }
}
