package com.scaleout.local.limits;

import com.scaleout.local.cost.RedisEcpus;
import io.lettuce.core.RedisCommandTimeoutException;
import io.lettuce.core.event.command.CommandFailedEvent;
import io.lettuce.core.event.command.CommandListener;
import io.lettuce.core.event.command.CommandStartedEvent;
import io.lettuce.core.event.command.CommandSucceededEvent;
import io.netty.util.concurrent.FastThreadLocalThread;
import java.time.Duration;

/**
 * The cache's ECPU/s maximum on every Redis command of the JVM's Lettuce clients, while the runtime enforces it
 * ({@link #enforce}): found by {@code RedisLink}'s {@code ServiceLoader} seam (this module's
 * {@code META-INF/services}, as the cost meter is), so the product's own connection meets it over the wire. A command
 * over the maximum is held on the thread that sends it (Lettuce calls {@code commandStarted} there, before the
 * command reaches the socket), as ElastiCache holds a throttled request; one whose turn is further off than the
 * client's command timeout fails at once with the timeout the client would have raised after it, and is never sent.
 * Failing at once, not after the timeout, keeps a thread's pipeline (its commands held one after another while
 * auto-flush is off) from sleeping a timeout per command. Commands sent from Lettuce's own event loop (its
 * reconnects and topology reads) are charged but never held: holding that thread would hold every reply.
 */
public final class CacheThrottle implements CommandListener {
    private static final String RESERVED = "scaleout.cache.reserved";
    private static volatile Enforcement enforcement;

    private record Enforcement(CacheThroughput throughput, Duration clientTimeout) {
    }

    /** Holds commands to {@code throughput}'s maximum from now on; a client gives up after {@code clientTimeout}. */
    public static void enforce(CacheThroughput throughput, Duration clientTimeout) {
        enforcement = new Enforcement(throughput, clientTimeout);
    }

    /** Holds no command any more. */
    public static void stop() {
        enforcement = null;
    }

    @Override
    public void commandStarted(CommandStartedEvent event) {
        var current = enforcement;
        if (current == null) {
            return;
        }
        var command = event.getCommand();
        long requestBytes = RedisEcpus.requestBytes(command);
        long reserved = RedisEcpus.of(requestBytes);
        Duration wait = current.throughput().reserve(reserved);
        event.getContext().put(RESERVED, new long[] {requestBytes, reserved});
        if (wait.isZero() || Thread.currentThread() instanceof FastThreadLocalThread) {
            return;
        }
        current.throughput().held();
        boolean givesUp = wait.compareTo(current.clientTimeout()) > 0;
        if (!givesUp) {
            try {
                Thread.sleep(wait);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        } else {
            current.throughput().timedOut();
            current.throughput().refund(reserved);
            event.getContext().remove(RESERVED);
            command.completeExceptionally(new RedisCommandTimeoutException("Command timed out after "
                    + current.clientTimeout().toMillis() + " millisecond(s) (its turn under the cache's ECPU/s "
                    + "maximum, " + current.throughput().ecpusPerSecond() + " ECPU/s, was " + wait.toMillis()
                    + " ms off)"));
        }
    }

    @Override
    public void commandSucceeded(CommandSucceededEvent event) {
        chargeReply(event.getContext(), event.getCommand());
    }

    @Override
    public void commandFailed(CommandFailedEvent event) {
        chargeReply(event.getContext(), event.getCommand());
    }

    /** The rest of the command's units: its reply's, beyond what its request reserved. */
    private static void chargeReply(java.util.Map<String, Object> context,
                                    io.lettuce.core.protocol.RedisCommand<?, ?, ?> command) {
        var current = enforcement;
        if (current != null && context.get(RESERVED) instanceof long[] reserved) {
            long rest = RedisEcpus.of(reserved[0] + RedisEcpus.replyBytes(command)) - reserved[1];
            if (rest > 0) {
                current.throughput().charge(rest);
            }
        }
    }
}
