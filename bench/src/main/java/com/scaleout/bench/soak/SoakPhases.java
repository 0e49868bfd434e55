package com.scaleout.bench.soak;

import java.time.Duration;
import java.time.Instant;

/**
 * The phases of a soak run around its Redis restart: before Redis stops; during (from the stop until
 * {@code recoveryWindow} after Redis is back: clients reconnect and caches refill); after. A 5xx after the window
 * fails the soak; during it, it is reported.
 */
public record SoakPhases(Instant redisStopped, Instant redisBack, Duration recoveryWindow) {
    public enum Phase {
        BEFORE("before the restart"), DURING("during it and its recovery window"), AFTER("after the recovery window");

        private final String label;

        Phase(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    public Instant recovered() {
        return redisBack.plus(recoveryWindow);
    }

    public Phase phaseOf(long epochMillis) {
        if (epochMillis < redisStopped.toEpochMilli()) {
            return Phase.BEFORE;
        }
        return epochMillis < recovered().toEpochMilli() ? Phase.DURING : Phase.AFTER;
    }
}
