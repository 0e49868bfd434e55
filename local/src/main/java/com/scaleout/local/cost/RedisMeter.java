package com.scaleout.local.cost;

import io.lettuce.core.event.command.CommandFailedEvent;
import io.lettuce.core.event.command.CommandListener;
import io.lettuce.core.event.command.CommandStartedEvent;
import io.lettuce.core.event.command.CommandSucceededEvent;
import io.lettuce.core.protocol.RedisCommand;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/**
 * Counts the Redis commands and round trips ({@link RoundTrips}) of the invocation that sends them, and the ECPUs
 * ElastiCache Serverless would bill (1 per command per KB transferred, request and reply). Lettuce calls
 * {@code commandStarted} on the thread that issues the command (CommandListenerWriter.write, before the command
 * reaches the channel), so the invocation's meter is found there and kept in the event's context, which the
 * completion events (on Lettuce's event loop) share. Found through {@code java.util.ServiceLoader} by
 * {@code RedisConnection} from this module's {@code META-INF/services}; the Lambda artifact has none.
 */
public final class RedisMeter implements CommandListener {
    private static final String METER = "scaleout.meter";
    private static final String REQUEST_BYTES = "scaleout.meter.requestBytes";
    static final int ECPU_BYTES = 1024;

    @Override
    public void commandStarted(CommandStartedEvent event) {
        InvocationMeter meter = Meters.current();
        if (meter == null) {
            return;
        }
        event.getContext().put(METER, meter);
        event.getContext().put(REQUEST_BYTES, encodedBytes(event.getCommand()));
        meter.redisCommandStarted();
    }

    @Override
    public void commandSucceeded(CommandSucceededEvent event) {
        completed(event.getContext(), RedisReplySize.of(event.getCommand().getOutput() == null ? null
                : event.getCommand().getOutput().get()));
    }

    @Override
    public void commandFailed(CommandFailedEvent event) {
        completed(event.getContext(), 0);
    }

    private static void completed(java.util.Map<String, Object> context, long replyBytes) {
        if (context.get(METER) instanceof InvocationMeter meter) {
            long bytes = (Long) context.getOrDefault(REQUEST_BYTES, 0L) + replyBytes;
            meter.redisCommandCompleted(ecpus(bytes));
        }
    }

    /** ECPUs of one simple command transferring {@code bytes}: 1 per KB, at least 1. */
    static long ecpus(long bytes) {
        return Math.max(1, (bytes + ECPU_BYTES - 1) / ECPU_BYTES);
    }

    private static long encodedBytes(RedisCommand<?, ?, ?> command) {
        ByteBuf buffer = Unpooled.buffer();
        try {
            command.encode(buffer);
            return buffer.readableBytes();
        } catch (RuntimeException e) {
            return 0; // a command that cannot be encoded twice counts its reply only
        } finally {
            buffer.release();
        }
    }
}
