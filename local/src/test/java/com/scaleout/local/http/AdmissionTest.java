package com.scaleout.local.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** What the gateway admits: up to a floor always, above it as many as the recent answer rate serves in time. */
class AdmissionTest {
    private final AtomicLong now = new AtomicLong(TimeUnit.HOURS.toNanos(1));
    private final Admission admission = new Admission(now::get);

    private int admitUpTo(int requests) {
        int admitted = 0;
        for (int i = 0; i < requests; i++) {
            if (admission.tryAdmit()) {
                admitted++;
            }
        }
        return admitted;
    }

    private void answerPerSecondFor(int perSecond, int seconds) {
        for (int s = 0; s < seconds; s++) {
            for (int i = 0; i < perSecond; i++) {
                assertThat(admission.tryAdmit()).isTrue();
                admission.answered(true);
            }
            now.addAndGet(TimeUnit.SECONDS.toNanos(1));
        }
    }

    @Test
    void aQuietStackAdmitsTheFloorAndShedsTheRestAtOnce() {
        assertThat(admitUpTo(Admission.MIN_IN_FLIGHT + 40)).isEqualTo(Admission.MIN_IN_FLIGHT);
        assertThat(admission.shed()).isEqualTo(40);

        admission.answered(true);
        assertThat(admission.tryAdmit()).as("a place freed is taken again").isTrue();
    }

    @Test
    void aStackAnsweringFastAdmitsWhatItAnswersWithinTheBudget() {
        answerPerSecondFor(200, Admission.WINDOW_SECONDS);

        assertThat(admitUpTo(5_000)).isEqualTo(200 * (int) Admission.WAIT_BUDGET.toSeconds());
    }

    @Test
    void busyAnswersDoNotCountAsServed() {
        for (int s = 0; s < Admission.WINDOW_SECONDS; s++) {
            for (int i = 0; i < 500; i++) {
                admission.tryAdmit();
                admission.answered(false);
            }
            now.addAndGet(TimeUnit.SECONDS.toNanos(1));
        }

        assertThat(admitUpTo(5_000)).isEqualTo(Admission.MIN_IN_FLIGHT);
    }

    @Test
    void theRateIsForgottenWhenItIsOlderThanTheWindow() {
        answerPerSecondFor(200, Admission.WINDOW_SECONDS);
        now.addAndGet(TimeUnit.SECONDS.toNanos(Admission.WINDOW_SECONDS));

        assertThat(admitUpTo(5_000)).isEqualTo(Admission.MIN_IN_FLIGHT);
    }
}
