package com.scaleout.admin.application;

import java.util.Map;

/** How far behind its stream each consumer is, as the platform measures it (Lambda's iterator age). */
public interface ConsumerLag {
    /** Every stream consumer, by name: its latest lag, or {@link Lag#NOT_REPORTED} when none was reported lately. */
    Map<String, Lag> lags();

    /**
     * @param lagMs how far behind the stream the consumer's batches were: delivery time minus the newest record's
     *              creation time, the largest in the latest reported minute; null when nothing was reported lately
     * @param at    the start of that minute, ISO-8601; null with {@code lagMs}
     */
    record Lag(Long lagMs, String at) {
        /** A consumer that delivered no batch lately (or ever): unknown, not zero, lag. */
        public static final Lag NOT_REPORTED = new Lag(null, null);
    }
}
