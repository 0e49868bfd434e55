package com.scaleout.functions.imports.application;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.functions.imports.domain.ImportedTable;
import com.scaleout.functions.imports.domain.LoggedChange;
import com.scaleout.functions.imports.fakes.InMemoryChangeLog;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link ChangeLog#changesUpTo}'s default, read through {@link ChangeLog#changes}: no further than it is told. */
class ChangeLogTest {
    private static final ImportedTable ORDERS = new ImportedTable(42, "orders");

    private final InMemoryChangeLog log = new InMemoryChangeLog();

    @BeforeEach
    void positionsOneToFive() {
        for (long position = 1; position <= 5; position++) {
            log.putRaw(ORDERS, new LoggedChange(position, position, "r" + position, "{}", "{\"n\":" + position + "}"));
        }
    }

    private static List<Long> positions(List<LoggedChange> changes) {
        return changes.stream().map(LoggedChange::position).toList();
    }

    @Test
    void readsThePositionsAfterTheFirstUpToTheCommittedOne() {
        assertThat(positions(log.changesUpTo(ORDERS, 1, 3, 100, Long.MAX_VALUE))).containsExactly(2L, 3L);
        assertThat(positions(log.changesUpTo(ORDERS, 0, 5, 100, Long.MAX_VALUE))).containsExactly(1L, 2L, 3L, 4L, 5L);
    }

    @Test
    void nothingWhenTheCommittedPositionIsNotPastTheFirst() {
        assertThat(log.changesUpTo(ORDERS, 3, 3, 100, Long.MAX_VALUE)).isEmpty();
        assertThat(log.changesUpTo(ORDERS, 4, 2, 100, Long.MAX_VALUE)).isEmpty();
    }

    @Test
    void theLimitAndTheBytesStillBound() {
        assertThat(positions(log.changesUpTo(ORDERS, 0, 5, 2, Long.MAX_VALUE))).containsExactly(1L, 2L);
        long oneChange = log.log(ORDERS).getFirst().payloadBytes();
        assertThat(positions(log.changesUpTo(ORDERS, 0, 5, 100, oneChange + 1))).containsExactly(1L, 2L);
    }
}
