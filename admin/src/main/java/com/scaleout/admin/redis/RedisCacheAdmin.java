package com.scaleout.admin.redis;

import com.scaleout.admin.application.CacheAdmin;
import com.scaleout.functions.shared.redis.RedisLink;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.models.partitions.RedisClusterNode.NodeFlag;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** FLUSHALL and INFO over every primary of the cache (one server, or each node of a cluster). */
public final class RedisCacheAdmin implements CacheAdmin {
    private final Optional<RedisLink> redis;

    public RedisCacheAdmin(Optional<RedisLink> redis) {
        this.redis = redis;
    }

    @Override
    public void flush() {
        // the cluster client sends FLUSHALL to every primary
        RedisLink.required(redis).sync().flushall();
    }

    @Override
    public CacheStats stats() {
        long keys = 0;
        long memory = 0;
        long hits = 0;
        long misses = 0;
        for (String info : infoOfEachPrimary()) {
            var fields = fields(info);
            hits += fields.getOrDefault("keyspace_hits", 0L);
            misses += fields.getOrDefault("keyspace_misses", 0L);
            memory += fields.getOrDefault("used_memory", 0L);
            keys += fields.getOrDefault("keys", 0L);
        }
        return CacheStats.of(keys, memory, hits, misses);
    }

    private List<String> infoOfEachPrimary() {
        var link = RedisLink.required(redis);
        var infos = new ArrayList<String>();
        if (link.connection() instanceof StatefulRedisClusterConnection<String, String> cluster) {
            for (var node : cluster.getPartitions()) {
                if (node.is(NodeFlag.UPSTREAM)) {
                    infos.add(cluster.getConnection(node.getNodeId()).sync().info());
                }
            }
        } else {
            infos.add(link.sync().info());
        }
        return infos;
    }

    /** INFO's numeric {@code name:value} lines, and the key count summed over the keyspace lines. */
    static Map<String, Long> fields(String info) {
        var fields = new TreeMap<String, Long>();
        long keys = 0;
        for (String line : info.split("\r?\n")) {
            int colon = line.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String name = line.substring(0, colon);
            String value = line.substring(colon + 1).strip();
            if (name.startsWith("db") && value.startsWith("keys=")) {
                int comma = value.indexOf(',');
                keys += Long.parseLong(value.substring("keys=".length(), comma < 0 ? value.length() : comma));
            } else if (value.matches("\\d+")) {
                fields.put(name, Long.parseLong(value));
            }
        }
        fields.put("keys", keys);
        return fields;
    }
}
