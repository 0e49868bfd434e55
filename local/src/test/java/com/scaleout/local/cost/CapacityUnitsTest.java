package com.scaleout.local.cost;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The examples of "DynamoDB read and write operations" (developer guide). */
class CapacityUnitsTest {
    private static final long KB = 1024;

    @Test
    void readsRoundUpToFourKilobytesHalvedWhenEventuallyConsistent() {
        assertThat(CapacityUnits.read(3_500, true)).isEqualTo(1.0); // "reading a 3,500-byte item" = a 4 KB item
        assertThat(CapacityUnits.read(8 * KB, true)).isEqualTo(2.0); // an 8 KB item: 2 strongly consistent
        assertThat(CapacityUnits.read(8 * KB, false)).isEqualTo(1.0); // 1 eventually consistent
        assertThat(CapacityUnits.transactionalRead(8 * KB)).isEqualTo(4.0); // 4 transactional
        assertThat(CapacityUnits.read(10 * KB, true)).isEqualTo(3.0); // "a 10 KB item" rounds up to 12 KB
        assertThat(CapacityUnits.read(10 * KB, false)).isEqualTo(1.5);
    }

    @Test
    void aReadOfNothingStillCostsOneUnit() {
        assertThat(CapacityUnits.read(0, true)).isEqualTo(1.0);
        assertThat(CapacityUnits.read(0, false)).isEqualTo(0.5);
        assertThat(CapacityUnits.readSummed(List.of(), false)).isEqualTo(0.5);
    }

    @Test
    void aBatchGetRoundsEachItemButAQuerySumsThemFirst() {
        long small = 1536; // 1.5 KB
        long large = 6656; // 6.5 KB
        // BatchGetItem of 1.5 KB and 6.5 KB items: 4 KB + 8 KB = 12 KB, not 8 KB
        assertThat(CapacityUnits.read(small, true) + CapacityUnits.read(large, true)).isEqualTo(3.0);
        // a Query returning the same two items: 8 KB summed, then rounded
        assertThat(CapacityUnits.readSummed(List.of(small, large), true)).isEqualTo(2.0);
    }

    @Test
    void writesRoundUpToOneKilobyteOfTheLargerOfBeforeAndAfter() {
        assertThat(CapacityUnits.write(0, 500)).isEqualTo(1.0);
        assertThat(CapacityUnits.write(0, 1536)).isEqualTo(2.0); // "a 1.5 KB item" needs 2
        assertThat(CapacityUnits.write(3_000, 200)).isEqualTo(3.0); // an update shrinking the item
        assertThat(CapacityUnits.write(0, 0)).isEqualTo(1.0); // deleting nothing
        assertThat(CapacityUnits.transactionalWrite(0, KB)).isEqualTo(2.0); // transactions double
    }
}
