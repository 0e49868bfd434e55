package com.scaleout.bench.cost;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.local.cost.CapacityCalculator;
import com.scaleout.local.cost.Charges;
import java.util.concurrent.atomic.AtomicReference;
import java.util.List;
import org.junit.jupiter.api.Test;

class MetersTest {

    @Test
    void theInvocationsThreadAndThreadsItStartsSeeItsMeterUntilItEnds() throws Exception {
        var slot = new Meters.Slot();
        var meter = slot.begin();
        var seenByChild = new AtomicReference<InvocationMeter>();
        var child = new AtomicReference<Thread>();
        Thread invocation = new Thread(() -> {
            Meters.bind(slot);
            assertThat(Meters.current()).isSameAs(meter);
            child.set(new Thread(() -> seenByChild.set(Meters.current())));
            child.get().start();
        });
        invocation.start();
        invocation.join();
        child.get().join();

        assertThat(seenByChild.get()).isSameAs(meter);
        slot.end();
        assertThat(Meters.current()).isNull(); // this thread was never bound
    }

    @Test
    void aLaterInvocationOfTheSameEnvironmentHasAFreshMeter() {
        var slot = new Meters.Slot();
        Meters.bind(slot);
        try {
            var first = slot.begin();
            first.dynamoDbCall("GetItem");
            slot.end();
            assertThat(Meters.current()).isNull();
            var second = slot.begin();
            assertThat(Meters.current()).isSameAs(second);
            assertThat(second.reading().isEmpty()).isTrue();
        } finally {
            Meters.unbind();
        }
    }

    private static InvocationMeter.SentCommand command(java.util.function.BooleanSupplier done, long ecpus) {
        return new InvocationMeter.SentCommand() {
            @Override
            public boolean isDone() {
                return done.getAsBoolean();
            }

            @Override
            public long ecpus() {
                return ecpus;
            }
        };
    }

    @Test
    void aReadingSumsCallsUnitsCommandsAndRoundTrips() {
        var meter = new InvocationMeter();
        meter.dynamoDbCall("GetItem");
        meter.dynamoDbCall("Query");
        meter.dynamoDbCall("GetItem");
        var tweet = new Charges.Partition("Tweets", null, "t1");
        meter.capacity(new Charges(List.of(new Charges.Charge(tweet, 1.5, 0))));
        meter.capacity(new Charges(List.of(new Charges.Charge(tweet, 0, 1),
                new Charges.Charge(new Charges.Partition("Tweets", "ByAuthor", "u1"), 0, 1))));
        meter.redisCommandStarted(command(() -> true, 1)); // a blocking command, its reply in before the next
        var pipelined = new boolean[] {false};
        meter.redisCommandStarted(command(() -> pipelined[0], 2));
        meter.redisCommandStarted(command(() -> pipelined[0], 1));
        pipelined[0] = true;

        var reading = meter.reading();

        assertThat(reading.dynamoDbCallCount()).isEqualTo(3);
        assertThat(reading.summary()).isEqualTo(
                "DynamoDB: 3 calls (GetItem 2, Query 1) 1.5 RCU 2 WCU Redis: 3 commands 2 round trips");
        assertThat(reading.ecpus()).isEqualTo(4);
        assertThat(reading.byPartition()).containsEntry(tweet, new CapacityCalculator.Units(1.5, 1))
                .containsEntry(new Charges.Partition("Tweets", "ByAuthor", "u1"), new CapacityCalculator.Units(0, 1));
    }

    @Test
    void meteringOnSeveralThreadsAtOnceCountsTheWallClockOnce() {
        var meter = new InvocationMeter();
        meter.metered(0, 10_000_000); // two writer threads' side reads overlapping
        meter.metered(5_000_000, 12_000_000);
        meter.metered(20_000_000, 21_000_000);

        assertThat(meter.reading().meteringMillis()).isEqualTo(13.0);
    }
}
