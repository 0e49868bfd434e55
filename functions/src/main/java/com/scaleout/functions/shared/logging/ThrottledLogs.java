package com.scaleout.functions.shared.logging;

import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Loggers for a failure the code works around, which would otherwise log a trace per request while it lasts:
 * log4j2.xml lets their warnings through at most once per interval (a BurstFilter on each), errors always. Say in
 * the message where it happened: the logger's name is the channel, not the class.
 */
public final class ThrottledLogs {
    /** The cache (timelines, sessions, marks...) unreachable and every request falling back: one warning a minute. */
    public static final String CACHE_DOWN = "scaleout.cache-down";
    /** AWS throttling or too slow, answered busy: one warning every 10 s. */
    public static final String BUSY = "scaleout.busy";

    private ThrottledLogs() {
    }

    public static Logger cacheDown() {
        return LogManager.getLogger(CACHE_DOWN);
    }

    public static Logger busy() {
        return LogManager.getLogger(BUSY);
    }
}
