package com.scaleout.local.lambda;

import com.scaleout.declaration.FunctionSpec;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/**
 * The account's concurrency limit, shared by every function of the runtime as in AWS: a function with reserved
 * concurrency runs at most its reservation, which is set aside for it alone; every other function draws on what the
 * reservations leave (the unreserved pool), first come, first served. An execution counts from the moment it takes
 * an environment until that environment is free again; idle environments count for nothing.
 */
public final class AccountConcurrency {
    /** Lambda's default concurrency limit per account and region. */
    public static final int DEFAULT_LIMIT = 1_000;
    /** Lambda keeps 100 executions unreserved; a smaller local limit keeps a tenth of itself. */
    private static final int UNRESERVED_MINIMUM = 100;

    private final int limit;
    private final Map<String, Integer> reservations;
    private final int unreserved;
    private final Map<String, Integer> running = new HashMap<>();
    private int unreservedRunning;

    private AccountConcurrency(int limit, Map<String, Integer> reservations) {
        this.limit = limit;
        this.reservations = Map.copyOf(reservations);
        this.unreserved = limit - reservations.values().stream().mapToInt(Integer::intValue).sum();
    }

    /**
     * The limit shared by {@code functions}; fails, as Lambda refuses such a reservation, when their reservations
     * leave less than the minimum unreserved.
     */
    public static AccountConcurrency of(int limit, Collection<FunctionSpec> functions) {
        if (limit < 1) {
            throw new IllegalArgumentException("the account concurrency limit must be at least 1, was " + limit);
        }
        var reservations = new HashMap<String, Integer>();
        functions.forEach(f -> f.reservedConcurrency().ifPresent(r -> reservations.put(f.name(), r)));
        var account = new AccountConcurrency(limit, reservations);
        int minimum = Math.min(UNRESERVED_MINIMUM, limit / 10);
        if (account.unreserved < minimum) {
            throw new IllegalArgumentException("reserved concurrency " + reservations + " leaves " + account.unreserved
                    + " of the account limit of " + limit + " unreserved; at least " + minimum + " must stay "
                    + "unreserved (raise SCALEOUT_ACCOUNT_CONCURRENCY)");
        }
        return account;
    }

    /** Takes one execution for {@code function}; false when its reservation or the unreserved pool is all in use. */
    public synchronized boolean tryStart(String function) {
        Integer reservation = reservations.get(function);
        int mine = running.getOrDefault(function, 0);
        if (reservation != null) {
            if (mine >= reservation) {
                return false;
            }
        } else if (unreservedRunning >= unreserved) {
            return false;
        } else {
            unreservedRunning++;
        }
        running.put(function, mine + 1);
        return true;
    }

    /** Gives back an execution {@link #tryStart} took. */
    public synchronized void finish(String function) {
        int mine = running.getOrDefault(function, 0);
        if (mine <= 0) {
            throw new IllegalStateException(function + " finished more executions than it started");
        }
        running.put(function, mine - 1);
        if (!reservations.containsKey(function)) {
            unreservedRunning--;
        }
    }

    public synchronized int running(String function) {
        return running.getOrDefault(function, 0);
    }

    /** The limit that throttles {@code function}, as a throttle's message names it. */
    public String limitOf(String function) {
        Integer reservation = reservations.get(function);
        return reservation != null ? "reserved concurrency of " + reservation
                : "account concurrency limit of " + limit + " (" + unreserved + " unreserved)";
    }
}
