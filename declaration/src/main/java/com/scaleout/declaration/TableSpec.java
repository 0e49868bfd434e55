package com.scaleout.declaration;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A DynamoDB table: keys, global secondary indexes, stream view and TTL attribute. The physical name is not
 * declared: the CDK app and the local runtime each choose one and hand it to functions in
 * {@link #environmentVariable()}.
 */
public record TableSpec(
        String name,
        KeyAttribute partitionKey,
        Optional<KeyAttribute> sortKey,
        List<IndexSpec> globalIndexes,
        Optional<StreamView> stream,
        Optional<String> ttlAttribute) {

    public TableSpec {
        Names.requireLogicalName(name, "table");
        Objects.requireNonNull(partitionKey, "partitionKey");
        Objects.requireNonNull(sortKey, "sortKey");
        globalIndexes = List.copyOf(globalIndexes);
        Objects.requireNonNull(stream, "stream");
        Objects.requireNonNull(ttlAttribute, "ttlAttribute");
    }

    public static TableSpec of(String name, KeyAttribute partitionKey) {
        return new TableSpec(name, partitionKey, Optional.empty(), List.of(), Optional.empty(), Optional.empty());
    }

    public TableSpec sortKey(KeyAttribute key) {
        return new TableSpec(name, partitionKey, Optional.of(key), globalIndexes, stream, ttlAttribute);
    }

    public TableSpec globalIndex(IndexSpec index) {
        var more = new java.util.ArrayList<>(globalIndexes);
        more.add(index);
        return new TableSpec(name, partitionKey, sortKey, more, stream, ttlAttribute);
    }

    public TableSpec stream(StreamView view) {
        return new TableSpec(name, partitionKey, sortKey, globalIndexes, Optional.of(view), ttlAttribute);
    }

    public TableSpec ttl(String attribute) {
        return new TableSpec(name, partitionKey, sortKey, globalIndexes, stream, Optional.of(attribute));
    }

    /** The variable through which a function learns this table's physical name, e.g. {@code TABLE_TWEETS}. */
    public String environmentVariable() {
        return environmentVariable(name);
    }

    public static String environmentVariable(String tableName) {
        return "TABLE_" + Names.upperSnake(tableName);
    }

    /** Every attribute that appears in a key of the table or of one of its indexes (CreateTable needs them once). */
    public List<KeyAttribute> keyAttributes() {
        var all = new java.util.LinkedHashMap<String, KeyAttribute>();
        all.put(partitionKey.name(), partitionKey);
        sortKey.ifPresent(k -> all.put(k.name(), k));
        for (IndexSpec index : globalIndexes) {
            all.putIfAbsent(index.partitionKey().name(), index.partitionKey());
            index.sortKey().ifPresent(k -> all.putIfAbsent(k.name(), k));
        }
        return List.copyOf(all.values());
    }

    public enum AttributeType { STRING, NUMBER, BINARY }

    public enum StreamView { KEYS_ONLY, NEW_IMAGE, OLD_IMAGE, NEW_AND_OLD_IMAGES }

    public record KeyAttribute(String name, AttributeType type) {
        public KeyAttribute {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(type, "type");
        }

        public static KeyAttribute string(String name) {
            return new KeyAttribute(name, AttributeType.STRING);
        }

        public static KeyAttribute number(String name) {
            return new KeyAttribute(name, AttributeType.NUMBER);
        }
    }

    /** A global secondary index projecting all attributes. */
    public record IndexSpec(String name, KeyAttribute partitionKey, Optional<KeyAttribute> sortKey) {
        public IndexSpec {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(partitionKey, "partitionKey");
            Objects.requireNonNull(sortKey, "sortKey");
        }

        public static IndexSpec of(String name, KeyAttribute partitionKey, KeyAttribute sortKey) {
            return new IndexSpec(name, partitionKey, Optional.ofNullable(sortKey));
        }
    }
}
