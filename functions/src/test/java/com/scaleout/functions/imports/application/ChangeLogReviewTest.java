package com.scaleout.functions.imports.application;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.functions.imports.domain.AppliedChange;
import com.scaleout.functions.imports.domain.ChangeId;
import com.scaleout.functions.imports.domain.ImportedTable;
import com.scaleout.functions.imports.domain.LoggedChange;
import com.scaleout.functions.imports.domain.TableStatistics;
import com.scaleout.functions.imports.dynamodb.DynamoChangeLog;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Review finding: while an abandoned claim is younger than CLAIM_TIMEOUT (90 s), DynamoChangeLog.append returns
 * false on every call. The stream consumer is declared with retryAttempts(10) and an on-failure destination, so
 * Lambda gives up on the batch after 11 invocations: their waits must outlast the claim, or the changes of that
 * table in the batch go to the DLQ (metadata only) and never reach the change log.
 */
class ChangeLogReviewTest {
    @Test
    void elevenInvocationsOutlastAnAbandonedClaim() {
        var table = new ImportedTable(42, "orders");
        ChangeLog blocked = new ChangeLog() {
            public Optional<TableStatistics> statistics(ImportedTable t) { return Optional.empty(); }
            public Set<ChangeId> logged(Collection<ChangeId> changes) { return Set.of(); }
            public boolean append(Append append) { return false; } // claim pending, not yet stale
            public void declareTypes(ImportedTable t, java.util.Map<String, String> types) { }
            public TablesPage tables(long clientId, int limit, Optional<String> afterName) { return null; }
            public List<LoggedChange> changes(ImportedTable t, long after, int limit, long maxBytes) { return List.of(); }
        };
        var slept = new AtomicLong();
        var service = new ChangeLogService(blocked, wait -> slept.addAndGet(wait.toMillis()));
        var batch = List.of(new AppliedChange(table, "r1", 1, true, "{\"id\":1}", "{\"id\":1}"));

        for (int invocation = 0; invocation < 1 + 10; invocation++) {
            assertThat(service.record(batch)).hasValue(0);
        }

        // the upper bound: ChangeLogService's backoff ceilings 40+80+160+320+640+1000+1000 ms per invocation
        assertThat(slept.get()).as("ms waited by 11 invocations")
                .isGreaterThan(DynamoChangeLog.CLAIM_TIMEOUT.toMillis());
    }
}
