package com.scaleout.functions.imports.dynamodb;

import static com.scaleout.functions.shared.aws.Attributes.n;
import static com.scaleout.functions.shared.aws.Attributes.s;
import static com.scaleout.functions.shared.aws.Attributes.string;

import com.scaleout.functions.imports.application.ImportKeyStore;
import com.scaleout.functions.imports.domain.ImportKey;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/** Import keys by key id; revocation keeps the item (who had which key stays auditable) and stamps it. */
public final class DynamoImportKeyStore implements ImportKeyStore {
    private final DynamoDbClient dynamoDb;
    private final String table;

    public DynamoImportKeyStore(DynamoDbClient dynamoDb, String table) {
        this.dynamoDb = dynamoDb;
        this.table = table;
    }

    @Override
    public void create(ImportKey key) {
        try {
            put(key);
        } catch (ConditionalCheckFailedException e) {
            // The SDK retries a put whose answer was lost (a timeout) although it was written: the key is then there,
            // and the retry's condition fails on our own write. Only a key of ours counts as created.
            if (find(key.keyId()).map(stored -> stored.tokenHash().equals(key.tokenHash())).orElse(false)) {
                return;
            }
            throw new IllegalStateException("import key id " + key.keyId() + " exists with another token", e);
        }
    }

    private void put(ImportKey key) {
        dynamoDb.putItem(put -> put.tableName(table)
                .item(Map.of(
                        ImportTables.Key.ID, s(key.keyId()),
                        ImportTables.Key.CLIENT_ID, n(key.clientId()),
                        ImportTables.Key.NAME, s(key.name()),
                        ImportTables.Key.TOKEN_HASH, s(key.tokenHash()),
                        ImportTables.Key.CREATED_AT, s(key.createdAt().toString())))
                .conditionExpression("attribute_not_exists(#id)")
                .expressionAttributeNames(Map.of("#id", ImportTables.Key.ID)));
    }

    @Override
    public Optional<ImportKey> find(String keyId) {
        Map<String, AttributeValue> item = dynamoDb.getItem(get -> get.tableName(table)
                .key(Map.of(ImportTables.Key.ID, s(keyId)))).item();
        if (item == null || item.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new ImportKey(
                string(item, ImportTables.Key.ID),
                Long.parseLong(item.get(ImportTables.Key.CLIENT_ID).n()),
                string(item, ImportTables.Key.NAME),
                string(item, ImportTables.Key.TOKEN_HASH),
                Instant.parse(string(item, ImportTables.Key.CREATED_AT)),
                Optional.ofNullable(string(item, ImportTables.Key.REVOKED_AT)).map(Instant::parse)));
    }

    @Override
    public boolean revoke(String keyId, Instant at) {
        try {
            dynamoDb.updateItem(update -> update.tableName(table)
                    .key(Map.of(ImportTables.Key.ID, s(keyId)))
                    .updateExpression("SET #revoked = if_not_exists(#revoked, :at)")
                    .conditionExpression("attribute_exists(#id)")
                    .expressionAttributeNames(Map.of("#id", ImportTables.Key.ID,
                            "#revoked", ImportTables.Key.REVOKED_AT))
                    .expressionAttributeValues(Map.of(":at", s(at.toString()))));
            return true;
        } catch (ConditionalCheckFailedException unknownKey) {
            return false;
        }
    }
}
