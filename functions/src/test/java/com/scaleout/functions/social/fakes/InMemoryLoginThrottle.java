package com.scaleout.functions.social.fakes;

import com.scaleout.functions.social.application.LoginThrottle;
import com.scaleout.functions.social.domain.Usernames;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/** Failure counts in maps, with the limits of the real throttle and a window that never ends. */
public final class InMemoryLoginThrottle implements LoginThrottle {
    private final Map<String, Integer> byUsername = new HashMap<>();
    private final Map<String, Integer> byAddress = new HashMap<>();

    @Override
    public synchronized Optional<Duration> refusedFor(String username, Optional<String> address) {
        boolean refused = byUsername.getOrDefault(Usernames.normalize(username), 0) >= PER_USERNAME
                || address.map(a -> byAddress.getOrDefault(a, 0) >= PER_ADDRESS).orElse(false);
        return refused ? Optional.of(WINDOW) : Optional.empty();
    }

    @Override
    public synchronized void failed(String username, Optional<String> address) {
        byUsername.merge(Usernames.normalize(username), 1, Integer::sum);
        address.ifPresent(a -> byAddress.merge(a, 1, Integer::sum));
    }

    @Override
    public synchronized void succeeded(String username) {
        byUsername.remove(Usernames.normalize(username));
    }
}
