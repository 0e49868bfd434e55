package com.scaleout.admin.dynamodb;

import static com.scaleout.functions.shared.aws.Attributes.s;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.scaleout.admin.application.SeedChunkLog;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.functions.social.dynamodb.SocialTables;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Finished seed chunks, on the item of each chunk's claim ({@link DynamoSocialBulkWriter#claimKey}): the entry as
 * JSON (under 100 KB for the route's 1,000 accounts), set once the chunk's data is written, read consistently.
 */
public final class DynamoSeedChunkLog implements SeedChunkLog {
    static final String FINISHED = "finished";

    private final DynamoDbClient dynamoDb;
    private final SocialTables tables;

    public DynamoSeedChunkLog(DynamoDbClient dynamoDb, SocialTables tables) {
        this.dynamoDb = dynamoDb;
        this.tables = tables;
    }

    @Override
    public Optional<Entry> finished(String chunkId) {
        var item = dynamoDb.getItem(r -> r.tableName(tables.usernames())
                .key(DynamoSocialBulkWriter.claimKey(chunkId)).consistentRead(true)).item();
        if (item == null || !item.containsKey(FINISHED)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Json.MAPPER.readValue(item.get(FINISHED).s(), Entry.class));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the finished record of seed chunk " + chunkId + " is not readable", e);
        }
    }

    @Override
    public void finish(String chunkId, Entry entry) {
        dynamoDb.updateItem(r -> r.tableName(tables.usernames())
                .key(DynamoSocialBulkWriter.claimKey(chunkId))
                .updateExpression("SET #finished = :entry")
                .expressionAttributeNames(Map.of("#finished", FINISHED))
                .expressionAttributeValues(Map.of(":entry", s(Json.write(entry)))));
    }
}
