package com.scaleout.functions.testing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A UTC clock a test moves forward: caches, TTLs and deadlines without sleeping. */
public final class SettableClock extends Clock {
    private Instant now;

    public SettableClock(Instant start) {
        this.now = start;
    }

    public synchronized void advance(Duration by) {
        now = now.plus(by);
    }

    @Override
    public synchronized Instant instant() {
        return now;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException("the functions keep UTC");
    }
}
