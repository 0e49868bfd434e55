package com.scaleout.local.social;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scaleout.functions.shared.redis.RedisLink;
import com.scaleout.functions.shared.redis.RedisEndpoint;
import com.scaleout.local.testing.SharedBackends;
import com.scaleout.local.testing.TlsRedisCluster;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The Redis adapters against what ElastiCache Serverless is to a client, the way the CDK app configures the
 * functions for it ({@code REDIS_URL=rediss://...}, {@code REDIS_CLUSTER=true}): a three-node Redis Cluster that
 * speaks TLS only. Keys spread over the nodes, so a command sent to the wrong node, a pipeline flushed on one
 * node only or a multi-key command across slots would fail here.
 */
class RedisClusterCachesIT extends RedisCachesContract {
    private TlsRedisCluster cluster;

    @Override
    RedisEndpoint startEmpty() throws Exception {
        cluster = TlsRedisCluster.start(SharedBackends.dataDir().resolve("redis-cluster-tls"));
        return cluster.endpoint();
    }

    @AfterAll
    void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Override
    RedisClusterCommands<String, String> inspector() {
        return cluster.inspector().sync();
    }

    @Override
    void flushAll() {
        inspector().flushall(); // the cluster client sends it to every primary
    }

    @Test
    void aPipelinedFanoutReachesTimelinesOnEveryNode() {
        List<String> followers = fanoutToAHundredThousand();

        var partitions = cluster.inspector().getPartitions();
        assertThat(partitions.size()).isEqualTo(cluster.nodeCount());
        for (var node : partitions) {
            long keys = cluster.inspector().getConnection(node.getNodeId()).sync().dbsize();
            // 100,000 random user ids hash evenly over the slots: each third holds about a third of the timelines
            assertThat(keys).as("keys on %s", node.getUri()).isGreaterThan(followers.size() / 4);
        }
    }

    @Test
    void theServersCertificateIsVerified() {
        // the same cluster without trusting the run's CA: the JVM's own CAs do not know it, so no connection
        try (var untrusting = new RedisLink(RedisEndpoint.cluster(cluster.url()))) {
            assertThatThrownBy(untrusting::get).isInstanceOf(io.lettuce.core.RedisException.class);
        }
    }

    @Test
    void thePlainProtocolIsRefused() {
        try (var plain = new RedisLink(RedisEndpoint.cluster(cluster.url().replace("rediss://", "redis://")))) {
            assertThatThrownBy(plain::get).isInstanceOf(io.lettuce.core.RedisException.class);
        }
    }
}
