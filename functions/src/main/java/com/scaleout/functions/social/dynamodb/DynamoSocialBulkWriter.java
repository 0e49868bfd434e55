package com.scaleout.functions.social.dynamodb;

import static com.scaleout.functions.shared.aws.Attributes.n;
import static com.scaleout.functions.shared.aws.Attributes.number;
import static com.scaleout.functions.shared.aws.Attributes.s;

import com.scaleout.functions.admin.application.SeedIndexCounter;
import com.scaleout.functions.admin.application.SocialBulkWriter;
import com.scaleout.functions.admin.seed.SeedBatch;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Seeded data in batches of 25 (the item formats are the stores' own), and the seeding counter. The counter is an
 * item of the Usernames table under a key no username can have ({@code #seed}: usernames are letters, digits and
 * underscores), so it needs no table of its own and goes with a reset.
 */
public final class DynamoSocialBulkWriter implements SocialBulkWriter, SeedIndexCounter {
    static final String COUNTER_KEY = "#seed";
    private static final String NEXT = "next";

    private final DynamoDbClient dynamoDb;
    private final SocialTables tables;

    public DynamoSocialBulkWriter(DynamoDbClient dynamoDb, SocialTables tables) {
        this.dynamoDb = dynamoDb;
        this.tables = tables;
    }

    @Override
    public long claim(int count) {
        var updated = dynamoDb.updateItem(r -> r.tableName(tables.usernames())
                .key(Map.of(DynamoUserStore.NORMALIZED, s(COUNTER_KEY)))
                .updateExpression("ADD #next :count")
                .expressionAttributeNames(Map.of("#next", NEXT))
                .expressionAttributeValues(Map.of(":count", n(count)))
                .returnValues(ReturnValue.UPDATED_NEW));
        return number(updated.attributes(), NEXT) - count;
    }

    @Override
    public void write(SeedBatch batch) {
        // accounts first: a follower count raised below always lands on an account that exists
        put(tables.users(), batch.users(), DynamoUserStore::toItem);
        put(tables.usernames(), batch.users(), DynamoUserStore::usernameItem);
        put(tables.follows(), batch.edges(), DynamoFollowStore::toItem);
        put(tables.tweets(), batch.tweets(), DynamoTweetStore::toItem);
        batch.followersAddedToEarlier().forEach(this::addFollowers);
    }

    private <T> void put(String table, List<T> values, Function<T, Map<String, AttributeValue>> toItem) {
        Batches.writeAll(dynamoDb, table, values.stream()
                .map(value -> WriteRequest.builder().putRequest(PutRequest.builder().item(toItem.apply(value)).build())
                        .build())
                .toList());
    }

    private void addFollowers(String userId, long added) {
        try {
            dynamoDb.updateItem(r -> r.tableName(tables.users())
                    .key(Map.of(DynamoUserStore.ID, s(userId)))
                    .updateExpression("ADD #count :added")
                    .conditionExpression("attribute_exists(#key)")
                    .expressionAttributeNames(Map.of("#count", DynamoUserStore.FOLLOWERS, "#key", DynamoUserStore.ID))
                    .expressionAttributeValues(Map.of(":added", n(added))));
        } catch (ConditionalCheckFailedException e) {
            // the account was deleted meanwhile (a reset): its edges are orphans the same reset removes
        }
    }
}
