package com.scaleout.warehouse.dynamodb;

import static com.scaleout.functions.shared.aws.Attributes.n;
import static com.scaleout.functions.shared.aws.Attributes.s;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.scaleout.functions.imports.domain.ImportedTable;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.warehouse.application.WarehouseState;
import com.scaleout.warehouse.domain.WarehouseSchema;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * The {@code WarehouseTables} table: an item per imported table (client id as a string, table name) with the log
 * position loaded, the schema (as JSON: the key names and the columns in order), and counts of rows and files.
 */
public final class DynamoWarehouseState implements WarehouseState {
    public static final String TABLE = "WarehouseTables";
    static final String CLIENT_ID = "clientId";
    static final String TABLE_NAME = "tableName";
    static final String LOADED_POSITION = "loadedPosition";
    static final String SCHEMA = "schema";
    static final String ROWS = "rows";
    static final String FILES = "files";
    static final String LOADED_AT = "loadedAt";

    private final DynamoDbClient dynamoDb;
    private final String tableName;
    private final Clock clock;

    public DynamoWarehouseState(DynamoDbClient dynamoDb, String tableName, Clock clock) {
        this.dynamoDb = dynamoDb;
        this.tableName = tableName;
        this.clock = clock;
    }

    private static Map<String, AttributeValue> key(ImportedTable table) {
        return Map.of(CLIENT_ID, s(Long.toString(table.clientId())), TABLE_NAME, s(table.name()));
    }

    @Override
    public Optional<TableState> read(ImportedTable table) {
        var item = dynamoDb.getItem(get -> get.tableName(tableName).key(key(table)).consistentRead(true)).item();
        return item == null || item.isEmpty() ? Optional.empty() : Optional.of(toState(item));
    }

    @Override
    public boolean advance(ImportedTable table, long from, long to, WarehouseSchema schema, long rows) {
        var values = new LinkedHashMap<String, AttributeValue>();
        values.put(":to", n(to));
        values.put(":schema", s(write(schema)));
        values.put(":rows", n(rows));
        values.put(":one", n(1));
        values.put(":at", n(clock.millis()));
        if (from > 0) {
            values.put(":from", n(from));
        }
        try {
            dynamoDb.updateItem(update -> update.tableName(tableName).key(key(table))
                    .updateExpression("SET #loaded = :to, #schema = :schema, #at = :at ADD #rows :rows, #files :one")
                    .conditionExpression(from == 0 ? "attribute_not_exists(#loaded)" : "#loaded = :from")
                    .expressionAttributeNames(Map.of("#loaded", LOADED_POSITION, "#schema", SCHEMA,
                            "#rows", ROWS, "#files", FILES, "#at", LOADED_AT))
                    .expressionAttributeValues(values));
            return true;
        } catch (ConditionalCheckFailedException e) {
            return false;
        }
    }

    @Override
    public Map<String, TableState> tablesOf(long clientId) {
        var tables = new LinkedHashMap<String, TableState>();
        dynamoDb.queryPaginator(query -> query.tableName(tableName).keyConditionExpression("#client = :client")
                        .expressionAttributeNames(Map.of("#client", CLIENT_ID))
                        .expressionAttributeValues(Map.of(":client", s(Long.toString(clientId)))))
                .items().forEach(item -> tables.put(item.get(TABLE_NAME).s(), toState(item)));
        return tables;
    }

    private static TableState toState(Map<String, AttributeValue> item) {
        return new TableState(number(item, LOADED_POSITION), read(item.get(SCHEMA)), number(item, ROWS),
                number(item, FILES));
    }

    private static long number(Map<String, AttributeValue> item, String name) {
        AttributeValue value = item.get(name);
        return value == null ? 0 : Long.parseLong(value.n());
    }

    private static String write(WarehouseSchema schema) {
        try {
            return Json.MAPPER.writeValueAsString(schema);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a schema", e);
        }
    }

    private static WarehouseSchema read(AttributeValue value) {
        if (value == null) {
            return WarehouseSchema.empty();
        }
        try {
            return Json.MAPPER.readValue(value.s(), WarehouseSchema.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a stored schema is not readable", e);
        }
    }
}
