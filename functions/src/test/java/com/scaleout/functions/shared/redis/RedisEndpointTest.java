package com.scaleout.functions.shared.redis;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.declaration.Settings;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** How a function learns where its cache is: the variables the CDK app sets (as system properties here). */
class RedisEndpointTest {
    private static final String[] NAMES = {Settings.REDIS_URL.name(), Settings.REDIS_CLUSTER.name()};
    private final Map<String, String> before = new HashMap<>();

    @BeforeEach
    void remember() {
        for (String name : NAMES) {
            before.put(name, System.getProperty(name));
            System.clearProperty(name);
        }
    }

    @AfterEach
    void restore() {
        before.forEach((name, value) -> {
            if (value == null) {
                System.clearProperty(name);
            } else {
                System.setProperty(name, value);
            }
        });
    }

    @Test
    void aClusterWhenTheStackSaysSo() {
        System.setProperty(Settings.REDIS_URL.name(), "rediss://cache.example:6379");
        System.setProperty(Settings.REDIS_CLUSTER.name(), "true");

        assertThat(RedisEndpoint.fromEnvironment()).contains(RedisEndpoint.cluster("rediss://cache.example:6379"));
    }

    @Test
    void oneServerByDefault() {
        System.setProperty(Settings.REDIS_URL.name(), "redis://127.0.0.1:6379");

        assertThat(RedisEndpoint.fromEnvironment()).contains(RedisEndpoint.standalone("redis://127.0.0.1:6379"));
    }

    @Test
    void noCacheWithoutAUrlEvenIfClusterIsSet() {
        System.setProperty(Settings.REDIS_CLUSTER.name(), "true");

        assertThat(RedisEndpoint.fromEnvironment()).isEmpty();
    }
}
