package com.scaleout.bench.cost;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RoundTripsTest {
    private final RoundTrips trips = new RoundTrips();
    private final List<Command> sent = new ArrayList<>();

    /** A command whose reply arrives when the test says so. */
    private static final class Command {
        boolean done;
    }

    private Command send() {
        var command = new Command();
        sent.add(command);
        trips.commandStarted(() -> command.done);
        return command;
    }

    @Test
    void blockingCommandsOneAfterAnotherAreOneRoundTripEach() {
        for (int i = 0; i < 3; i++) {
            send().done = true;
        }
        assertThat(trips.count()).isEqualTo(3);
    }

    @Test
    void aPipelineIsOneRoundTrip() {
        for (int i = 0; i < 5; i++) {
            send();
        }
        sent.forEach(command -> command.done = true);
        assertThat(trips.count()).isEqualTo(1);
    }

    @Test
    void aPipelineAfterAReadIsASecondRoundTrip() {
        send().done = true;
        send();
        send();
        sent.forEach(command -> command.done = true);
        assertThat(trips.count()).isEqualTo(2);
    }

    @Test
    void asyncCommandsThatOverlapShareOneRoundTrip() {
        var first = send();
        send();
        first.done = true; // a reply arrives while the caller is still sending: it did not wait
        send();
        sent.forEach(command -> command.done = true);
        assertThat(trips.count()).isEqualTo(1);
    }

    @Test
    void noCommandsNoRoundTrips() {
        assertThat(trips.count()).isZero();
    }
}
