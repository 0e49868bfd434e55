package com.scaleout.local.cost;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RoundTripsTest {

    @Test
    void blockingCommandsOneAfterAnotherAreOneRoundTripEach() {
        var trips = new RoundTrips();
        for (int i = 0; i < 3; i++) {
            trips.commandStarted();
            trips.commandCompleted();
        }
        assertThat(trips.count()).isEqualTo(3);
    }

    @Test
    void aPipelineIsOneRoundTrip() {
        var trips = new RoundTrips();
        for (int i = 0; i < 5; i++) {
            trips.commandStarted();
        }
        for (int i = 0; i < 5; i++) {
            trips.commandCompleted();
        }
        assertThat(trips.count()).isEqualTo(1);
    }

    @Test
    void aPipelineAfterAReadIsASecondRoundTrip() {
        var trips = new RoundTrips();
        trips.commandStarted();
        trips.commandCompleted();
        trips.commandStarted();
        trips.commandStarted();
        trips.commandCompleted();
        trips.commandCompleted();
        assertThat(trips.count()).isEqualTo(2);
    }

    @Test
    void noCommandsNoRoundTrips() {
        assertThat(new RoundTrips().count()).isZero();
    }
}
