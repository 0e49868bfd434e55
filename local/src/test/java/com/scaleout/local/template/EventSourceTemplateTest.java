package com.scaleout.local.template;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A template's event source mapping as the local poller's configuration. */
class EventSourceTemplateTest {

    private static EventSourceTemplate mapping(int recordAge, int retries) {
        return new EventSourceTemplate("Fanout", "Tweets", 50, 1, recordAge, retries, true, 2, "TRIM_HORIZON",
                List.of("ReportBatchItemFailures"));
    }

    @Test
    void theMaximumRecordAgeGoesToThePoller() {
        var consumer = mapping(3600, 4).toConsumerSpec();

        assertThat(consumer.maximumRecordAgeSeconds()).isEqualTo(3600);
        assertThat(consumer.retryAttempts()).isEqualTo(4);
        assertThat(consumer.batchSize()).isEqualTo(50);
        assertThat(consumer.parallelizationFactor()).isEqualTo(2);
    }

    /** The mapping's failure handling reaches the poller as written, on or off. */
    @Test
    void bisectAndReportBatchItemFailuresGoToThePollerAsWritten() {
        var both = mapping(-1, 4).toConsumerSpec();
        assertThat(both.reportsBatchItemFailures()).isTrue();
        assertThat(both.bisectsOnError()).isTrue();

        var neither = new EventSourceTemplate("Fanout", "Tweets", 50, 1, -1, 4, false, 2, "TRIM_HORIZON", List.of())
                .toConsumerSpec();
        assertThat(neither.reportsBatchItemFailures()).isFalse();
        assertThat(neither.bisectsOnError()).isFalse();
    }

    @Test
    void noMaximumRecordAgeIsNoLimitButEndlessRetriesAreRefused() {
        assertThat(mapping(-1, 4).toConsumerSpec().maximumRecordAgeSeconds()).isEqualTo(-1);
        assertThatThrownBy(() -> mapping(-1, -1).toConsumerSpec()).hasMessageContaining("retries forever");
    }
}
