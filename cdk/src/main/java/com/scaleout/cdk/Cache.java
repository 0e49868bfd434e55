package com.scaleout.cdk;

import java.util.List;
import java.util.regex.Pattern;
import software.amazon.awscdk.services.elasticache.CfnServerlessCache;
import software.constructs.Construct;

/**
 * The Redis-protocol cache of timelines, follower sets, search pages and keys: ElastiCache Serverless for Valkey in
 * the {@link Network}'s isolated subnets, reachable only from the functions' security group.
 *
 * <p>Valkey rather than Redis OSS: the same protocol and commands (Valkey is the Redis OSS fork the Lettuce client
 * speaks to unchanged), about a third cheaper per GB-hour and per ECPU, and billed from 100 MB of data instead of
 * 1 GB, which is most of a quiet stage's cache bill.
 *
 * <p>A serverless cache always encrypts in transit (TLS only: hence {@code rediss://}) and at rest (with an
 * AWS-owned key unless one is given); neither can be turned off. It is sharded: clients use the cluster protocol
 * ({@code REDIS_CLUSTER}).
 *
 * <p>No snapshots, and no final snapshot on deletion: everything in it is rebuilt from DynamoDB (DESIGN: caches are
 * caches), so the cache is deleted with the stack in every stage.
 */
public final class Cache extends Construct {
    static final String ENGINE = "valkey";
    static final String MAJOR_ENGINE_VERSION = "8";
    /** ElastiCache's rule for cache names: a letter first, no two hyphens in a row, no hyphen last, 40 at most. */
    private static final Pattern NAME = Pattern.compile("[a-z](?!.*--)[a-z0-9-]{0,38}(?<!-)");

    private final Network network;
    private final CfnServerlessCache serverlessCache;

    public Cache(Construct scope, String id, Network network, ScaleoutStackConfig config) {
        super(scope, id);
        this.network = network;
        String name = name(config.stage());
        serverlessCache = CfnServerlessCache.Builder.create(this, "ServerlessCache")
                .serverlessCacheName(name)
                .description("Scaleout (" + config.stage() + "): timelines, follower sets, search pages, keys")
                .engine(ENGINE)
                .majorEngineVersion(MAJOR_ENGINE_VERSION)
                .subnetIds(network.vpc().selectSubnets(network.isolatedSubnets()).getSubnetIds())
                .securityGroupIds(List.of(network.cacheSecurityGroup().getSecurityGroupId()))
                .cacheUsageLimits(CfnServerlessCache.CacheUsageLimitsProperty.builder()
                        .dataStorage(CfnServerlessCache.DataStorageProperty.builder()
                                .unit("GB")
                                .maximum(config.cacheLimits().maxDataGb())
                                .build())
                        .ecpuPerSecond(CfnServerlessCache.ECPUPerSecondProperty.builder()
                                .maximum(config.cacheLimits().maxEcpuPerSecond())
                                .build())
                        .build())
                .snapshotRetentionLimit(0)
                .build();
    }

    /** {@code scaleout-<stage>}: unique per account and region, as ElastiCache requires. */
    static String name(String stage) {
        String name = "scaleout-" + stage;
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("the cache name " + name + " is not a valid ElastiCache name (no"
                    + " two hyphens in a row, none at the end): choose another stage name, or pass -c redisUrl");
        }
        return name;
    }

    /** {@code rediss://<endpoint>:<port>} (tokens until deploy): what functions get as {@code REDIS_URL}. */
    public String redisUrl() {
        return "rediss://" + serverlessCache.getAttrEndpointAddress() + ":" + serverlessCache.getAttrEndpointPort();
    }

    /** Where the cache is reachable from: its clients run in these subnets with the functions' security group. */
    public Network network() {
        return network;
    }

    public CfnServerlessCache serverlessCache() {
        return serverlessCache;
    }
}
