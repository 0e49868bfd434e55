package com.scaleout.local.imports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.functions.imports.application.ChangeLog;
import com.scaleout.functions.imports.application.ChangeLogService;
import com.scaleout.functions.imports.domain.AppliedChange;
import com.scaleout.functions.imports.domain.ChangeId;
import com.scaleout.functions.imports.domain.ImportedTable;
import com.scaleout.functions.imports.domain.LoggedChange;
import com.scaleout.functions.imports.dynamodb.DynamoChangeLog;
import com.scaleout.local.testing.RuntimeFixture;
import com.scaleout.local.testing.SettableClock;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * The change log's append protocol against moto_server: an append whose owner died after claiming its positions
 * (and writing some of its changes and marks) hides nothing, blocks the log only until its claim is stale, and
 * is rolled back so that the same changes are logged at those positions by the next appender.
 */
class DynamoChangeLogIT {
    private static RuntimeFixture fixture;
    private static DynamoDbClient dynamoDb;

    @BeforeAll
    static void start() throws Exception {
        Declaration production = ScaleoutDeclaration.declaration();
        fixture = RuntimeFixture.start(Declaration.builder()
                .table(production.table("ImportChanges"))
                .table(production.table("ImportTables"))
                .build());
        dynamoDb = fixture.runtime().dynamoDb();
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    private static SettableClock newClock() {
        return new SettableClock(Instant.parse("2026-11-30T12:00:00Z"));
    }

    /** A table of a client of its own: no other test's log or statistics. */
    private static ImportedTable newTable() {
        return new ImportedTable(ThreadLocalRandom.current().nextLong(1, Long.MAX_VALUE), "orders");
    }

    /** The change log over the production tables, through {@code client}. */
    private static DynamoChangeLog changeLog(DynamoDbClient client, SettableClock clock) {
        return new DynamoChangeLog(client, "ImportChanges", "ImportTables", clock);
    }

    private static AppliedChange change(ImportedTable table, String recordId, long sequence, String data) {
        return new AppliedChange(table, recordId, sequence, true, "{\"id\":\"" + recordId + "\"}", data);
    }

    /** What a crashed appender leaves: its claim on positions 3..4, the change at 3 and its mark, nothing at 4. */
    private static void leaveAbandonedAppend(ImportedTable table, SettableClock clock) {
        String log = table.clientId() + "/" + table.name();
        dynamoDb.updateItem(update -> update.tableName("ImportTables")
                .key(Map.of("clientId", AttributeValue.fromS(Long.toString(table.clientId())),
                        "tableName", AttributeValue.fromS(table.name())))
                .updateExpression("SET #claim = :claim")
                .expressionAttributeNames(Map.of("#claim", "claim"))
                .expressionAttributeValues(Map.of(":claim", AttributeValue.fromM(Map.of(
                        "id", AttributeValue.fromS("crashed"),
                        "at", AttributeValue.fromN(Long.toString(clock.millis())),
                        "from", AttributeValue.fromN("3"),
                        "to", AttributeValue.fromN("4"),
                        "marks", AttributeValue.fromL(List.of(AttributeValue.fromS("mark/r3/30"),
                                AttributeValue.fromS("mark/r4/40"))))))));
        dynamoDb.putItem(put -> put.tableName("ImportChanges").item(Map.of(
                "log", AttributeValue.fromS(log), "position", AttributeValue.fromN("3"),
                "sequence", AttributeValue.fromN("30"), "recordId", AttributeValue.fromS("r3"),
                "keyJson", AttributeValue.fromS("{}"), "dataJson", AttributeValue.fromS("{\"half\":\"written\"}"))));
        dynamoDb.putItem(put -> put.tableName("ImportChanges").item(Map.of(
                "log", AttributeValue.fromS("mark/r3/30"), "position", AttributeValue.fromN("0"),
                "markedLog", AttributeValue.fromS(log), "markedPosition", AttributeValue.fromN("3"))));
    }

    @Test
    void anAbandonedAppendHidesNothingBlocksOnlyUntilStaleAndIsRedoneByTheNextAppender() {
        var clock = newClock();
        var log = changeLog(dynamoDb, clock);
        var service = new ChangeLogService(log);
        var table = newTable();
        assertThat(service.record(List.of(change(table, "r1", 10, "{\"n\":1}"), change(table, "r2", 20, "{\"n\":2}"))))
                .isEmpty();

        leaveAbandonedAppend(table, clock);

        // uncommitted: its change is invisible and its mark does not count, so a replay will log it again
        assertThat(log.changes(table, 0, 100, Long.MAX_VALUE)).extracting(LoggedChange::position).containsExactly(1L, 2L);
        assertThat(log.logged(List.of(new ChangeId("r3", 30)))).isEmpty();
        assertThat(log.statistics(table).orElseThrow().lastPosition()).isEqualTo(2);

        var redelivered = List.of(change(table, "r3", 30, "{\"n\":3}"), change(table, "r4", 40, "{\"n\":4}"));
        clock.advance(Duration.ofSeconds(10));
        assertThat(service.record(redelivered)).as("a fresh claim may still commit: wait").hasValue(0);

        clock.advance(DynamoChangeLog.CLAIM_TIMEOUT);
        assertThat(service.record(redelivered)).isEmpty();

        var changes = log.changes(table, 0, 100, Long.MAX_VALUE);
        assertThat(changes).extracting(LoggedChange::position).containsExactly(1L, 2L, 3L, 4L);
        assertThat(changes).extracting(LoggedChange::dataJson)
                .containsExactly("{\"n\":1}", "{\"n\":2}", "{\"n\":3}", "{\"n\":4}");
        var statistics = log.statistics(table).orElseThrow();
        assertThat(statistics.lastPosition()).isEqualTo(4);
        assertThat(statistics.rows()).isEqualTo(4);
        assertThat(log.logged(List.of(new ChangeId("r3", 30), new ChangeId("r4", 40)))).hasSize(2);

        assertThat(service.record(redelivered)).as("a replay after the commit").isEmpty();
        assertThat(log.changes(table, 0, 100, Long.MAX_VALUE)).hasSize(4);
    }

    /**
     * The fixture's client against moto, but for the calls {@code fault} refuses: those fail as a throttled call
     * does (after the SDK's retries), before reaching moto. A fault on the client, not a mock of DynamoDB.
     */
    private static DynamoDbClient withFault(Predicate<String> fault) {
        InvocationHandler handler = (proxy, method, arguments) -> {
            if (fault.test(method.getName())) {
                throw DynamoDbException.builder().statusCode(400).awsErrorDetails(AwsErrorDetails.builder()
                        .errorCode("ThrottlingException").errorMessage("Rate of requests exceeds the allowed "
                                + "throughput").build()).build();
            }
            try {
                return method.invoke(dynamoDb, arguments);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        };
        return (DynamoDbClient) Proxy.newProxyInstance(DynamoDbClient.class.getClassLoader(),
                new Class<?>[] {DynamoDbClient.class}, handler);
    }

    /** The first append to a new table's log: {@code recordIds} at positions 1, 2, ... */
    private static ChangeLog.Append firstAppend(ImportedTable table, List<String> recordIds) {
        var changes = new ArrayList<LoggedChange>();
        for (int i = 0; i < recordIds.size(); i++) {
            changes.add(new LoggedChange(i + 1, 10L * (i + 1), recordIds.get(i), "{}", "{\"n\":" + (i + 1) + "}"));
        }
        return new ChangeLog.Append(table, 0, changes, changes.size(), 10L * changes.size(), Set.of(), false);
    }

    private static List<String> uniqueRecordIds(int count) {
        return IntStream.range(0, count).mapToObj(i -> "w" + UUID.randomUUID()).toList();
    }

    @Test
    void anAppendThrottledMidwayRollsItsOwnClaimBackSoTheNextAppenderNeedNotWait() {
        var clock = newClock();
        var table = newTable();
        var append = firstAppend(table, uniqueRecordIds(2));
        // the changes' batch write is throttled; the rollback's deletes, the next batch write, go through
        var batchWrites = new AtomicInteger();
        var throttled = changeLog(withFault(operation -> "batchWriteItem".equals(operation)
                && batchWrites.getAndIncrement() == 0), clock);

        assertThatThrownBy(() -> throttled.append(append)).isInstanceOf(ChangeLog.AppendTooSlow.class)
                .hasRootCauseInstanceOf(DynamoDbException.class);

        // the clock stands still: a claim left behind would hold the next appender until it is stale
        var log = changeLog(dynamoDb, clock);
        assertThat(log.changes(table, 0, 100, Long.MAX_VALUE)).as("nothing committed").isEmpty();
        assertThat(log.append(append)).isTrue();
        assertThat(log.changes(table, 0, 100, Long.MAX_VALUE)).extracting(LoggedChange::position)
                .containsExactly(1L, 2L);
    }

    @Test
    void aClaimItsAppenderCouldNotRollBackHoldsTheLogOnlyUntilStale() {
        var clock = newClock();
        var table = newTable();
        var append = firstAppend(table, uniqueRecordIds(2));
        // the changes' batch write is throttled, and so is every call after it: the appender cannot undo its claim
        var writesFailed = new AtomicBoolean();
        var throttled = changeLog(withFault(operation -> writesFailed.get()
                || "batchWriteItem".equals(operation) && writesFailed.compareAndSet(false, true)), clock);

        assertThatThrownBy(() -> throttled.append(append)).isInstanceOf(ChangeLog.AppendTooSlow.class);

        var log = changeLog(dynamoDb, clock);
        assertThat(log.append(append)).as("a fresh claim may still commit: wait").isFalse();
        clock.advance(DynamoChangeLog.CLAIM_TIMEOUT.plusSeconds(1));
        // the stale claim is rolled back by the append that finds it (which may leave the log to the next try)
        assertThat(log.append(append) || log.append(append)).as("stale: rolled back, then appended").isTrue();
        assertThat(log.changes(table, 0, 100, Long.MAX_VALUE)).extracting(LoggedChange::dataJson)
                .containsExactly("{\"n\":1}", "{\"n\":2}");
    }

    @Test
    void changesUpToAPositionKnownCommittedAreReadWithoutTheStatistics() {
        var clock = newClock();
        var log = changeLog(dynamoDb, clock);
        var table = newTable();
        // record ids of their own: a dedupe mark is by record and sequence, whatever the table
        assertThat(new ChangeLogService(log).record(List.of(change(table, "u1", 10, "{\"n\":1}"),
                change(table, "u2", 20, "{\"n\":2}"), change(table, "u3", 30, "{\"n\":3}")))).isEmpty();
        // the statistics table does not exist for this one: a read of the committed position would fail
        var withoutStatistics = new DynamoChangeLog(dynamoDb, "ImportChanges", "NoImportTables", clock);

        assertThat(withoutStatistics.changesUpTo(table, 0, 2, 100, Long.MAX_VALUE))
                .extracting(LoggedChange::position).containsExactly(1L, 2L);
        assertThat(withoutStatistics.changesUpTo(table, 1, 3, 100, Long.MAX_VALUE))
                .extracting(LoggedChange::dataJson).containsExactly("{\"n\":2}", "{\"n\":3}");
        assertThat(withoutStatistics.changesUpTo(table, 3, 3, 100, Long.MAX_VALUE)).isEmpty();
        assertThat(log.changes(table, 0, 100, Long.MAX_VALUE)).extracting(LoggedChange::position)
                .containsExactly(1L, 2L, 3L);
    }
}
