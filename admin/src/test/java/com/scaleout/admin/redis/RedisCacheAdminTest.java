package com.scaleout.admin.redis;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RedisCacheAdminTest {

    @Test
    void readsInfosNumbersAndSumsTheKeysOfEveryDatabase() {
        String info = "# Server\r\nredis_version:7.0.15\r\n# Memory\r\nused_memory:1048576\r\n"
                + "used_memory_human:1.00M\r\n# Stats\r\nkeyspace_hits:90\r\nkeyspace_misses:10\r\n"
                + "# Keyspace\r\ndb0:keys=12,expires=3,avg_ttl=0\r\ndb1:keys=3,expires=0,avg_ttl=0\r\n";

        var fields = RedisCacheAdmin.fields(info);

        assertThat(fields).containsEntry("used_memory", 1_048_576L).containsEntry("keyspace_hits", 90L)
                .containsEntry("keyspace_misses", 10L).containsEntry("keys", 15L)
                .doesNotContainKey("redis_version").doesNotContainKey("used_memory_human");
    }

    @Test
    void anEmptyCacheHasNoKeys() {
        assertThat(RedisCacheAdmin.fields("# Keyspace\r\n")).containsEntry("keys", 0L);
    }
}
