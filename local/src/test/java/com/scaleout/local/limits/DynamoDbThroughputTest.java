package com.scaleout.local.limits;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.local.cost.Charges;
import com.scaleout.local.cost.Charges.Charge;
import com.scaleout.local.cost.Charges.Partition;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class DynamoDbThroughputTest {
    private static final long SECOND = 1_000_000_000L;
    private static final Partition HOT = new Partition("Albums", null, "a1");
    private static final Partition COLD = new Partition("Albums", null, "a2");
    private static final Partition INDEX = new Partition("Follows", "Followers", "celebrity");

    private final AtomicLong now = new AtomicLong(1_000 * SECOND);
    /** AWS / 100: a partition serves 10 write or 30 read units a second. */
    private final DynamoDbThroughput throughput = new DynamoDbThroughput(new AwsLimits(100), "us-east-1", now::get);

    @Test
    void aPartitionServesItsUnitsPerSecondThenThrottlesUntilItRefills() {
        int admitted = 0;
        for (int call = 0; call < 30; call++) {
            if (throughput.admit(List.of(HOT), true).isEmpty()) {
                admitted++;
                throughput.charge(write(HOT, 1));
            }
        }
        assertThat(admitted).isEqualTo(10);

        var throttle = throughput.admit(List.of(HOT), true).orElseThrow();
        assertThat(throttle.reason()).isEqualTo("TableWriteKeyRangeThroughputExceeded");
        assertThat(throttle.resource()).isEqualTo("arn:aws:dynamodb:us-east-1:123456789012:table/Albums");
        assertThat(throughput.admit(List.of(COLD), true)).as("another key has a partition of its own").isEmpty();

        now.addAndGet(SECOND / 10); // a tenth of a second: one write unit back
        assertThat(throughput.admit(List.of(HOT), true)).isEmpty();
        throughput.charge(write(HOT, 1));
        assertThat(throughput.admit(List.of(HOT), true)).isPresent();
    }

    @Test
    void readsAndWritesShareThePartitionInLinearCombination() {
        throughput.charge(new Charges(List.of(new Charge(HOT, 15, 5)))); // half of 30 reads and half of 10 writes

        assertThat(throughput.admit(List.of(HOT), false)).isPresent();
        now.addAndGet(SECOND / 100);
        assertThat(throughput.admit(List.of(HOT), false)).isEmpty();
    }

    @Test
    void aLargeCallGoesIntoDebtThatLaterCallsWaitOut() {
        throughput.charge(write(HOT, 25)); // one call of 25 units: 2.5 s of the partition

        now.addAndGet(SECOND);
        assertThat(throughput.admit(List.of(HOT), true)).isPresent();
        now.addAndGet(SECOND / 2 + 1_000);
        assertThat(throughput.admit(List.of(HOT), true)).isEmpty();
    }

    @Test
    void aHotIndexPartitionThrottlesTheWritesThatMustWriteToIt() {
        throughput.charge(write(INDEX, 10));

        var throttle = throughput.admit(List.of(new Partition("Follows", null, "fan-1"), INDEX), true)
                .orElseThrow();

        assertThat(throttle.reason()).isEqualTo("IndexWriteKeyRangeThroughputExceeded");
        assertThat(throttle.resource()).endsWith(":table/Follows/index/Followers");
        assertThat(throttle.exception().awsErrorDetails().errorCode())
                .isEqualTo("ProvisionedThroughputExceededException");
        assertThat(throttle.exception().isThrottlingException()).isTrue();
        assertThat(throughput.throttles()).containsEntry("IndexWriteKeyRangeThroughputExceeded "
                + throttle.resource(), 1L);
    }

    @Test
    void aNewTableServesItsInitialThroughputThenTwiceEachPeak() {
        // AWS / 100: a new table takes 40 write units at once; spread over many keys, no partition is hot
        int key = 0;
        for (int unit = 0; unit < 40; unit++) {
            assertThat(throughput.admit(List.of(new Partition("Tweets", null, "k" + key)), true)).isEmpty();
            throughput.charge(write(new Partition("Tweets", null, "k" + key++), 1));
        }
        var throttle = throughput.admit(List.of(new Partition("Tweets", null, "k" + key)), true).orElseThrow();
        assertThat(throttle.reason()).as("the table's partitions have not split for more yet")
                .isEqualTo("TableWriteKeyRangeThroughputExceeded");

        now.addAndGet(SECOND); // the peak was 40: this second serves 80
        for (int unit = 0; unit < 80; unit++) {
            assertThat(throughput.admit(List.of(new Partition("Tweets", null, "k" + key)), true)).isEmpty();
            throughput.charge(write(new Partition("Tweets", null, "k" + key++), 1));
        }
        assertThat(throughput.admit(List.of(new Partition("Tweets", null, "k" + key)), true)).isPresent();
    }

    @Test
    void pastTheAccountsPerTableQuotaTheRefusalIsTheAccountLimit() {
        int key = 0;
        for (int second = 0; second < 6; second++) { // 40, 80, 160, 320, then the quota of 400
            while (throughput.admit(List.of(new Partition("Tweets", null, "k" + key)), true).isEmpty()) {
                throughput.charge(write(new Partition("Tweets", null, "k" + key++), 1));
            }
            now.addAndGet(SECOND);
        }
        while (throughput.admit(List.of(new Partition("Tweets", null, "k" + key)), true).isEmpty()) {
            throughput.charge(write(new Partition("Tweets", null, "k" + key++), 1));
        }

        var throttle = throughput.admit(List.of(new Partition("Tweets", null, "k" + key)), true).orElseThrow();
        assertThat(throttle.reason()).isEqualTo("TableWriteAccountLimitExceeded");
        assertThat(throttle.exception().awsErrorDetails().errorCode()).isEqualTo("RequestLimitExceeded");
        assertThat(throttle.exception().isThrottlingException()).isTrue();
    }

    @Test
    void aTablesReadsAndWritesHaveBudgetsApart() {
        throughput.charge(new Charges(List.of(new Charge(new Partition("Tweets", null, null), 120, 0))));

        assertThat(throughput.admit(List.of(new Partition("Tweets", null, null)), false)).as("the reads' 120")
                .isPresent();
        assertThat(throughput.admit(List.of(new Partition("Tweets", null, "k1")), true)).as("the writes' 40")
                .isEmpty();
    }

    @Test
    void aScanIsLimitedByItsTableOnly() {
        var scan = new Partition("Albums", null, null);
        throughput.charge(new Charges(List.of(new Charge(scan, 100, 0))));

        assertThat(throughput.admit(List.of(scan), false)).isEmpty();
        assertThat(throughput.admit(List.of(HOT), false)).isEmpty();
    }

    private static Charges write(Partition partition, double units) {
        return new Charges(List.of(new Charge(partition, 0, units)));
    }
}
