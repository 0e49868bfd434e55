package com.scaleout.functions.shared.idempotency;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/** The IdempotencyKeys table's semantics in memory (DynamoIdempotencyStoreIT holds the real one to the same). */
final class InMemoryIdempotencyStore implements IdempotencyStore {
    record Held(String fingerprint, String attempt, Instant lockedUntil, Instant expiresAt, byte[] response,
                Instant firstRun, boolean open) {
    }

    final Map<String, Held> records = new HashMap<>();
    /** How many of the next releases fail as a busy table fails them. */
    int reopenFailures;

    @Override
    public synchronized Claim claim(String id, String fingerprint, String attempt, Instant lockedUntil,
                                    Instant expiresAt, Instant now) {
        Held held = records.get(id);
        if (held == null || held.expiresAt().isBefore(now)) {
            records.put(id, new Held(fingerprint, attempt, lockedUntil, expiresAt, null, now, false));
            return new Claimed(now);
        }
        boolean free = held.open() || (held.response() == null && held.lockedUntil().isBefore(now));
        if (free && held.fingerprint().equals(fingerprint)) {
            records.put(id, new Held(fingerprint, attempt, lockedUntil, held.expiresAt(), null, held.firstRun(),
                    false));
            return new Claimed(held.firstRun());
        }
        if (held.attempt().equals(attempt)) {
            return new Claimed(held.firstRun());
        }
        if (!held.fingerprint().equals(fingerprint)) {
            return new OtherRequest();
        }
        return held.response() != null ? new Done(held.response()) : new Running();
    }

    @Override
    public synchronized boolean complete(String id, String attempt, byte[] sealedResponse) {
        Held held = records.get(id);
        if (held == null || !held.attempt().equals(attempt)) {
            return false;
        }
        records.put(id, new Held(held.fingerprint(), attempt, null, held.expiresAt(), sealedResponse,
                held.firstRun(), false));
        return true;
    }

    @Override
    public synchronized void reopen(String id, String attempt) {
        if (reopenFailures > 0) {
            reopenFailures--;
            throw software.amazon.awssdk.core.exception.SdkClientException.create("the table is busy (a test's fault)");
        }
        Held held = records.get(id);
        if (held != null && held.attempt().equals(attempt)) {
            records.put(id, new Held(held.fingerprint(), attempt, null, held.expiresAt(), null, held.firstRun(),
                    true));
        }
    }
}
