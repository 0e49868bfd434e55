package com.scaleout.local.cost;

import io.lettuce.core.KeyValue;
import io.lettuce.core.ScoredValue;
import io.lettuce.core.protocol.RedisCommand;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.UnpooledByteBufAllocator;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Map;

/**
 * The ElastiCache Processing Units a Redis command costs on ElastiCache Serverless: 1 per simple command per KB
 * transferred, its request and its reply together. The one place they are worked out: the cost meter bills them, the
 * scaled limits' cache throttle spends its ECPU/s on them.
 */
public final class RedisEcpus {
    static final int BYTES_PER_ECPU = 1024;
    /** Measures on the heap only, scratch buffers included: nothing measured goes to a channel. */
    private static final ByteBufAllocator ON_HEAP = new UnpooledByteBufAllocator(false);

    private RedisEcpus() {
    }

    /** ECPUs of one simple command transferring {@code bytes}: 1 per KB, at least 1. */
    public static long of(long bytes) {
        return Math.max(1, (bytes + BYTES_PER_ECPU - 1) / BYTES_PER_ECPU);
    }

    /**
     * The bytes of the command as sent (RESP), or 0 for one that cannot be encoded twice (its reply counts alone).
     * Encoded on the heap: Lettuce takes each argument's scratch buffer from the target's allocator, and
     * {@code Unpooled}'s default allocated (and freed) direct memory for each, 10 % of a warm timeline read's CPU.
     */
    public static long requestBytes(RedisCommand<?, ?, ?> command) {
        ByteBuf buffer = ON_HEAP.heapBuffer();
        try {
            command.encode(buffer);
            return buffer.readableBytes();
        } catch (RuntimeException e) {
            return 0;
        } finally {
            buffer.release();
        }
    }

    /** The approximate bytes of the command's reply as Lettuce decoded it; 0 before it has one. */
    public static long replyBytes(RedisCommand<?, ?, ?> command) {
        var output = command.getOutput();
        return replySize(output == null ? null : output.get());
    }

    /** Strings by their UTF-8, numbers by 8. */
    static long replySize(Object reply) {
        return switch (reply) {
            case null -> 0;
            case String text -> text.getBytes(StandardCharsets.UTF_8).length;
            case byte[] bytes -> bytes.length;
            case Number ignored -> 8;
            case Boolean ignored -> 1;
            case ScoredValue<?> scored -> 8 + (scored.hasValue() ? replySize(scored.getValue()) : 0);
            case KeyValue<?, ?> pair -> replySize(pair.getKey()) + (pair.hasValue() ? replySize(pair.getValue()) : 0);
            case Collection<?> items -> items.stream().mapToLong(RedisEcpus::replySize).sum();
            case Map<?, ?> map -> map.entrySet().stream().mapToLong(e -> replySize(e.getKey()) + replySize(e.getValue()))
                    .sum();
            default -> reply.toString().length();
        };
    }
}
