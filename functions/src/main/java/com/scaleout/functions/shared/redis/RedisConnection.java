package com.scaleout.functions.shared.redis;

import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;

/**
 * An open connection as the adapters use it, whether to one Redis server or to a cluster (ElastiCache Serverless
 * presents itself as one): the commands both kinds of Lettuce connection share. Transactions and multi-key
 * commands across hash slots are deliberately not among them; the adapters use single-key commands only.
 *
 * @param connection for pipelining: auto-flush off, flush, on again (a cluster connection flushes every node's)
 * @param sync       blocking commands
 * @param async      commands that answer with futures, to have several in flight
 */
public record RedisConnection(StatefulConnection<String, String> connection,
                        RedisClusterCommands<String, String> sync,
                        RedisClusterAsyncCommands<String, String> async) {

    boolean isOpen() {
        return connection.isOpen();
    }
}
