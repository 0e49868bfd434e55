package com.scaleout.functions.shared.retry;

import java.security.SecureRandom;

/**
 * The random part of a retry's wait. Drawn from {@link SecureRandom}, not {@code Random} or
 * {@code ThreadLocalRandom}: under SnapStart every environment restored from one snapshot resumes with the generator
 * state it held at the checkpoint, so their jitter would repeat in step and their retries would collide again.
 * Linux's default SecureRandom (NativePRNG) mixes fresh bytes of the kernel's generator, reseeded on restore, into
 * every draw.
 */
public final class Jitter {
    private static final SecureRandom RANDOM = new SecureRandom();

    private Jitter() {
    }

    /** A wait from {@code origin} (inclusive) to {@code bound} (exclusive), in whatever unit the caller counts. */
    public static long between(long origin, long bound) {
        return RANDOM.nextLong(origin, bound);
    }
}
