package com.scaleout.functions.shared.redis;

import com.scaleout.declaration.Settings;
import com.scaleout.functions.shared.config.RuntimeEnvironment;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * Where the cache is and how to talk to it.
 *
 * @param url                 {@code redis://host:port} or, with TLS, {@code rediss://host:port}; the server's
 *                            certificate and host name are verified
 * @param cluster             whether the endpoint is a Redis Cluster (ElastiCache Serverless is one): commands are
 *                            then routed by hash slot and the topology is followed as it changes
 * @param trustedCertificates a PEM file of the certificate authorities to trust for TLS instead of the JVM's own
 *                            (a cache with a private CA); Amazon's certificates need none
 */
public record RedisEndpoint(String url, boolean cluster, Optional<Path> trustedCertificates) {
    public RedisEndpoint {
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(trustedCertificates, "trustedCertificates");
    }

    public static RedisEndpoint standalone(String url) {
        return new RedisEndpoint(url, false, Optional.empty());
    }

    public static RedisEndpoint cluster(String url) {
        return new RedisEndpoint(url, true, Optional.empty());
    }

    /** {@code REDIS_URL} and {@code REDIS_CLUSTER}, or empty when no cache is configured. */
    public static Optional<RedisEndpoint> fromEnvironment() {
        boolean cluster = RuntimeEnvironment.variable(Settings.REDIS_CLUSTER).map(Boolean::parseBoolean).orElse(false);
        return RuntimeEnvironment.variable(Settings.REDIS_URL)
                .map(url -> new RedisEndpoint(url, cluster, Optional.empty()));
    }

    public RedisEndpoint trusting(Path certificates) {
        return new RedisEndpoint(url, cluster, Optional.of(certificates));
    }
}
