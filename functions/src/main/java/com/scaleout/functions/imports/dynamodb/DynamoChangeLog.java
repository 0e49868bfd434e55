package com.scaleout.functions.imports.dynamodb;

import static com.scaleout.functions.shared.aws.Attributes.n;
import static com.scaleout.functions.shared.aws.Attributes.number;
import static com.scaleout.functions.shared.aws.Attributes.s;
import static com.scaleout.functions.shared.aws.Attributes.string;

import com.scaleout.functions.imports.application.ChangeLog;
import com.scaleout.functions.imports.domain.ChangeId;
import com.scaleout.functions.imports.domain.Columns;
import com.scaleout.functions.imports.domain.ImportedTable;
import com.scaleout.functions.imports.domain.LoggedChange;
import com.scaleout.functions.imports.domain.TableStatistics;
import com.scaleout.functions.shared.retry.Jitter;
import com.scaleout.functions.shared.retry.Retry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.logging.Logger;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * The change logs in {@code ImportChanges} and the statistics in {@code ImportTables}, appended without
 * transactions. An append (1) claims its positions with one conditional update of the statistics item
 * ({@code lastPosition} as expected, no claim pending), (2) writes its changes and their dedupe marks with plain
 * batch writes, and (3) commits: one update, conditioned on still holding the claim, that moves
 * {@code lastPosition} (the committed end), adds rows and columns, and drops the claim. Readers see positions up
 * to {@code lastPosition} only, so a change becomes visible exactly when its append commits, in position order.
 * A mark counts only once its position is committed. A claim whose owner died (older than {@link #CLAIM_TIMEOUT},
 * longer than the function may run) is rolled back by the next appender: its changes and marks are deleted, then
 * the claim.
 *
 * <p>Why not one TransactWriteItems: it would be simpler, but moto (the local emulator) copies a whole table for
 * every item of a transaction, so appends slowed down as the log grew until the local stack stalled. This
 * protocol costs two small updates and a batch write per append, locally and in AWS (where it also avoids the
 * doubled write cost of transactions, and the 100-action limit an append of 100 changes and marks exceeds).
 * docs/data-model.md ("Why this protocol, and not a transaction, in AWS too") gives the argument in full.
 */
public final class DynamoChangeLog implements ChangeLog {
    private static final Logger LOG = Logger.getLogger(DynamoChangeLog.class.getName());
    /** How long a dedupe mark outlives its change's stream record (kept 24 hours by DynamoDB Streams). */
    static final Duration MARK_LIFETIME = Duration.ofDays(7);
    private static final int BATCH_GET_KEYS = 100;
    private static final int UNPROCESSED_ROUNDS = 5;
    /** Unprocessed items: five rounds in all, after waits of full jitter up to 25 ms, doubling to 500 ms. */
    private static final Retry UNPROCESSED_RETRY =
            Retry.on(Jitter.full(Duration.ofMillis(25), Duration.ofMillis(500))).atMost(UNPROCESSED_ROUNDS);
    /**
     * How long a claim may stay uncommitted before another appender rolls it back. Its owner stops writing, and
     * does not commit, once half of it has passed, and each of its calls ends within the SDK's 4 s call timeout,
     * so nothing the owner sends lands after that: an older claim is abandoned. It must also be shorter than the
     * waits of Lambda's retries of a batch (ChangeLogService's backoff), or a dead appender's table would keep
     * failing until the batch ran out of retries.
     */
    public static final Duration CLAIM_TIMEOUT = Duration.ofSeconds(15);
    private static final int BATCH_WRITE_ITEMS = 25;

    private final DynamoDbClient dynamoDb;
    private final String changesTable;
    private final String statisticsTable;
    private final Clock clock;
    private final Retry retry;

    public DynamoChangeLog(DynamoDbClient dynamoDb, String changesTable, String statisticsTable, Clock clock) {
        this.dynamoDb = dynamoDb;
        this.changesTable = changesTable;
        this.statisticsTable = statisticsTable;
        this.clock = clock;
        this.retry = UNPROCESSED_RETRY.withClock(clock);
    }

    static String logOf(ImportedTable table) {
        return table.clientId() + "/" + table.name();
    }

    static String markOf(ChangeId change) {
        return "mark/" + change.recordId() + "/" + change.sequence();
    }

    private static Map<String, AttributeValue> statisticsKey(ImportedTable table) {
        return Map.of(ImportTables.Statistics.CLIENT_ID, s(Long.toString(table.clientId())),
                ImportTables.Statistics.TABLE, s(table.name()));
    }

    private static Map<String, AttributeValue> markKey(ChangeId change) {
        return markKey(markOf(change));
    }

    private static Map<String, AttributeValue> markKey(String mark) {
        return Map.of(ImportTables.Change.LOG, s(mark), ImportTables.Change.POSITION, n(0));
    }

    private static Map<String, AttributeValue> changeKey(String log, long position) {
        return Map.of(ImportTables.Change.LOG, s(log), ImportTables.Change.POSITION, n(position));
    }

    @Override
    public Optional<TableStatistics> statistics(ImportedTable table) {
        Map<String, AttributeValue> item = dynamoDb.getItem(get -> get.tableName(statisticsTable)
                .key(statisticsKey(table)).consistentRead(true)).item();
        return item == null || item.isEmpty() ? Optional.empty() : Optional.of(toStatistics(item));
    }

    /** An unconditional SET of the one attribute: appends and claims condition on others, so none is disturbed. */
    @Override
    public void declareTypes(ImportedTable table, Map<String, String> types) {
        var declared = new HashMap<String, AttributeValue>();
        types.forEach((field, type) -> declared.put(field, s(type)));
        dynamoDb.updateItem(update -> update.tableName(statisticsTable).key(statisticsKey(table))
                .updateExpression("SET #types = :types")
                .expressionAttributeNames(Map.of("#types", ImportTables.Statistics.DECLARED_TYPES))
                .expressionAttributeValues(Map.of(":types", AttributeValue.fromM(declared))));
    }

    @Override
    public Set<ChangeId> logged(Collection<ChangeId> changes) {
        var byMark = new HashMap<String, ChangeId>();
        changes.forEach(change -> byMark.put(markOf(change), change));
        var found = new HashSet<ChangeId>();
        var committedByLog = new HashMap<String, Long>();
        var keys = byMark.values().stream().map(DynamoChangeLog::markKey).toList();
        for (int from = 0; from < keys.size(); from += BATCH_GET_KEYS) {
            List<Map<String, AttributeValue>> chunk = keys.subList(from, Math.min(keys.size(), from + BATCH_GET_KEYS));
            Map<String, KeysAndAttributes> request = Map.of(changesTable, KeysAndAttributes.builder().keys(chunk)
                    .consistentRead(true).projectionExpression("#log, #of, #at")
                    .expressionAttributeNames(Map.of("#log", ImportTables.Change.LOG,
                            "#of", ImportTables.Change.MARKED_LOG, "#at", ImportTables.Change.MARKED_POSITION))
                    .build());
            Map<String, KeysAndAttributes> unread = retry.drain(request, pending -> {
                var response = dynamoDb.batchGetItem(get -> get.requestItems(pending));
                for (var mark : response.responses().getOrDefault(changesTable, List.of())) {
                    // a mark of an append not committed (or being rolled back) does not count yet
                    long committed = committedByLog.computeIfAbsent(
                            string(mark, ImportTables.Change.MARKED_LOG), this::committedPosition);
                    if (number(mark, ImportTables.Change.MARKED_POSITION) <= committed) {
                        found.add(byMark.get(string(mark, ImportTables.Change.LOG)));
                    }
                }
                return response.unprocessedKeys();
            }, Map::isEmpty);
            if (!unread.isEmpty()) {
                throw new IllegalStateException("DynamoDB left dedupe marks unread " + UNPROCESSED_ROUNDS + " times");
            }
        }
        return found;
    }

    @Override
    public boolean append(Append append) {
        var claim = new Claim(UUID.randomUUID().toString(), clock.millis(), append.changes().stream()
                .map(change -> markOf(new ChangeId(change.recordId(), change.sequence()))).toList(),
                append.expectedLastPosition() + 1, append.lastPosition());
        if (!claim(append, claim)) {
            rollBackAbandonedClaim(append.table());
            return false;
        }
        try {
            writeChanges(append, claim);
            requireTimeLeft(claim);
            return commit(append, claim);
        } catch (RuntimeException e) {
            rollBackIfStillClaimed(append.table(), claim); // the next appender need not wait for the claim to age
            if (slow(e)) {
                throw new AppendTooSlow("change log " + logOf(append.table()) + ": " + append.changes().size()
                        + " changes not written within their claim's time", e);
            }
            throw e;
        }
    }

    /** Whether a failure is the store's slowness (throttled, timed out, out of the claim's time), not an error. */
    private static boolean slow(RuntimeException e) {
        return e instanceof OutOfClaimTime || e instanceof UnprocessedWrites
                || e instanceof software.amazon.awssdk.core.exception.ApiCallTimeoutException
                || e instanceof software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException
                || (e instanceof software.amazon.awssdk.awscore.exception.AwsServiceException service
                        && service.isThrottlingException());
    }

    /** The claim's owner stops writing once half its lifetime has passed. */
    private static final class OutOfClaimTime extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        OutOfClaimTime() {
            super("change-log append ran out of its claim's time");
        }
    }

    /** DynamoDB left writes unprocessed round after round: the table or a partition is throttled. */
    private static final class UnprocessedWrites extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        UnprocessedWrites() {
            super("DynamoDB left change-log writes unprocessed " + UNPROCESSED_ROUNDS + " times");
        }
    }

    /** Positions {@code from..to} of a log, taken by one appender until it commits or is rolled back. */
    private record Claim(String id, long claimedAtMillis, List<String> marks, long from, long to) {
        AttributeValue toAttribute() {
            return AttributeValue.fromM(Map.of(
                    "id", s(id),
                    "at", n(claimedAtMillis),
                    "from", n(from),
                    "to", n(to),
                    "marks", AttributeValue.fromL(marks.stream().map(AttributeValue::fromS).toList())));
        }

        static Claim from(AttributeValue value) {
            Map<String, AttributeValue> claim = value.m();
            return new Claim(claim.get("id").s(), Long.parseLong(claim.get("at").n()),
                    claim.get("marks").l().stream().map(AttributeValue::s).toList(),
                    Long.parseLong(claim.get("from").n()), Long.parseLong(claim.get("to").n()));
        }
    }

    private boolean claim(Append append, Claim claim) {
        var values = new HashMap<String, AttributeValue>();
        values.put(":claim", claim.toAttribute());
        if (append.expectedLastPosition() != 0) {
            values.put(":expected", n(append.expectedLastPosition()));
        }
        try {
            dynamoDb.updateItem(update -> update.tableName(statisticsTable)
                    .key(statisticsKey(append.table()))
                    .updateExpression("SET #claim = :claim")
                    .conditionExpression((append.expectedLastPosition() == 0 ? "attribute_not_exists(#last)"
                            : "#last = :expected") + " AND attribute_not_exists(#claim)")
                    .expressionAttributeNames(Map.of("#claim", ImportTables.Statistics.CLAIM,
                            "#last", ImportTables.Statistics.LAST_POSITION))
                    .expressionAttributeValues(values));
            return true;
        } catch (ConditionalCheckFailedException someoneElseAppended) {
            return false;
        }
    }

    private void writeChanges(Append append, Claim claim) {
        String log = logOf(append.table());
        long expiresAt = clock.instant().plus(MARK_LIFETIME).getEpochSecond();
        var writes = new ArrayList<WriteRequest>(2 * append.changes().size());
        for (LoggedChange change : append.changes()) {
            var item = new HashMap<>(Map.of(
                    ImportTables.Change.LOG, s(log),
                    ImportTables.Change.POSITION, n(change.position()),
                    ImportTables.Change.SEQUENCE, n(change.sequence()),
                    ImportTables.Change.RECORD_ID, s(change.recordId()),
                    ImportTables.Change.KEY, s(change.keyJson()),
                    ImportTables.Change.DATA, s(change.dataJson())));
            if (change.receivedAt() != null) {
                item.put(ImportTables.Change.RECEIVED_AT, n(change.receivedAt().toEpochMilli()));
            }
            writes.add(put(item));
            var mark = new HashMap<>(markKey(new ChangeId(change.recordId(), change.sequence())));
            mark.put(ImportTables.Change.MARKED_LOG, s(log));
            mark.put(ImportTables.Change.MARKED_POSITION, n(change.position()));
            mark.put(ImportTables.Change.EXPIRES_AT, n(expiresAt));
            writes.add(put(mark));
        }
        batchWrite(writes, claim);
    }

    private boolean commit(Append append, Claim claim) {
        var names = new HashMap<>(statisticsNames(append));
        names.put("#claim", ImportTables.Statistics.CLAIM);
        var values = new HashMap<>(statisticsValues(append));
        values.remove(":expected");
        values.put(":id", s(claim.id()));
        try {
            dynamoDb.updateItem(update -> update.tableName(statisticsTable)
                    .key(statisticsKey(append.table()))
                    .updateExpression(statisticsUpdate(append) + " REMOVE #claim")
                    .conditionExpression("#claim.id = :id")
                    .expressionAttributeNames(names)
                    .expressionAttributeValues(values));
            return true;
        } catch (ConditionalCheckFailedException rolledBack) {
            return false; // taken for dead and rolled back: the caller reads the log's end and tries again
        }
    }

    private Optional<Claim> pendingClaim(ImportedTable table) {
        Map<String, AttributeValue> item = dynamoDb.getItem(get -> get.tableName(statisticsTable)
                .key(statisticsKey(table)).consistentRead(true)).item();
        AttributeValue pending = item == null ? null : item.get(ImportTables.Statistics.CLAIM);
        return pending == null || !pending.hasM() ? Optional.empty() : Optional.of(Claim.from(pending));
    }

    /**
     * After a failure of its own: rolls its claim back unless it is gone, i.e. the commit went through though its
     * answer was lost (a timeout), in which case the changes are committed and must stay.
     */
    private void rollBackIfStillClaimed(ImportedTable table, Claim claim) {
        try {
            if (pendingClaim(table).filter(pending -> pending.id().equals(claim.id())).isPresent()) {
                rollBack(table, claim);
            }
        } catch (RuntimeException e) {
            LOG.warning(() -> "change log " + logOf(table) + ": could not roll back its own claim (" + e
                    + "); the next appender will, once it is stale");
        }
    }

    private void requireTimeLeft(Claim claim) {
        if (clock.millis() - claim.claimedAtMillis() > CLAIM_TIMEOUT.toMillis() / 2) {
            throw new OutOfClaimTime();
        }
    }

    /** Rolls back the claim pending on {@code table} if its owner must be gone. */
    private void rollBackAbandonedClaim(ImportedTable table) {
        Optional<Claim> pending = pendingClaim(table);
        if (pending.isEmpty()) {
            return;
        }
        Claim claim = pending.get();
        if (clock.millis() - claim.claimedAtMillis() > CLAIM_TIMEOUT.toMillis()) {
            LOG.warning(() -> "change log " + logOf(table) + ": rolling back positions " + claim.from() + ".."
                    + claim.to() + ", claimed " + (clock.millis() - claim.claimedAtMillis()) / 1000
                    + " s ago and never committed");
            rollBack(table, claim);
        }
    }

    /**
     * Deletes what the claim may have written (marks first, so none outlives it), then the claim itself. Of the
     * claimed positions only those the log holds are deleted: an append stopped by its partition's throttling wrote
     * few of them, and deleting the others would spend that partition's capacity on nothing (a rollback as slow as
     * the append it undoes would never finish). Every mark goes, written or not: a mark outliving its change would
     * count a later change at its position as logged.
     */
    private void rollBack(ImportedTable table, Claim claim) {
        var deletes = new ArrayList<WriteRequest>();
        claim.marks().forEach(mark -> deletes.add(delete(markKey(mark))));
        writtenPositions(table, claim).forEach(position -> deletes.add(delete(changeKey(logOf(table), position))));
        batchWrite(deletes, null);
        try {
            dynamoDb.updateItem(update -> update.tableName(statisticsTable)
                    .key(statisticsKey(table))
                    .updateExpression("REMOVE #claim")
                    .conditionExpression("#claim.id = :id")
                    .expressionAttributeNames(Map.of("#claim", ImportTables.Statistics.CLAIM))
                    .expressionAttributeValues(Map.of(":id", s(claim.id()))));
        } catch (ConditionalCheckFailedException alreadyGone) {
            // committed or rolled back by someone else meanwhile: nothing left to do
        }
    }

    /** The positions of the claim's range the log holds (a consistent, keys-only Query). */
    private List<Long> writtenPositions(ImportedTable table, Claim claim) {
        var positions = new ArrayList<Long>();
        Map<String, AttributeValue> start = null;
        do {
            Map<String, AttributeValue> from = start;
            QueryResponse response = dynamoDb.query(query -> query.tableName(changesTable).consistentRead(true)
                    .keyConditionExpression("#log = :log AND #position BETWEEN :from AND :to")
                    .projectionExpression("#position")
                    .expressionAttributeNames(Map.of("#log", ImportTables.Change.LOG,
                            "#position", ImportTables.Change.POSITION))
                    .expressionAttributeValues(Map.of(":log", s(logOf(table)), ":from", n(claim.from()),
                            ":to", n(claim.to())))
                    .exclusiveStartKey(from));
            response.items().forEach(item -> positions.add(number(item, ImportTables.Change.POSITION)));
            start = response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty()
                    ? response.lastEvaluatedKey() : null;
        } while (start != null);
        return positions;
    }

    /**
     * Writes in batches of 25, retrying what DynamoDB leaves unprocessed. An owner stops writing once half its
     * claim's lifetime has passed, so that nothing it writes can land after the claim is rolled back.
     */
    private void batchWrite(List<WriteRequest> writes, Claim owned) {
        for (int from = 0; from < writes.size(); from += BATCH_WRITE_ITEMS) {
            Map<String, List<WriteRequest>> request =
                    Map.of(changesTable, writes.subList(from, Math.min(writes.size(), from + BATCH_WRITE_ITEMS)));
            Map<String, List<WriteRequest>> unprocessed = retry.drain(request, pending -> {
                if (owned != null) {
                    requireTimeLeft(owned);
                }
                return dynamoDb.batchWriteItem(write -> write.requestItems(pending)).unprocessedItems();
            }, Map::isEmpty);
            if (!unprocessed.isEmpty()) {
                throw new UnprocessedWrites();
            }
        }
    }

    private static WriteRequest put(Map<String, AttributeValue> item) {
        return WriteRequest.builder().putRequest(put -> put.item(item)).build();
    }

    private static WriteRequest delete(Map<String, AttributeValue> key) {
        return WriteRequest.builder().deleteRequest(delete -> delete.key(key)).build();
    }

    /** The committed end of a log ({@code clientId/table}); 0 before its first commit. */
    private long committedPosition(String log) {
        int slash = log.indexOf('/');
        var table = new ImportedTable(Long.parseLong(log.substring(0, slash)), log.substring(slash + 1));
        return statistics(table).map(TableStatistics::lastPosition).orElse(0L);
    }

    private static String statisticsUpdate(Append append) {
        var set = new StringBuilder("SET #last = :last, #seq = :seq");
        if (append.columnsTruncated()) {
            set.append(", #truncated = :true");
        }
        var add = new StringBuilder(" ADD #rows :rows");
        if (!append.addedColumns().isEmpty()) {
            add.append(", #columns :columns");
        }
        return set.append(add).toString();
    }

    private static Map<String, String> statisticsNames(Append append) {
        var names = new HashMap<String, String>();
        names.put("#last", ImportTables.Statistics.LAST_POSITION);
        names.put("#seq", ImportTables.Statistics.LAST_SEQUENCE);
        names.put("#rows", ImportTables.Statistics.ROWS);
        if (append.columnsTruncated()) {
            names.put("#truncated", ImportTables.Statistics.COLUMNS_TRUNCATED);
        }
        if (!append.addedColumns().isEmpty()) {
            names.put("#columns", ImportTables.Statistics.COLUMNS);
        }
        return names;
    }

    private static Map<String, AttributeValue> statisticsValues(Append append) {
        var values = new HashMap<String, AttributeValue>();
        values.put(":last", n(append.lastPosition()));
        values.put(":seq", n(append.lastSequence()));
        values.put(":rows", n(append.addedRows()));
        if (append.expectedLastPosition() != 0) {
            values.put(":expected", n(append.expectedLastPosition()));
        }
        if (append.columnsTruncated()) {
            values.put(":true", AttributeValue.fromBool(true));
        }
        if (!append.addedColumns().isEmpty()) {
            values.put(":columns", AttributeValue.fromSs(append.addedColumns().stream()
                    .map(column -> column.name() + "\t" + column.type()).toList()));
        }
        return values;
    }

    @Override
    public TablesPage tables(long clientId, int limit, Optional<String> afterName) {
        var tables = new ArrayList<TableStatistics>();
        Map<String, AttributeValue> start = afterName.map(name -> statisticsKey(new ImportedTable(clientId, name)))
                .orElse(null);
        // one more than asked, to know whether the listing goes on; a 1 MB response may hold fewer
        while (tables.size() <= limit) {
            Map<String, AttributeValue> from = start;
            int wanted = limit + 1 - tables.size();
            QueryResponse response = dynamoDb.query(query -> query.tableName(statisticsTable)
                    .keyConditionExpression("#client = :client")
                    .expressionAttributeNames(Map.of("#client", ImportTables.Statistics.CLIENT_ID))
                    .expressionAttributeValues(Map.of(":client", s(Long.toString(clientId))))
                    .exclusiveStartKey(from).limit(wanted));
            response.items().forEach(item -> tables.add(toStatistics(item)));
            if (!response.hasLastEvaluatedKey() || response.lastEvaluatedKey().isEmpty()) {
                break;
            }
            start = response.lastEvaluatedKey();
        }
        boolean more = tables.size() > limit;
        return new TablesPage(more ? tables.subList(0, limit) : tables, more);
    }

    /** The committed position (a consistent GetItem of the statistics), then the changes up to it. */
    @Override
    public List<LoggedChange> changes(ImportedTable table, long afterPosition, int limit, long maxBytes) {
        return changesUpTo(table, afterPosition, statistics(table).map(TableStatistics::lastPosition).orElse(0L),
                limit, maxBytes);
    }

    /** One consistent Query of the positions {@code afterPosition + 1 .. committedUpTo}, paged. */
    @Override
    public List<LoggedChange> changesUpTo(ImportedTable table, long afterPosition, long committedUpTo, int limit,
                                          long maxBytes) {
        var changes = new ArrayList<LoggedChange>();
        if (committedUpTo <= afterPosition) {
            return changes;
        }
        long bytes = 0;
        Map<String, AttributeValue> start = null;
        String log = logOf(table);
        do {
            Map<String, AttributeValue> from = start;
            int wanted = limit - changes.size();
            QueryResponse response = dynamoDb.query(query -> query.tableName(changesTable).consistentRead(true)
                    .keyConditionExpression("#log = :log AND #position BETWEEN :first AND :committed")
                    .expressionAttributeNames(Map.of("#log", ImportTables.Change.LOG,
                            "#position", ImportTables.Change.POSITION))
                    .expressionAttributeValues(Map.of(":log", s(log), ":first", n(afterPosition + 1),
                            ":committed", n(committedUpTo)))
                    .exclusiveStartKey(from).limit(wanted));
            for (Map<String, AttributeValue> item : response.items()) {
                LoggedChange change = toChange(item);
                changes.add(change);
                bytes += change.payloadBytes();
                if (bytes >= maxBytes) {
                    return changes;
                }
            }
            start = response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty()
                    ? response.lastEvaluatedKey() : null;
        } while (start != null && changes.size() < limit);
        return changes;
    }

    private static LoggedChange toChange(Map<String, AttributeValue> item) {
        AttributeValue receivedAt = item.get(ImportTables.Change.RECEIVED_AT);
        return new LoggedChange(number(item, ImportTables.Change.POSITION), number(item, ImportTables.Change.SEQUENCE),
                string(item, ImportTables.Change.RECORD_ID), string(item, ImportTables.Change.KEY),
                string(item, ImportTables.Change.DATA),
                receivedAt == null ? null : Instant.ofEpochMilli(Long.parseLong(receivedAt.n())));
    }

    private static TableStatistics toStatistics(Map<String, AttributeValue> item) {
        var table = new ImportedTable(Long.parseLong(string(item, ImportTables.Statistics.CLIENT_ID)),
                string(item, ImportTables.Statistics.TABLE));
        var columns = new HashSet<Columns.Column>();
        AttributeValue stored = item.get(ImportTables.Statistics.COLUMNS);
        if (stored != null && stored.hasSs()) {
            for (String entry : stored.ss()) {
                int tab = entry.lastIndexOf('\t');
                columns.add(new Columns.Column(entry.substring(0, tab), entry.substring(tab + 1)));
            }
        }
        AttributeValue truncated = item.get(ImportTables.Statistics.COLUMNS_TRUNCATED);
        return new TableStatistics(table, number(item, ImportTables.Statistics.LAST_POSITION),
                number(item, ImportTables.Statistics.ROWS), number(item, ImportTables.Statistics.LAST_SEQUENCE),
                new Columns(columns, truncated != null && Boolean.TRUE.equals(truncated.bool())));
    }
}
