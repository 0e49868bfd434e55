package com.scaleout.local.iam;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The execution role's policy of each function the runtime runs, registered from the template at start. A function
 * with none registered (a test's own declaration, with no template) is not checked.
 */
public final class FunctionPolicies {
    private static final Map<String, Policy> POLICIES = new ConcurrentHashMap<>();

    private FunctionPolicies() {
    }

    public static void register(String function, Policy policy) {
        POLICIES.put(function, policy);
    }

    public static void clear() {
        POLICIES.clear();
    }

    /** True when no function is checked: the interceptor then need not look for the caller. */
    static boolean none() {
        return POLICIES.isEmpty();
    }

    public static Optional<Policy> of(String function) {
        return Optional.ofNullable(POLICIES.get(function));
    }
}
