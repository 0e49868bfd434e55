package com.scaleout.local.social;

import com.scaleout.functions.shared.redis.RedisEndpoint;
import com.scaleout.local.testing.SharedBackends;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;

/** The Redis adapters against the one redis-server the local runtime uses. */
class RedisCachesIT extends RedisCachesContract {

    @Override
    RedisEndpoint startEmpty() throws Exception {
        SharedBackends.reset();
        return RedisEndpoint.standalone(SharedBackends.get().redisUrl());
    }

    @Override
    RedisClusterCommands<String, String> inspector() {
        return SharedBackends.redisQuietly();
    }

    @Override
    void flushAll() throws Exception {
        SharedBackends.flushRedis();
    }
}
