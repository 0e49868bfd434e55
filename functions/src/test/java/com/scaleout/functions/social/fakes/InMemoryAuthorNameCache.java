package com.scaleout.functions.social.fakes;

import com.scaleout.functions.social.application.AuthorNameCache;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/**
 * Display names in memory, filled only where missing and replaced on an edit, as Redis does it. It can be flushed,
 * and switched off to play Redis being down (then every call fails).
 */
public final class InMemoryAuthorNameCache implements AuthorNameCache {
    private final Map<String, String> names = new HashMap<>();
    private volatile boolean available = true;

    public void setAvailable(boolean available) {
        this.available = available;
    }

    public synchronized void flush() {
        names.clear();
    }

    @Override
    public synchronized Map<String, String> get(Collection<String> userIds) {
        checkAvailable();
        var found = new HashMap<String, String>();
        userIds.stream().filter(names::containsKey).forEach(id -> found.put(id, names.get(id)));
        return found;
    }

    @Override
    public synchronized void fill(Map<String, String> namesByUserId) {
        checkAvailable();
        namesByUserId.forEach(names::putIfAbsent);
    }

    @Override
    public synchronized void replace(String userId, String displayName) {
        checkAvailable();
        names.put(userId, displayName);
    }

    private void checkAvailable() {
        if (!available) {
            throw new IllegalStateException("author name cache is down");
        }
    }
}
