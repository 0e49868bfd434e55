package com.scaleout.functions.imports.application;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.functions.imports.domain.ImportedTable;
import org.junit.jupiter.api.Test;

class AppendSizesTest {
    private static final ImportedTable ORDERS = new ImportedTable(42, "orders");
    private static final ImportedTable CUSTOMERS = new ImportedTable(42, "customers");

    private final AppendSizes sizes = new AppendSizes();

    @Test
    void aTooSlowAppendQuartersItsTablesSizeDownToOneChange() {
        assertThat(sizes.changes(ORDERS)).isEqualTo(ChangeLog.MAX_CHANGES_PER_APPEND);
        assertThat(sizes.shrink(ORDERS)).isTrue();
        assertThat(sizes.changes(ORDERS)).isEqualTo(25);
        assertThat(sizes.bytes(ORDERS)).isEqualTo(ChangeLog.MAX_APPEND_BYTES / 4);
        assertThat(sizes.shrink(ORDERS)).isTrue();
        assertThat(sizes.shrink(ORDERS)).isTrue();
        assertThat(sizes.changes(ORDERS)).isEqualTo(1);
        assertThat(sizes.shrink(ORDERS)).as("one change: smaller cannot help").isFalse();
        assertThat(sizes.changes(CUSTOMERS)).as("another table's").isEqualTo(ChangeLog.MAX_CHANGES_PER_APPEND);
    }

    @Test
    void committedAppendsGrowItBackToTheFullSize() {
        sizes.shrink(ORDERS);
        sizes.shrink(ORDERS);
        sizes.shrink(ORDERS);
        int appends = 0;
        while (sizes.changes(ORDERS) < ChangeLog.MAX_CHANGES_PER_APPEND) {
            sizes.committed(ORDERS);
            appends++;
        }
        // a quarter more each time (one at least): back within a few dozen appends
        assertThat(appends).isBetween(10, 30);
        sizes.committed(ORDERS);
        assertThat(sizes.changes(ORDERS)).isEqualTo(ChangeLog.MAX_CHANGES_PER_APPEND);
    }
}
