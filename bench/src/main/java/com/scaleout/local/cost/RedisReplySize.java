package com.scaleout.local.cost;

import io.lettuce.core.KeyValue;
import io.lettuce.core.ScoredValue;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Map;

/** The approximate bytes of a Redis reply as Lettuce decoded it: strings by their UTF-8, numbers by 8. */
final class RedisReplySize {
    private RedisReplySize() {
    }

    static long of(Object reply) {
        return switch (reply) {
            case null -> 0;
            case String text -> text.getBytes(StandardCharsets.UTF_8).length;
            case byte[] bytes -> bytes.length;
            case Number ignored -> 8;
            case Boolean ignored -> 1;
            case ScoredValue<?> scored -> 8 + (scored.hasValue() ? of(scored.getValue()) : 0);
            case KeyValue<?, ?> pair -> of(pair.getKey()) + (pair.hasValue() ? of(pair.getValue()) : 0);
            case Collection<?> items -> items.stream().mapToLong(RedisReplySize::of).sum();
            case Map<?, ?> map -> map.entrySet().stream().mapToLong(e -> of(e.getKey()) + of(e.getValue())).sum();
            default -> reply.toString().length();
        };
    }
}
