package com.scaleout.functions.social.fakes;

import com.scaleout.functions.social.application.LoginThrottle;
import com.scaleout.functions.social.domain.Usernames;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/** Attempt counts in maps, with the limits and the admission of the real throttle and a window that never ends. */
public final class InMemoryLoginThrottle implements LoginThrottle {
    private final Map<String, Integer> byUsername = new HashMap<>();
    private final Map<String, Integer> byAddress = new HashMap<>();

    @Override
    public synchronized Admission admit(String username, Optional<String> address) {
        String user = Usernames.normalize(username);
        if (byUsername.merge(user, 1, Integer::sum) > PER_USERNAME) {
            return new Admission(Optional.of(WINDOW), Optional.empty());
        }
        boolean addressPast = address.isPresent() && byAddress.merge(address.get(), 1, Integer::sum) > PER_ADDRESS;
        return new Admission(Optional.empty(), addressPast ? Optional.of(WINDOW) : Optional.empty());
    }

    @Override
    public synchronized void succeeded(String username, Optional<String> address) {
        byUsername.remove(Usernames.normalize(username));
        address.ifPresent(a -> byAddress.merge(a, -1, Integer::sum));
    }
}
