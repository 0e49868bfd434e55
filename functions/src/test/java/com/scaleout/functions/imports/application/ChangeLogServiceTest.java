package com.scaleout.functions.imports.application;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.functions.imports.domain.AppliedChange;
import com.scaleout.functions.imports.domain.ChangeId;
import com.scaleout.functions.imports.domain.Columns;
import com.scaleout.functions.imports.domain.ImportedTable;
import com.scaleout.functions.imports.domain.LoggedChange;
import com.scaleout.functions.imports.domain.TableStatistics;
import com.scaleout.functions.imports.fakes.InMemoryChangeLog;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class ChangeLogServiceTest {
    private static final ImportedTable ORDERS = new ImportedTable(42, "orders");
    private static final ImportedTable CUSTOMERS = new ImportedTable(42, "customers");
    private static final ImportedTable OTHER_CLIENTS_ORDERS = new ImportedTable(7, "orders");

    private final InMemoryChangeLog log = new InMemoryChangeLog();
    private final ChangeLogService service = new ChangeLogService(log, millis -> { });

    private static AppliedChange change(ImportedTable table, String key, long sequence, boolean newKey,
                                        String dataJson) {
        return new AppliedChange(table, "rec-" + table.clientId() + "-" + key, sequence, newKey,
                "{\"id\":\"" + key + "\"}", dataJson);
    }

    private static AppliedChange insert(ImportedTable table, String key, long sequence) {
        return change(table, key, sequence, true, "{\"id\":\"" + key + "\"}");
    }

    private static AppliedChange modify(ImportedTable table, String key, long sequence) {
        return change(table, key, sequence, false, "{\"id\":\"" + key + "\"}");
    }

    private static List<String> keysInLog(List<LoggedChange> changes) {
        return changes.stream().map(change -> change.recordId() + "@" + change.sequence()).toList();
    }

    private static List<Long> positions(List<LoggedChange> changes) {
        return changes.stream().map(LoggedChange::position).toList();
    }

    private TableStatistics statistics(ImportedTable table) {
        return log.statistics(table).orElseThrow();
    }

    @Test
    void logsEachTablesChangesInStreamOrderAtPositionsOneTwoThree() {
        var batch = List.of(insert(ORDERS, "a", 10), insert(CUSTOMERS, "x", 3), insert(ORDERS, "b", 11),
                modify(ORDERS, "a", 12), insert(OTHER_CLIENTS_ORDERS, "a", 1), modify(CUSTOMERS, "x", 4));

        assertThat(service.record(batch)).isEmpty();

        assertThat(keysInLog(log.log(ORDERS))).containsExactly("rec-42-a@10", "rec-42-b@11", "rec-42-a@12");
        assertThat(positions(log.log(ORDERS))).containsExactly(1L, 2L, 3L);
        assertThat(keysInLog(log.log(CUSTOMERS))).containsExactly("rec-42-x@3", "rec-42-x@4");
        assertThat(positions(log.log(OTHER_CLIENTS_ORDERS))).containsExactly(1L);
        assertThat(statistics(ORDERS).rows()).isEqualTo(2);
        assertThat(statistics(ORDERS).lastSequence()).isEqualTo(12);
        assertThat(statistics(ORDERS).lastPosition()).isEqualTo(3);
        assertThat(statistics(CUSTOMERS).rows()).isEqualTo(1);
    }

    @Test
    void aReplayedBatchChangesNothingAndANewKeyIsCountedOnce() {
        var batch = List.of(insert(ORDERS, "a", 10), insert(ORDERS, "b", 11), modify(ORDERS, "a", 12));
        service.record(batch);
        var once = log.log(ORDERS);

        assertThat(service.record(batch)).isEmpty();
        assertThat(service.record(List.of(insert(ORDERS, "a", 10)))).isEmpty();

        assertThat(log.log(ORDERS)).isEqualTo(once);
        assertThat(statistics(ORDERS).rows()).isEqualTo(2);
        assertThat(log.committed()).hasSize(1);
    }

    @Test
    void aBatchRetriedFromItsMiddleLogsOnlyWhatWasMissing() {
        var batch = List.of(insert(ORDERS, "a", 1), insert(ORDERS, "b", 2), insert(ORDERS, "c", 3),
                insert(ORDERS, "d", 4));
        service.record(batch.subList(0, 2));

        assertThat(service.record(batch)).isEmpty();

        assertThat(keysInLog(log.log(ORDERS)))
                .containsExactly("rec-42-a@1", "rec-42-b@2", "rec-42-c@3", "rec-42-d@4");
        assertThat(statistics(ORDERS).rows()).isEqualTo(4);
    }

    @Test
    void theSameChangeTwiceInOneBatchIsLoggedOnce() {
        assertThat(service.record(List.of(insert(ORDERS, "a", 1), insert(ORDERS, "a", 1)))).isEmpty();

        assertThat(positions(log.log(ORDERS))).containsExactly(1L);
        assertThat(statistics(ORDERS).rows()).isEqualTo(1);
    }

    @Test
    void aLogIsAppendedInChunksOfAtMostAHundredChanges() {
        var batch = IntStream.range(0, 220).mapToObj(i -> insert(ORDERS, "k" + i, i)).toList();

        assertThat(service.record(batch)).isEmpty();

        assertThat(log.committed()).extracting(append -> append.changes().size()).containsExactly(100, 100, 20);
        assertThat(positions(log.log(ORDERS))).isEqualTo(LongStream.rangeClosed(1, 220).boxed().toList());
        assertThat(statistics(ORDERS).rows()).isEqualTo(220);
    }

    @Test
    void largeChangesAreSplitSoThatAnAppendStaysUnderTheTransactionSizeLimit() {
        String filler = "x".repeat(370_000);
        var batch = IntStream.range(0, 20).mapToObj(i -> change(ORDERS, "k" + i, i, true,
                "{\"id\":\"k" + i + "\",\"blob\":\"" + filler + "\"}")).toList();

        assertThat(service.record(batch)).isEmpty();

        assertThat(log.committed()).extracting(append -> append.changes().size()).containsExactly(9, 9, 2);
        for (var append : log.committed()) {
            long bytes = append.changes().stream().mapToLong(LoggedChange::payloadBytes).sum();
            assertThat(bytes).isLessThanOrEqualTo(ChangeLog.MAX_APPEND_BYTES);
        }
        assertThat(positions(log.log(ORDERS))).isEqualTo(LongStream.rangeClosed(1, 20).boxed().toList());
    }

    @Test
    void columnsCollectEveryTypeTheirValuesHad() {
        service.record(List.of(
                change(ORDERS, "a", 1, true, "{\"id\":1,\"total\":12.50,\"note\":\"first\",\"tags\":[\"x\"]}"),
                change(ORDERS, "b", 2, true, "{\"id\":\"b\",\"total\":7,\"note\":null,\"paid\":true,\"meta\":{}}")));

        assertThat(statistics(ORDERS).columns().typesByName()).isEqualTo(Map.of(
                "id", "integer|string",
                "total", "integer|number",
                "note", "null|string",
                "tags", "array",
                "paid", "boolean",
                "meta", "object"));
        assertThat(statistics(ORDERS).columns().truncated()).isFalse();
    }

    @Test
    void columnsPastTheCapAreNotTrackedAndTheTableSaysSo() {
        var fields = new StringBuilder("{");
        for (int i = 0; i < Columns.MAX_TRACKED + 200; i++) {
            fields.append(i == 0 ? "" : ",").append("\"c").append(i).append("\":").append(i);
        }
        service.record(List.of(change(ORDERS, "a", 1, true, fields.append("}").toString())));

        var columns = statistics(ORDERS).columns();
        assertThat(columns.tracked()).hasSize(Columns.MAX_TRACKED);
        assertThat(columns.typesByName()).containsKey("c0").doesNotContainKey("c" + Columns.MAX_TRACKED);
        assertThat(columns.truncated()).isTrue();

        service.record(List.of(change(ORDERS, "b", 2, true, "{\"c0\":\"now a string\"}")));
        assertThat(statistics(ORDERS).columns().typesByName()).containsEntry("c0", "integer");
        assertThat(statistics(ORDERS).columns().truncated()).isTrue();
    }

    @Test
    void longColumnNamesAreCappedByTheirBytesToo() {
        String longName = "n".repeat(5_000);
        var data = new StringBuilder("{");
        for (int i = 0; i < 5; i++) {
            data.append(i == 0 ? "" : ",").append("\"").append(longName).append(i).append("\":1");
        }
        service.record(List.of(change(ORDERS, "a", 1, true, data.append("}").toString())));

        var columns = statistics(ORDERS).columns();
        assertThat(columns.tracked()).hasSize(3);
        assertThat(columns.truncated()).isTrue();
    }

    @Test
    void aWriterThatLosesTheRaceForAPositionAppendsAfterTheWinner() {
        var rival = new ChangeLogService(log, millis -> { });
        log.beforeNextAppend(ours -> rival.record(List.of(insert(ORDERS, "rival", 99))));

        assertThat(service.record(List.of(insert(ORDERS, "a", 1), insert(ORDERS, "b", 2)))).isEmpty();

        assertThat(keysInLog(log.log(ORDERS))).containsExactly("rec-42-rival@99", "rec-42-a@1", "rec-42-b@2");
        assertThat(positions(log.log(ORDERS))).containsExactly(1L, 2L, 3L);
        assertThat(statistics(ORDERS).rows()).isEqualTo(3);
        assertThat(statistics(ORDERS).lastSequence()).isEqualTo(99);
        assertThat(log.refusedAppends()).isEqualTo(1);
    }

    @Test
    void aWriterThatFindsItsChangeLoggedByAnotherDropsIt() {
        var rival = new ChangeLogService(log, millis -> { });
        log.beforeNextAppend(ours -> rival.record(List.of(insert(ORDERS, "a", 1))));

        assertThat(service.record(List.of(insert(ORDERS, "a", 1), insert(ORDERS, "b", 2)))).isEmpty();

        assertThat(keysInLog(log.log(ORDERS))).containsExactly("rec-42-a@1", "rec-42-b@2");
        assertThat(statistics(ORDERS).rows()).isEqualTo(2);
    }

    @Test
    void aLogThatKeepsLosingRacesIsLeftForTheRetryFromItsFirstMissingChange() {
        var attempts = new int[1];
        ChangeLog alwaysRaced = intercepting(log, ORDERS, append -> {
            attempts[0]++;
            return false;
        });
        var batch = List.of(insert(CUSTOMERS, "x", 1), insert(ORDERS, "a", 1), insert(ORDERS, "b", 2));

        assertThat(new ChangeLogService(alwaysRaced, millis -> { }).record(batch)).hasValue(1);

        assertThat(attempts[0]).isEqualTo(ChangeLogService.MAX_ATTEMPTS);
        assertThat(keysInLog(log.log(CUSTOMERS))).containsExactly("rec-42-x@1");
        assertThat(log.log(ORDERS)).isEmpty();
    }

    @Test
    void aStoreFailureLeavesThatTableForTheRetryAndLogsTheOthers() {
        ChangeLog failing = intercepting(log, CUSTOMERS, append -> {
            throw new IllegalStateException("DynamoDB is unreachable");
        });
        var batch = List.of(insert(ORDERS, "a", 1), insert(ORDERS, "b", 2), insert(CUSTOMERS, "x", 1));

        assertThat(new ChangeLogService(failing, millis -> { }).record(batch)).hasValue(2);

        assertThat(keysInLog(log.log(ORDERS))).containsExactly("rec-42-a@1", "rec-42-b@2");
        assertThat(log.log(CUSTOMERS)).isEmpty();
    }

    @Test
    void changesAfterAFailureAreLeftForTheRetryThatBringsThemAgain() {
        ChangeLog failing = intercepting(log, CUSTOMERS, append -> {
            throw new IllegalStateException("DynamoDB is unreachable");
        });
        var batch = List.of(insert(CUSTOMERS, "x", 1), insert(ORDERS, "a", 1), insert(OTHER_CLIENTS_ORDERS, "c", 1));

        assertThat(new ChangeLogService(failing, millis -> { }).record(batch)).hasValue(0);

        assertThat(log.log(ORDERS)).isEmpty();
        assertThat(log.log(OTHER_CLIENTS_ORDERS)).isEmpty();
    }

    @Test
    void aLaterChunkThatFailsReportsItsFirstChangeAndKeepsTheEarlierChunks() {
        var appends = new int[1];
        ChangeLog secondFails = intercepting(log, ORDERS, append -> {
            if (++appends[0] == 2) {
                throw new IllegalStateException("throttled");
            }
            return log.append(append);
        });
        var batch = IntStream.range(0, 120).mapToObj(i -> insert(ORDERS, "k" + i, i)).toList();

        assertThat(new ChangeLogService(secondFails, millis -> { }).record(batch)).hasValue(100);

        assertThat(positions(log.log(ORDERS))).isEqualTo(LongStream.rangeClosed(1, 100).boxed().toList());
        assertThat(service.record(batch.subList(100, 120))).isEmpty();
        assertThat(positions(log.log(ORDERS))).isEqualTo(LongStream.rangeClosed(1, 120).boxed().toList());
    }

    @Test
    void anAppendTooSlowForItsClaimIsTriedAgainSmallerUntilEveryChangeIsLogged() {
        var sizes = new java.util.ArrayList<Integer>();
        // a throttled log: its partition writes 6 changes within a claim's time, no more
        ChangeLog throttled = intercepting(log, ORDERS, append -> {
            sizes.add(append.changes().size());
            if (append.changes().size() > 6) {
                throw new ChangeLog.AppendTooSlow("throttled", null);
            }
            return log.append(append);
        });
        var batch = IntStream.range(0, 100).mapToObj(i -> insert(ORDERS, "k" + i, i)).toList();

        assertThat(new ChangeLogService(throttled, millis -> { }).record(batch)).isEmpty();

        assertThat(positions(log.log(ORDERS))).isEqualTo(LongStream.rangeClosed(1, 100).boxed().toList());
        assertThat(statistics(ORDERS).rows()).isEqualTo(100);
        assertThat(sizes.getFirst()).isEqualTo(ChangeLog.MAX_CHANGES_PER_APPEND);
        assertThat(sizes).contains(25, 6); // quartered twice, then small appends that fit
    }

    @Test
    void aLogTooSlowForOneChangeAnAppendIsLeftForTheRetry() {
        ChangeLog stalled = intercepting(log, ORDERS, append -> {
            throw new ChangeLog.AppendTooSlow("throttled", null);
        });
        var batch = List.of(insert(ORDERS, "a", 1), insert(ORDERS, "b", 2));

        assertThat(new ChangeLogService(stalled, millis -> { }).record(batch)).hasValue(0);

        assertThat(log.log(ORDERS)).isEmpty();
    }

    @Test
    void anUnreadableChangeIsReportedItselfAndTheChangesBeforeItAreLogged() {
        var batch = List.of(insert(ORDERS, "a", 1), insert(ORDERS, "b", 2),
                change(ORDERS, "c", 3, true, "not json"), insert(ORDERS, "d", 4));

        assertThat(service.record(batch)).hasValue(2);

        assertThat(keysInLog(log.log(ORDERS))).containsExactly("rec-42-a@1", "rec-42-b@2");
    }

    @Test
    void aPageEndsBeforeAPositionThatIsNotVisibleYet() {
        for (long position : new long[] {1, 2, 4}) {
            log.putRaw(ORDERS, new LoggedChange(position, position, "r" + position, "{}", "{}"));
        }

        var page = service.changes(ORDERS, 0, 10);

        assertThat(positions(page.changes())).containsExactly(1L, 2L);
        assertThat(page.next()).isEmpty();
        assertThat(service.changes(ORDERS, 2, 10).changes()).isEmpty();
    }

    @Test
    void aFullPageNamesItsLastPositionAsNextAndTheLastPageNone() {
        service.record(IntStream.range(0, 5).mapToObj(i -> insert(ORDERS, "k" + i, i)).toList());

        var first = service.changes(ORDERS, 0, 2);
        var second = service.changes(ORDERS, first.next().getAsLong(), 2);
        var last = service.changes(ORDERS, second.next().getAsLong(), 2);

        assertThat(positions(first.changes())).containsExactly(1L, 2L);
        assertThat(first.next()).isEqualTo(OptionalLong.of(2));
        assertThat(positions(second.changes())).containsExactly(3L, 4L);
        assertThat(positions(last.changes())).containsExactly(5L);
        assertThat(last.next()).isEmpty();
        assertThat(service.changes(new ImportedTable(42, "unknown"), 0, 10).changes()).isEmpty();
    }

    @Test
    void aPageStopsOnceItHoldsTwoMegabytesAndSaysThereIsMore() {
        String filler = "x".repeat(370_000);
        service.record(IntStream.range(0, 15).mapToObj(i -> change(ORDERS, "k" + i, i, true,
                "{\"blob\":\"" + filler + "\"}")).toList());

        var page = service.changes(ORDERS, 0, 1000);

        assertThat(page.changes()).hasSize(6); // 5 x 370 KB < 2 MB, and the sixth ends the page
        assertThat(page.next()).hasValue(page.changes().getLast().position());
    }

    @Test
    void aTablesSameDeclarationIsWrittenOnceAndAnotherOneAgain() {
        var table = new ImportedTable(42, "declared");
        var writes = new java.util.ArrayList<java.util.Map<String, String>>();
        var recording = new ChangeLogService(new ChangeLog() {
            public java.util.Optional<TableStatistics> statistics(ImportedTable t) { return log.statistics(t); }
            public java.util.Set<ChangeId> logged(java.util.Collection<ChangeId> changes) { return log.logged(changes); }
            public boolean append(Append append) { return log.append(append); }
            public void declareTypes(ImportedTable t, java.util.Map<String, String> types) { writes.add(types); }
            public TablesPage tables(long clientId, int limit, java.util.Optional<String> afterName) { return null; }
            public List<LoggedChange> changes(ImportedTable t, long after, int limit, long maxBytes) { return List.of(); }
        });

        recording.declareTypes(table, java.util.Map.of("price", "number"));
        recording.declareTypes(table, java.util.Map.of("price", "number"));
        recording.declareTypes(table, java.util.Map.of());
        recording.declareTypes(table, java.util.Map.of("price", "integer"));

        assertThat(writes).containsExactly(java.util.Map.of("price", "number"), java.util.Map.of("price", "integer"));
    }

    /** The fake, except that appends to {@code table} go to {@code onAppend}. */
    private static ChangeLog intercepting(InMemoryChangeLog log, ImportedTable table,
                                          Function<ChangeLog.Append, Boolean> onAppend) {
        return new ChangeLog() {
            @Override
            public Optional<TableStatistics> statistics(ImportedTable which) {
                return log.statistics(which);
            }

            @Override
            public Set<ChangeId> logged(Collection<ChangeId> changes) {
                return log.logged(changes);
            }

            @Override
            public boolean append(Append append) {
                return append.table().equals(table) ? onAppend.apply(append) : log.append(append);
            }

            @Override
            public void declareTypes(ImportedTable which, java.util.Map<String, String> types) {
                log.declareTypes(which, types);
            }

            @Override
            public TablesPage tables(long clientId, int limit, Optional<String> afterName) {
                return log.tables(clientId, limit, afterName);
            }

            @Override
            public List<LoggedChange> changes(ImportedTable which, long afterPosition, int limit, long maxBytes) {
                return log.changes(which, afterPosition, limit, maxBytes);
            }
        };
    }
}
