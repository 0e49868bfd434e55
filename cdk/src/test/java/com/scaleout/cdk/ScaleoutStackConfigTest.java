package com.scaleout.cdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import org.junit.jupiter.api.Test;
import software.amazon.awscdk.RemovalPolicy;

class ScaleoutStackConfigTest {
    @Test
    void onlyDevIsDisposable() {
        assertThat(ScaleoutStackConfig.of("dev", "f.jar", "a.jar").removalPolicy()).isEqualTo(RemovalPolicy.DESTROY);
        assertThat(ScaleoutStackConfig.of("prod", "f.jar", "a.jar").removalPolicy()).isEqualTo(RemovalPolicy.RETAIN);
    }

    @Test
    void stageMustBeUsableInAStackName() {
        assertThatIllegalArgumentException().isThrownBy(() -> ScaleoutStackConfig.of("Prod Stage", "f.jar", "a.jar"));
        assertThatIllegalArgumentException().isThrownBy(() -> ScaleoutStackConfig.of("", "f.jar", "a.jar"));
    }

    @Test
    void redisUrlIsARedisEndpointWithoutCredentials() {
        var config = ScaleoutStackConfig.of("dev", "f.jar", "a.jar");

        String url = "rediss://cache.internal:6379";
        assertThat(config.withRedisUrl(url).redisUrl()).contains(url);
        assertThatIllegalArgumentException()
                .isThrownBy(() -> config.withRedisUrl("rediss://:secret@cache.internal:6379"))
                .withMessageContaining("credentials");
        assertThatIllegalArgumentException().isThrownBy(() -> config.withRedisUrl("http://cache.internal"));
    }

    @Test
    void cacheCeilingsAreWithinWhatElastiCacheAccepts() {
        assertThat(ScaleoutStackConfig.of("dev", "f.jar", "a.jar").cacheLimits())
                .isEqualTo(ScaleoutStackConfig.CacheLimits.DEFAULT);
        assertThat(new ScaleoutStackConfig.CacheLimits(5_000, 15_000_000).maxDataGb()).isEqualTo(5_000);
        assertThatIllegalArgumentException().isThrownBy(() -> new ScaleoutStackConfig.CacheLimits(0, 100_000))
                .withMessageContaining("cacheMaxDataGb");
        assertThatIllegalArgumentException().isThrownBy(() -> new ScaleoutStackConfig.CacheLimits(5_001, 100_000));
        assertThatIllegalArgumentException().isThrownBy(() -> new ScaleoutStackConfig.CacheLimits(10, 999))
                .withMessageContaining("cacheMaxEcpuPerSecond");
        assertThatIllegalArgumentException().isThrownBy(() -> new ScaleoutStackConfig.CacheLimits(10, 15_000_001));
    }
}
