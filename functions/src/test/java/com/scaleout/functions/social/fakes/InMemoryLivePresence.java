package com.scaleout.functions.social.fakes;

import com.scaleout.functions.social.application.LivePresence;
import com.scaleout.functions.social.domain.LiveStream;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** Presence counts and the home set in memory, as the Redis script keeps them; it can play Redis being down. */
public final class InMemoryLivePresence implements LivePresence {
    private final Map<String, Long> counts = new HashMap<>();
    private final Set<String> home = new HashSet<>();
    private volatile boolean available = true;

    public void setAvailable(boolean available) {
        this.available = available;
    }

    public synchronized Map<String, Long> counts() {
        return Map.copyOf(counts);
    }

    public synchronized Set<String> home() {
        return Set.copyOf(home);
    }

    @Override
    public synchronized void adjust(String key, int delta) {
        check();
        long count = counts.merge(key, (long) delta, Long::sum);
        var user = LiveStream.homeUserOf(key);
        if (count <= 0) {
            counts.remove(key);
            user.ifPresent(home::remove);
        } else {
            user.ifPresent(home::add);
        }
    }

    @Override
    public synchronized Set<String> listened(Collection<String> keys) {
        check();
        return keys.stream().filter(counts::containsKey).collect(Collectors.toSet());
    }

    @Override
    public synchronized Set<String> homeListenersAmong(Collection<String> userIds) {
        check();
        return userIds.stream().filter(home::contains).collect(Collectors.toSet());
    }

    private void check() {
        if (!available) {
            throw new IllegalStateException("cache down");
        }
    }
}
