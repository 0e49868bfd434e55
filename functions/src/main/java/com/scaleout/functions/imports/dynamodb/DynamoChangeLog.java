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
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * The change logs in {@code ImportChanges} and the statistics in {@code ImportTables}. An append is one
 * TransactWriteItems: an Update of the statistics conditioned on {@code lastPosition} (absent before the first
 * append), a Put per change at its position, and a Put per change of its dedupe mark, conditioned on the mark's
 * absence. The statistics' {@code rows} and {@code columns} grow with ADD; {@code lastPosition} and
 * {@code lastSequence} are SET, which the condition makes exact.
 */
public final class DynamoChangeLog implements ChangeLog {
    /** How long a dedupe mark outlives its change's stream record (kept 24 hours by DynamoDB Streams). */
    static final Duration MARK_LIFETIME = Duration.ofDays(7);
    private static final int BATCH_GET_KEYS = 100;
    private static final int MAX_UNPROCESSED_ROUNDS = 5;
    private static final Set<String> LOST_RACE = Set.of("None", "ConditionalCheckFailed", "TransactionConflict");

    private final DynamoDbClient dynamoDb;
    private final String changesTable;
    private final String statisticsTable;
    private final Clock clock;

    public DynamoChangeLog(DynamoDbClient dynamoDb, String changesTable, String statisticsTable, Clock clock) {
        this.dynamoDb = dynamoDb;
        this.changesTable = changesTable;
        this.statisticsTable = statisticsTable;
        this.clock = clock;
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
        return Map.of(ImportTables.Change.LOG, s(markOf(change)), ImportTables.Change.POSITION, n(0));
    }

    @Override
    public Optional<TableStatistics> statistics(ImportedTable table) {
        Map<String, AttributeValue> item = dynamoDb.getItem(get -> get.tableName(statisticsTable)
                .key(statisticsKey(table)).consistentRead(true)).item();
        return item == null || item.isEmpty() ? Optional.empty() : Optional.of(toStatistics(item));
    }

    @Override
    public Set<ChangeId> logged(Collection<ChangeId> changes) {
        var byMark = new HashMap<String, ChangeId>();
        changes.forEach(change -> byMark.put(markOf(change), change));
        var found = new HashSet<ChangeId>();
        var keys = byMark.values().stream().map(DynamoChangeLog::markKey).toList();
        for (int from = 0; from < keys.size(); from += BATCH_GET_KEYS) {
            List<Map<String, AttributeValue>> chunk = keys.subList(from, Math.min(keys.size(), from + BATCH_GET_KEYS));
            Map<String, KeysAndAttributes> request = Map.of(changesTable, KeysAndAttributes.builder().keys(chunk)
                    .consistentRead(true).projectionExpression("#log")
                    .expressionAttributeNames(Map.of("#log", ImportTables.Change.LOG)).build());
            for (int round = 0; !request.isEmpty(); round++) {
                if (round == MAX_UNPROCESSED_ROUNDS) {
                    throw new IllegalStateException("DynamoDB left dedupe marks unread " + round + " times");
                }
                var pending = request;
                var response = dynamoDb.batchGetItem(get -> get.requestItems(pending));
                response.responses().getOrDefault(changesTable, List.of())
                        .forEach(mark -> found.add(byMark.get(string(mark, ImportTables.Change.LOG))));
                request = response.unprocessedKeys();
                if (!request.isEmpty()) {
                    pause(round);
                }
            }
        }
        return found;
    }

    @Override
    public boolean append(Append append) {
        var items = new ArrayList<TransactWriteItem>(1 + 2 * append.changes().size());
        items.add(TransactWriteItem.builder().update(update -> update.tableName(statisticsTable)
                .key(statisticsKey(append.table()))
                .conditionExpression(append.expectedLastPosition() == 0 ? "attribute_not_exists(#last)"
                        : "#last = :expected")
                .updateExpression(statisticsUpdate(append))
                .expressionAttributeNames(statisticsNames(append))
                .expressionAttributeValues(statisticsValues(append))).build());
        String log = logOf(append.table());
        long expiresAt = clock.instant().plus(MARK_LIFETIME).getEpochSecond();
        for (LoggedChange change : append.changes()) {
            items.add(TransactWriteItem.builder().put(put -> put.tableName(changesTable)
                    .item(Map.of(
                            ImportTables.Change.LOG, s(log),
                            ImportTables.Change.POSITION, n(change.position()),
                            ImportTables.Change.SEQUENCE, n(change.sequence()),
                            ImportTables.Change.RECORD_ID, s(change.recordId()),
                            ImportTables.Change.KEY, s(change.keyJson()),
                            ImportTables.Change.DATA, s(change.dataJson())))
                    // the statistics' condition already guarantees it; this keeps a position from ever being rewritten
                    .conditionExpression("attribute_not_exists(#log)")
                    .expressionAttributeNames(Map.of("#log", ImportTables.Change.LOG))).build());
            var mark = new HashMap<>(markKey(new ChangeId(change.recordId(), change.sequence())));
            mark.put(ImportTables.Change.EXPIRES_AT, n(expiresAt));
            items.add(TransactWriteItem.builder().put(put -> put.tableName(changesTable).item(mark)
                    .conditionExpression("attribute_not_exists(#log)")
                    .expressionAttributeNames(Map.of("#log", ImportTables.Change.LOG))).build());
        }
        try {
            dynamoDb.transactWriteItems(write -> write.transactItems(items));
            return true;
        } catch (TransactionCanceledException cancelled) {
            if (cancelled.hasCancellationReasons() && !cancelled.cancellationReasons().stream()
                    .map(CancellationReason::code).allMatch(code -> code == null || LOST_RACE.contains(code))) {
                throw cancelled; // throttled, too large, ...: not a race, so reading again would not help
            }
            return false;
        }
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

    @Override
    public List<LoggedChange> changes(ImportedTable table, long afterPosition, int limit, long maxBytes) {
        var changes = new ArrayList<LoggedChange>();
        long bytes = 0;
        Map<String, AttributeValue> start = null;
        String log = logOf(table);
        do {
            Map<String, AttributeValue> from = start;
            int wanted = limit - changes.size();
            QueryResponse response = dynamoDb.query(query -> query.tableName(changesTable).consistentRead(true)
                    .keyConditionExpression("#log = :log AND #position > :after")
                    .expressionAttributeNames(Map.of("#log", ImportTables.Change.LOG,
                            "#position", ImportTables.Change.POSITION))
                    .expressionAttributeValues(Map.of(":log", s(log), ":after", n(afterPosition)))
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
        return new LoggedChange(number(item, ImportTables.Change.POSITION), number(item, ImportTables.Change.SEQUENCE),
                string(item, ImportTables.Change.RECORD_ID), string(item, ImportTables.Change.KEY),
                string(item, ImportTables.Change.DATA));
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

    private static void pause(int round) {
        try {
            Thread.sleep(Math.min(500, 25L << round));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading dedupe marks", e);
        }
    }
}
