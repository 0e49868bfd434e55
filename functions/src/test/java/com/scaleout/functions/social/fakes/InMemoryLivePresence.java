package com.scaleout.functions.social.fakes;

import com.scaleout.functions.social.application.LivePresence;
import com.scaleout.functions.social.domain.LiveStream;
import com.scaleout.functions.social.domain.LiveSubscription;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Presence in memory, as the Redis script keeps it: each key's subscriptions and the home set, known from the start
 * (as after a rebuild). It can play Redis being down, or losing everything (a flush), and counts its rebuilds.
 */
public final class InMemoryLivePresence implements LivePresence {
    private final Map<String, Map<String, LiveSubscription>> byKey = new HashMap<>();
    private final Set<String> home = new HashSet<>();
    private boolean known = true;
    private int rebuilds;
    private int homeListenerReads;
    private volatile boolean available = true;
    private volatile boolean rebuildsRefused;

    /** Another pusher holds the rebuild's lease: a rebuild asked for is refused. */
    public void refuseRebuilds() {
        this.rebuildsRefused = true;
    }

    public void setAvailable(boolean available) {
        this.available = available;
    }

    /** Redis lost everything: nothing listed, and it says it does not know. */
    public synchronized void lose() {
        byKey.clear();
        home.clear();
        known = false;
    }

    public synchronized int rebuilds() {
        return rebuilds;
    }

    /** How many subscriptions listen to each key. */
    public synchronized Map<String, Long> counts() {
        return byKey.entrySet().stream().collect(Collectors.toMap(Map.Entry::getKey, e -> (long) e.getValue().size()));
    }

    public synchronized Set<String> home() {
        return Set.copyOf(home);
    }

    @Override
    public synchronized void add(LiveSubscription subscription) {
        check();
        byKey.computeIfAbsent(subscription.listensTo(), key -> new LinkedHashMap<>()).put(field(subscription),
                subscription);
        LiveStream.homeUserOf(subscription.listensTo()).ifPresent(home::add);
    }

    @Override
    public synchronized void remove(LiveSubscription subscription) {
        check();
        var listeners = byKey.get(subscription.listensTo());
        if (listeners != null) {
            listeners.remove(field(subscription));
            if (listeners.isEmpty()) {
                byKey.remove(subscription.listensTo());
                LiveStream.homeUserOf(subscription.listensTo()).ifPresent(home::remove);
            }
        }
    }

    @Override
    public synchronized Optional<Map<String, List<LiveSubscription>>> listeners(Collection<String> keys) {
        check();
        if (!known) {
            return Optional.empty();
        }
        var listeners = new LinkedHashMap<String, List<LiveSubscription>>();
        keys.stream().filter(byKey::containsKey)
                .forEach(key -> listeners.put(key, new ArrayList<>(byKey.get(key).values())));
        return Optional.of(listeners);
    }

    @Override
    public synchronized Optional<Set<String>> homeListenersAmong(Collection<String> userIds) {
        check();
        return known ? Optional.of(userIds.stream().filter(home::contains).collect(Collectors.toSet()))
                : Optional.empty();
    }

    @Override
    public synchronized Optional<Set<String>> homeListeners(long atMost) {
        check();
        homeListenerReads++;
        return known && home.size() <= atMost ? Optional.of(Set.copyOf(home)) : Optional.empty();
    }

    /** How often the whole home set was asked for. */
    public synchronized int homeListenerReads() {
        return homeListenerReads;
    }

    @Override
    public synchronized boolean needsRebuild() {
        check();
        return !known;
    }

    @Override
    public boolean rebuild(Iterable<LiveSubscription> everySubscription) {
        check();
        if (rebuildsRefused) {
            return false;
        }
        everySubscription.forEach(this::add);
        synchronized (this) {
            known = true;
            rebuilds++;
        }
        return true;
    }

    private static String field(LiveSubscription subscription) {
        return subscription.connectionId() + " " + subscription.stream();
    }

    private void check() {
        if (!available) {
            throw new IllegalStateException("cache down");
        }
    }
}
