package com.scaleout.functions.shared.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.lettuce.core.event.connection.ConnectedEvent;
import java.net.InetSocketAddress;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class SilentEventBusTest {
    @Test
    void dropsWhatLettucePublishesAndCompletesAnyone() {
        var bus = new SilentEventBus();
        bus.publish(new ConnectedEvent("redis://cache", "cache", "0",
                new InetSocketAddress(0), new InetSocketAddress(6379)));

        // a subscriber (none in the product) would end at once instead of waiting for events forever
        assertThat(bus.get().collectList().block(Duration.ofSeconds(1))).isEmpty();
    }
}
