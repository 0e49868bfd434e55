package com.scaleout.functions.social.http;

import com.scaleout.functions.social.application.UserStore;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A user store whose credential look-ups (one per password checked) are counted and held until {@code together}
 * of them are in flight, or {@code patience} has passed: every login that gets past the throttle is then checking
 * its password at the same moment, the widest race a throttle can meet, whatever the machine's scheduling. Every
 * other call goes straight to the store.
 */
final class HeldCredentialChecks {
    private final UserStore store;
    private final CountDownLatch arrivals;
    private final AtomicInteger checks = new AtomicInteger();

    HeldCredentialChecks(UserStore delegate, int together, Duration patience) {
        this.arrivals = new CountDownLatch(together);
        this.store = (UserStore) Proxy.newProxyInstance(UserStore.class.getClassLoader(),
                new Class<?>[] {UserStore.class}, (proxy, method, args) -> {
                    if (method.getName().equals("findCredentials")) {
                        checks.incrementAndGet();
                        arrivals.countDown();
                        arrivals.await(patience.toMillis(), TimeUnit.MILLISECONDS);
                    }
                    try {
                        return method.invoke(delegate, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    /** The store to give the session service. */
    UserStore store() {
        return store;
    }

    /** Passwords checked so far. */
    int checks() {
        return checks.get();
    }
}
