package com.scaleout.local.cost;

import io.lettuce.core.event.command.CommandListener;
import io.lettuce.core.event.command.CommandStartedEvent;
import io.lettuce.core.protocol.RedisCommand;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/**
 * Counts the Redis commands and round trips ({@link RoundTrips}) of the invocation that sends them, and the ECPUs
 * ElastiCache Serverless would bill (1 per command per KB transferred, request and reply). Lettuce calls
 * {@code commandStarted} on the thread that issues the command (CommandListenerWriter.write, before the command
 * reaches the channel), so the invocation's meter is found there. Found through {@code java.util.ServiceLoader} by
 * {@code RedisLink} from this module's {@code META-INF/services}; the Lambda artifact has none.
 */
public final class RedisMeter implements CommandListener {
    static final int ECPU_BYTES = 1024;

    @Override
    public void commandStarted(CommandStartedEvent event) {
        InvocationMeter meter = Meters.current();
        if (meter != null) {
            meter.redisCommandStarted(new Sent(event.getCommand(), encodedBytes(event.getCommand())));
        }
    }

    /** ECPUs of one simple command transferring {@code bytes}: 1 per KB, at least 1. */
    static long ecpus(long bytes) {
        return Math.max(1, (bytes + ECPU_BYTES - 1) / ECPU_BYTES);
    }

    private record Sent(RedisCommand<?, ?, ?> command, long requestBytes) implements InvocationMeter.SentCommand {
        @Override
        public boolean isDone() {
            return command.isDone();
        }

        @Override
        public long ecpus() {
            var output = command.getOutput();
            return RedisMeter.ecpus(requestBytes + RedisReplySize.of(output == null ? null : output.get()));
        }
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
