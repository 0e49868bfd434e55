package com.scaleout.local.cost;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.Map;
import java.util.regex.Pattern;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The capacity units one DynamoDB call would consume on AWS, from the sizes of the items it read or wrote (moto does
 * not report ConsumedCapacity reliably). A write costs by the larger of the item before and after, so the items a
 * write touches are read (uncounted, through {@link SideReads}) before it runs and, for updates, after; reads with a
 * projection or a filter cost by the whole items evaluated, which are read again without them. Each global index
 * whose keys the item carries before or after adds a write of the item (every index projects all attributes; an
 * index key that changes is a delete and a put). A write whose condition fails still costs the item's size. Each
 * unit is charged to the partition that served it ({@link Charges}): DynamoDB's throughput limits are per partition.
 */
public final class CapacityCalculator {
    /** The calls that read or write items (and so consume capacity units). */
    public static final Set<String> DATA_OPERATIONS = Set.of("GetItem", "PutItem", "UpdateItem", "DeleteItem",
            "Query", "Scan", "BatchGetItem", "BatchWriteItem", "TransactGetItems", "TransactWriteItems");
    /** Those of them that write. */
    public static final Set<String> WRITE_OPERATIONS = Set.of("PutItem", "UpdateItem", "DeleteItem",
            "BatchWriteItem", "TransactWriteItems");
    private static final Pattern PLACEHOLDER = Pattern.compile("[#:][A-Za-z0-9_]+");
    /** {@code name = :value} in a key condition (the partition key's is always an equality). */
    private static final Pattern EQUALITY = Pattern.compile("(#?[A-Za-z0-9_]+)\\s*=\\s*(:[A-Za-z0-9_]+)");

    private final TableKeys keys;
    private final SideReads side;

    public CapacityCalculator(TableKeys keys, SideReads side) {
        this.keys = keys;
        this.side = side;
    }

    /** Units as {read, write}. */
    public record Units(double read, double write) {
    }

    /** One item a write touches: its table, key, and the item as it was before the call (empty if none). */
    public record Touched(String table, Map<String, AttributeValue> key, Map<String, AttributeValue> before,
                          Map<String, AttributeValue> written, boolean conditionOnly) {
    }

    /** The items {@code request} will write, as they are before it runs (empty for reads). */
    public List<Touched> before(SdkRequest request) {
        var touched = new ArrayList<Touched>();
        switch (request) {
            case PutItemRequest put -> touched.add(touch(put.tableName(), keys.keyOf(put.tableName(), put.item()),
                    put.item(), false));
            case UpdateItemRequest update -> touched.add(touch(update.tableName(), update.key(), null, false));
            case DeleteItemRequest delete -> touched.add(touch(delete.tableName(), delete.key(), Map.of(), false));
            case BatchWriteItemRequest batch -> batch.requestItems().forEach((table, writes) -> {
                for (WriteRequest write : writes) {
                    touched.add(write.putRequest() != null
                            ? touch(table, keys.keyOf(table, write.putRequest().item()), write.putRequest().item(),
                                    false)
                            : touch(table, write.deleteRequest().key(), Map.of(), false));
                }
            });
            case TransactWriteItemsRequest transaction -> {
                for (TransactWriteItem item : transaction.transactItems()) {
                    touched.add(transactionTouch(item));
                }
            }
            default -> {
            }
        }
        return touched;
    }

    private Touched transactionTouch(TransactWriteItem item) {
        if (item.put() != null) {
            String table = item.put().tableName();
            return touch(table, keys.keyOf(table, item.put().item()), item.put().item(), false);
        }
        if (item.update() != null) {
            return touch(item.update().tableName(), item.update().key(), null, false);
        }
        if (item.delete() != null) {
            return touch(item.delete().tableName(), item.delete().key(), Map.of(), false);
        }
        return touch(item.conditionCheck().tableName(), item.conditionCheck().key(), Map.of(), true);
    }

    /** {@code written}: the item after a put, empty after a delete, null when only a read afterwards tells. */
    private Touched touch(String table, Map<String, AttributeValue> key, Map<String, AttributeValue> written,
                          boolean conditionOnly) {
        return new Touched(table, key, side.item(table, key), written, conditionOnly);
    }

    /** The units of a call that succeeded. */
    public Units succeeded(SdkRequest request, SdkResponse response, List<Touched> touched) {
        return charged(request, response, touched).total();
    }

    /** The units of a call that succeeded, by the partition that served them. */
    public Charges charged(SdkRequest request, SdkResponse response, List<Touched> touched) {
        return new Charges(switch (request) {
            case GetItemRequest get -> List.of(read(partition(get.tableName(), null, get.key()),
                    CapacityUnits.read(ItemSize.of(wholeItem(get.tableName(), get.key(),
                            ((GetItemResponse) response).item(), get.projectionExpression())),
                            Boolean.TRUE.equals(get.consistentRead()))));
            case BatchGetItemRequest batch -> batchGet(batch, (BatchGetItemResponse) response);
            case QueryRequest query -> List.of(read(queried(query), CapacityUnits.readSummed(sizes(evaluated(query,
                    ((QueryResponse) response).items())), Boolean.TRUE.equals(query.consistentRead()))));
            case ScanRequest scan -> List.of(read(new Charges.Partition(scan.tableName(), scan.indexName(), null),
                    CapacityUnits.readSummed(sizes(evaluated(scan, ((ScanResponse) response).items())),
                            Boolean.TRUE.equals(scan.consistentRead()))));
            case TransactGetItemsRequest transaction -> transaction.transactItems().stream()
                    .map(item -> read(partition(item.get().tableName(), null, item.get().key()),
                            CapacityUnits.transactionalRead(ItemSize.of(side.item(item.get().tableName(),
                                    item.get().key()))))).toList();
            case BatchWriteItemRequest batch -> writes(unprocessedRemoved(touched, batch,
                    (BatchWriteItemResponse) response), false);
            case TransactWriteItemsRequest ignored -> writes(touched, true);
            case PutItemRequest ignored -> writes(touched, false);
            case UpdateItemRequest ignored -> writes(touched, false);
            case DeleteItemRequest ignored -> writes(touched, false);
            default -> List.of();
        });
    }

    /**
     * The units of a write refused by its condition (or a cancelled transaction): each item checked costs its size,
     * as a write would, and nothing is written to the indexes.
     */
    public Units conditionFailed(SdkRequest request, List<Touched> touched) {
        return conditionFailedCharges(request, touched).total();
    }

    /** {@link #conditionFailed}, by the partition that served them. */
    public Charges conditionFailedCharges(SdkRequest request, List<Touched> touched) {
        boolean transaction = request instanceof TransactWriteItemsRequest;
        var charges = new ArrayList<Charges.Charge>();
        for (Touched item : touched) {
            long size = ItemSize.of(item.before());
            charges.add(write(partition(item.table(), null, item.key()),
                    transaction ? CapacityUnits.transactionalWrite(size, 0) : CapacityUnits.write(size, 0)));
        }
        return new Charges(charges);
    }

    /**
     * The partitions {@code request} will be served by, known before it runs ({@code touched}: {@link #before}'s
     * answer): the keys it reads or writes, and the index partitions of the items it writes as they are before and
     * as a put writes them (an update's new index keys are known only after it, and only charged then).
     */
    public Set<Charges.Partition> partitions(SdkRequest request, List<Touched> touched) {
        var partitions = new LinkedHashSet<Charges.Partition>();
        switch (request) {
            case GetItemRequest get -> partitions.add(partition(get.tableName(), null, get.key()));
            case BatchGetItemRequest batch -> batch.requestItems().forEach((table, asked) ->
                    asked.keys().forEach(key -> partitions.add(partition(table, null, key))));
            case QueryRequest query -> partitions.add(queried(query));
            case ScanRequest scan -> partitions.add(new Charges.Partition(scan.tableName(), scan.indexName(), null));
            case TransactGetItemsRequest transaction -> transaction.transactItems().forEach(item ->
                    partitions.add(partition(item.get().tableName(), null, item.get().key())));
            default -> {
                for (Touched item : touched) {
                    partitions.add(partition(item.table(), null, item.key()));
                    if (item.conditionOnly()) {
                        continue;
                    }
                    for (TableKeys.Index index : keys.indexes(item.table())) {
                        for (var state : java.util.Arrays.asList(item.before(), item.written())) {
                            if (carries(state, index.attributes())) {
                                partitions.add(partition(item.table(), index.name(), state));
                            }
                        }
                    }
                }
            }
        }
        return partitions;
    }

    private List<Charges.Charge> writes(List<Touched> touched, boolean transaction) {
        var charges = new ArrayList<Charges.Charge>();
        for (Touched item : touched) {
            long before = ItemSize.of(item.before());
            var base = partition(item.table(), null, item.key());
            if (item.conditionOnly()) {
                charges.add(write(base, CapacityUnits.transactionalWrite(before, 0)));
                continue;
            }
            var after = item.written() != null ? item.written() : side.item(item.table(), item.key());
            long afterSize = ItemSize.of(after);
            charges.add(write(base, transaction ? CapacityUnits.transactionalWrite(before, afterSize)
                    : CapacityUnits.write(before, afterSize)));
            charges.addAll(indexWrites(item.table(), item.before(), after));
        }
        return charges;
    }

    /** Index entries a change of an item from {@code before} to {@code after} writes, by index partition. */
    List<Charges.Charge> indexWrites(String table, Map<String, AttributeValue> before,
                                     Map<String, AttributeValue> after) {
        var charges = new ArrayList<Charges.Charge>();
        for (TableKeys.Index index : keys.indexes(table)) {
            List<String> indexKey = index.attributes();
            boolean was = carries(before, indexKey);
            boolean is = carries(after, indexKey);
            if (was && is && sameKey(before, after, indexKey)) {
                charges.add(write(partition(table, index.name(), after),
                        CapacityUnits.write(ItemSize.of(before), ItemSize.of(after))));
            } else {
                if (was) {
                    charges.add(write(partition(table, index.name(), before), CapacityUnits.write(ItemSize.of(before),
                            0)));
                }
                if (is) {
                    charges.add(write(partition(table, index.name(), after), CapacityUnits.write(0,
                            ItemSize.of(after))));
                }
            }
        }
        return charges;
    }

    private static Charges.Charge read(Charges.Partition partition, double units) {
        return new Charges.Charge(partition, units, 0);
    }

    private static Charges.Charge write(Charges.Partition partition, double units) {
        return new Charges.Charge(partition, 0, units);
    }

    /** The partition of {@code table} (or its index) that holds {@code item} (or the item of that key). */
    private Charges.Partition partition(String table, String index, Map<String, AttributeValue> item) {
        String name = keys.partitionKey(table, index);
        return new Charges.Partition(table, index, name == null ? null : rendered(item.get(name)));
    }

    /** The partition a query reads: the value its key condition gives the partition key (`name = :value`). */
    private Charges.Partition queried(QueryRequest query) {
        String name = keys.partitionKey(query.tableName(), query.indexName());
        String expression = query.keyConditionExpression();
        String value = null;
        if (name != null && expression != null) {
            var names = query.expressionAttributeNames() == null ? Map.<String, String>of()
                    : query.expressionAttributeNames();
            var matcher = EQUALITY.matcher(expression);
            while (matcher.find() && value == null) {
                String attribute = names.getOrDefault(matcher.group(1), matcher.group(1));
                if (attribute.equals(name) && query.expressionAttributeValues() != null) {
                    value = rendered(query.expressionAttributeValues().get(matcher.group(2)));
                }
            }
        } else if (name != null && query.hasKeyConditions() && query.keyConditions().containsKey(name)) {
            var condition = query.keyConditions().get(name);
            value = condition.hasAttributeValueList() && !condition.attributeValueList().isEmpty()
                    ? rendered(condition.attributeValueList().getFirst()) : null;
        }
        return new Charges.Partition(query.tableName(), query.indexName(), value);
    }

    private static String rendered(AttributeValue value) {
        if (value == null) {
            return null;
        }
        if (value.s() != null) {
            return value.s();
        }
        if (value.n() != null) {
            return value.n();
        }
        return value.b() != null ? value.b().asUtf8String() : value.toString();
    }

    private static boolean carries(Map<String, AttributeValue> item, List<String> indexKey) {
        return item != null && !item.isEmpty() && item.keySet().containsAll(indexKey);
    }

    private static boolean sameKey(Map<String, AttributeValue> a, Map<String, AttributeValue> b, List<String> key) {
        return key.stream().allMatch(name -> a.get(name).equals(b.get(name)));
    }

    private List<Touched> unprocessedRemoved(List<Touched> touched, BatchWriteItemRequest request,
                                             BatchWriteItemResponse response) {
        if (!response.hasUnprocessedItems() || response.unprocessedItems().isEmpty()) {
            return touched;
        }
        var unprocessed = new ArrayList<Map<String, AttributeValue>>();
        response.unprocessedItems().forEach((table, writes) -> writes.forEach(write -> unprocessed.add(
                write.putRequest() != null ? keys.keyOf(table, write.putRequest().item())
                        : write.deleteRequest().key())));
        return touched.stream().filter(item -> !unprocessed.contains(item.key())).toList();
    }

    private List<Charges.Charge> batchGet(BatchGetItemRequest request, BatchGetItemResponse response) {
        var charges = new ArrayList<Charges.Charge>();
        for (var entry : request.requestItems().entrySet()) {
            String table = entry.getKey();
            KeysAndAttributes asked = entry.getValue();
            var unprocessed = response.hasUnprocessedKeys() && response.unprocessedKeys().containsKey(table)
                    ? response.unprocessedKeys().get(table).keys() : List.<Map<String, AttributeValue>>of();
            var returned = response.responses().getOrDefault(table, List.of());
            for (var key : asked.keys()) {
                if (unprocessed.contains(key)) {
                    continue;
                }
                var item = returned.stream().filter(i -> keys.keyOf(table, i).equals(key)).findFirst().orElse(null);
                var whole = wholeItem(table, key, item, asked.projectionExpression());
                charges.add(read(partition(table, null, key), CapacityUnits.read(ItemSize.of(whole),
                        Boolean.TRUE.equals(asked.consistentRead()))));
            }
        }
        return charges;
    }

    /** The whole item, read again when a projection may have returned only part of it. */
    private Map<String, AttributeValue> wholeItem(String table, Map<String, AttributeValue> key,
                                                  Map<String, AttributeValue> returned, String projection) {
        if (projection == null && returned != null) {
            return returned;
        }
        return returned == null && projection == null ? Map.of() : side.item(table, key);
    }

    private List<Map<String, AttributeValue>> evaluated(QueryRequest query, List<Map<String, AttributeValue>> items) {
        if (whole(query.filterExpression(), query.projectionExpression(), query.select())) {
            return items;
        }
        return side.query(query.toBuilder().filterExpression(null).projectionExpression(null).select((Select) null)
                .expressionAttributeNames(used(query.expressionAttributeNames(), query.keyConditionExpression()))
                .expressionAttributeValues(used(query.expressionAttributeValues(), query.keyConditionExpression()))
                .build());
    }

    private List<Map<String, AttributeValue>> evaluated(ScanRequest scan, List<Map<String, AttributeValue>> items) {
        if (whole(scan.filterExpression(), scan.projectionExpression(), scan.select())) {
            return items;
        }
        return side.scan(scan.toBuilder().filterExpression(null).projectionExpression(null).select((Select) null)
                .expressionAttributeNames(null).expressionAttributeValues(null).build());
    }

    private static boolean whole(String filter, String projection, Select select) {
        return filter == null && projection == null
                && (select == null || select == Select.ALL_ATTRIBUTES || select == Select.ALL_PROJECTED_ATTRIBUTES);
    }

    /** The placeholders (#name, :value) {@code expression} uses: DynamoDB refuses unused ones. */
    private static <V> Map<String, V> used(Map<String, V> placeholders, String expression) {
        if (placeholders == null || placeholders.isEmpty() || expression == null) {
            return null;
        }
        var usedNames = PLACEHOLDER.matcher(expression).results().map(m -> m.group()).toList();
        var kept = new java.util.HashMap<String, V>();
        placeholders.forEach((name, value) -> {
            if (usedNames.contains(name)) {
                kept.put(name, value);
            }
        });
        return kept.isEmpty() ? null : kept;
    }

    private static List<Long> sizes(List<Map<String, AttributeValue>> items) {
        return items.stream().map(ItemSize::of).toList();
    }
}
