package com.scaleout.functions.shared.redis;

import io.lettuce.core.event.Event;
import io.lettuce.core.event.EventBus;
import reactor.core.publisher.Flux;

/**
 * An event bus that drops Lettuce's connection events. Lettuce only publishes on its bus (connects, reconnects,
 * topology refreshes) and never reads from it; nothing here subscribes either. Its default bus (Reactor sinks
 * drained on a scheduler) cost every cold start some 250 classes and every event a hand-off to another thread.
 */
final class SilentEventBus implements EventBus {
    @Override
    public Flux<Event> get() {
        return Flux.empty();
    }

    @Override
    public void publish(Event event) {
        // nobody listens
    }
}
