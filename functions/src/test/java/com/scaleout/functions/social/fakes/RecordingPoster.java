package com.scaleout.functions.social.fakes;

import com.scaleout.functions.social.application.ConnectionPoster;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The management API as the pushers see it: keeps what each connection was sent; a connection marked gone answers
 * 410 (GONE), one marked failing throws, as a throttled or unreachable endpoint would.
 */
public final class RecordingPoster implements ConnectionPoster {
    public record Post(String connectionId, String message) {
    }

    private final List<Post> posts = new ArrayList<>();
    private final Set<String> gone = ConcurrentHashMap.newKeySet();
    private final Set<String> failing = ConcurrentHashMap.newKeySet();

    public void gone(String connectionId) {
        gone.add(connectionId);
    }

    public void failing(String connectionId) {
        failing.add(connectionId);
    }

    public synchronized List<Post> posts() {
        return List.copyOf(posts);
    }

    public synchronized List<String> sentTo(String connectionId) {
        return posts.stream().filter(p -> p.connectionId().equals(connectionId)).map(Post::message).toList();
    }

    @Override
    public Outcome post(String connectionId, String message) {
        if (gone.contains(connectionId)) {
            return Outcome.GONE;
        }
        if (failing.contains(connectionId)) {
            throw new IllegalStateException("TooManyRequestsException");
        }
        synchronized (this) {
            posts.add(new Post(connectionId, message));
        }
        return Outcome.DELIVERED;
    }
}
