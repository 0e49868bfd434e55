package com.scaleout.local.cost;

import com.scaleout.declaration.TableSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The key attributes of each declared table and of its global indexes (every one projects all attributes), by the
 * table's name (locally the physical name is the declared one): what a write's item needs to be found again, which
 * index entries a write adds, moves or removes, and which partition key a call is served by.
 */
public final class TableKeys {
    private final Map<String, List<String>> primaryKeys = new HashMap<>();
    private final Map<String, List<Index>> indexes = new HashMap<>();

    /** A global index: its name and key attributes, the partition key first. */
    public record Index(String name, List<String> attributes) {
        public String partitionKey() {
            return attributes.getFirst();
        }
    }

    public TableKeys(List<TableSpec> tables) {
        for (TableSpec table : tables) {
            primaryKeys.put(table.name(), table.keyAttributes().stream().map(TableSpec.KeyAttribute::name).toList());
            var tableIndexes = new ArrayList<Index>();
            for (TableSpec.IndexSpec index : table.globalIndexes()) {
                var keys = new ArrayList<String>();
                keys.add(index.partitionKey().name());
                index.sortKey().ifPresent(sort -> keys.add(sort.name()));
                tableIndexes.add(new Index(index.name(), List.copyOf(keys)));
            }
            indexes.put(table.name(), List.copyOf(tableIndexes));
        }
    }

    /** The primary key of {@code item} in {@code table}. */
    public <V> Map<String, V> keyOf(String table, Map<String, V> item) {
        var key = new LinkedHashMap<String, V>();
        for (String name : primaryKeys.getOrDefault(table, List.of())) {
            if (item.containsKey(name)) {
                key.put(name, item.get(name));
            }
        }
        return key;
    }

    /** The global indexes of {@code table}. */
    public List<Index> indexes(String table) {
        return indexes.getOrDefault(table, List.of());
    }

    /** The partition key attribute of {@code table}, or of its index {@code index} when not null; null if unknown. */
    public String partitionKey(String table, String index) {
        if (index == null) {
            var key = primaryKeys.get(table);
            return key == null || key.isEmpty() ? null : key.getFirst();
        }
        return indexes(table).stream().filter(i -> i.name().equals(index)).map(Index::partitionKey).findFirst()
                .orElse(null);
    }
}
