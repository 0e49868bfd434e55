package com.scaleout.bench.cost;

import com.scaleout.local.cost.RedisEcpus;
import io.lettuce.core.event.command.CommandListener;
import io.lettuce.core.event.command.CommandStartedEvent;
import io.lettuce.core.protocol.RedisCommand;

/**
 * Counts the Redis commands and round trips ({@link RoundTrips}) of the invocation that sends them, and the ECPUs
 * ElastiCache Serverless would bill ({@link RedisEcpus}). Lettuce calls
 * {@code commandStarted} on the thread that issues the command (CommandListenerWriter.write, before the command
 * reaches the channel), so the invocation's meter is found there. Found through {@code java.util.ServiceLoader} by
 * {@code RedisLink} from this module's {@code META-INF/services}; the Lambda artifact has none.
 */
public final class RedisMeter implements CommandListener {
    @Override
    public void commandStarted(CommandStartedEvent event) {
        InvocationMeter meter = Meters.current();
        if (meter != null) {
            meter.redisCommandStarted(new Sent(event.getCommand(), RedisEcpus.requestBytes(event.getCommand())));
        }
    }

    private record Sent(RedisCommand<?, ?, ?> command, long requestBytes) implements InvocationMeter.SentCommand {
        @Override
        public boolean isDone() {
            return command.isDone();
        }

        @Override
        public long ecpus() {
            return RedisEcpus.of(requestBytes + RedisEcpus.replyBytes(command));
        }
    }
}
