package com.scaleout.admin.seed;

import java.util.LinkedHashSet;
import java.util.Random;
import java.util.Set;

/**
 * Whom a seeded account follows: account {@code i} of {@code n} is picked with a probability falling as a power of
 * its rank, so, as on real networks, a few early accounts gather very many followers and most gather few. With
 * {@code u} uniform, {@code floor(n * u^3)} puts a fraction {@code (k/n)^(1/3)} of all follows on the first
 * {@code k} accounts: with 10,000 accounts following 10 each, the first has about 4,600 followers, the 100th
 * about 100, and the median account about 5.
 */
public final class FolloweePicker {
    static final double EXPONENT = 3.0;
    private final Random random;

    public FolloweePicker(Random random) {
        this.random = random;
    }

    /** Up to {@code count} distinct indexes in {@code [0, population)}, never {@code self}. */
    public Set<Long> pick(long self, long population, int count) {
        int wanted = (int) Math.min(count, Math.max(0, population - 1));
        var picked = new LinkedHashSet<Long>();
        int attempts = 0;
        while (picked.size() < wanted && attempts < wanted * 20) {
            attempts++;
            long index = (long) Math.floor(population * Math.pow(random.nextDouble(), EXPONENT));
            if (index != self) {
                picked.add(index);
            }
        }
        // a small population where the draws keep hitting the same few: fill up in order
        for (long index = 0; picked.size() < wanted; index++) {
            if (index != self) {
                picked.add(index);
            }
        }
        return picked;
    }
}
