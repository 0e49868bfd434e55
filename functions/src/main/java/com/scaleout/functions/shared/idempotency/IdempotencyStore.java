package com.scaleout.functions.shared.idempotency;

import java.time.Instant;

/** Where keys and their responses are kept: one record per caller and key. */
public interface IdempotencyStore {

    /** What a claim of a key found. */
    sealed interface Claim {
    }

    /**
     * The key is this request's to run: new, given back by a run that answered "retry", its earlier holder's time
     * ran out, or it was this attempt's already. {@code firstRun}: when the key was first claimed, which every run
     * under it keeps (its ids' time).
     */
    record Claimed(Instant firstRun) implements Claim {
    }

    /** The same request ran to its end before: its response, sealed. */
    record Done(byte[] sealedResponse) implements Claim {
    }

    /** The same request is running now. */
    record Running() implements Claim {
    }

    /** The key was sent with another request. */
    record OtherRequest() implements Claim {
    }

    /**
     * Claims the key for this attempt until {@code lockedUntil} (after which a retry may take it over: the attempt
     * that held it has run out of time), remembering it until {@code expiresAt}.
     */
    Claim claim(String id, String fingerprint, String attempt, Instant lockedUntil, Instant expiresAt, Instant now);

    /** Keeps the response of the attempt that holds the key; false when another attempt has taken it over. */
    boolean complete(String id, String attempt, byte[] sealedResponse);

    /**
     * Gives the key back for the request to run again (it answered "retry", or its answer is too large to keep), its
     * first run's time kept; nothing if another attempt holds it.
     */
    void reopen(String id, String attempt);
}
