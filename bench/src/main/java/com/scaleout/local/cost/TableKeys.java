package com.scaleout.local.cost;

import com.scaleout.declaration.TableSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The key attributes of each declared table and of its global indexes (every one projects all attributes), by the
 * table's name (locally the physical name is the declared one): what a write's item needs to be found again, and
 * which index entries a write adds, moves or removes.
 */
public final class TableKeys {
    private final Map<String, List<String>> primaryKeys = new HashMap<>();
    private final Map<String, List<List<String>>> indexKeys = new HashMap<>();

    public TableKeys(List<TableSpec> tables) {
        for (TableSpec table : tables) {
            primaryKeys.put(table.name(), table.keyAttributes().stream().map(TableSpec.KeyAttribute::name).toList());
            var indexes = new ArrayList<List<String>>();
            for (TableSpec.IndexSpec index : table.globalIndexes()) {
                var keys = new ArrayList<String>();
                keys.add(index.partitionKey().name());
                index.sortKey().ifPresent(sort -> keys.add(sort.name()));
                indexes.add(keys);
            }
            indexKeys.put(table.name(), indexes);
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

    /** The key attributes of each global index of {@code table}. */
    public List<List<String>> indexes(String table) {
        return indexKeys.getOrDefault(table, List.of());
    }
}
