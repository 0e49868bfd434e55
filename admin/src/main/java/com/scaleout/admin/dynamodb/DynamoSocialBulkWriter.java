package com.scaleout.admin.dynamodb;

import static com.scaleout.functions.shared.aws.Attributes.n;
import static com.scaleout.functions.shared.aws.Attributes.number;
import static com.scaleout.functions.shared.aws.Attributes.s;

import com.scaleout.admin.application.SeedIndexCounter;
import com.scaleout.admin.application.SocialBulkWriter;
import com.scaleout.admin.seed.SeedBatch;
import com.scaleout.functions.shared.aws.Batches;
import com.scaleout.functions.social.dynamodb.DynamoFollowStore;
import com.scaleout.functions.social.dynamodb.DynamoTweetStore;
import com.scaleout.functions.social.dynamodb.DynamoUserStore;
import com.scaleout.functions.social.dynamodb.SocialTables;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Seeded data in batches of 25 (the item formats are the stores' own), and the seeding counter. The counter and
 * each chunk's claim are items of the Usernames table under keys no username can have ({@code #seed},
 * {@code #seed/<chunkId>}: usernames are letters, digits and underscores), so they need no table of their own and
 * go with a reset.
 */
public final class DynamoSocialBulkWriter implements SocialBulkWriter, SeedIndexCounter {
    static final String COUNTER_KEY = "#seed";
    private static final String NEXT = "next";
    private static final String FIRST = "first";
    private static final String AT = "at";
    /** On an account: the chunks whose follows its follower count includes (so a retried chunk adds once). */
    static final String SEEDED_BY = "seededBy";
    /** DynamoDB's most actions in one TransactWriteItems. */
    static final int TRANSACTION_ITEMS = 100;
    private static final String CONDITION_FAILED = "ConditionalCheckFailed";

    private final DynamoDbClient dynamoDb;
    private final SocialTables tables;

    public DynamoSocialBulkWriter(DynamoDbClient dynamoDb, SocialTables tables) {
        this.dynamoDb = dynamoDb;
        this.tables = tables;
    }

    @Override
    public Claim claim(String chunkId, int count, Instant now) {
        var claimKey = claimKey(chunkId);
        var earlier = claimOf(claimKey);
        if (earlier.isPresent()) {
            return earlier.get();
        }
        var updated = dynamoDb.updateItem(r -> r.tableName(tables.usernames())
                .key(Map.of(DynamoUserStore.NORMALIZED, s(COUNTER_KEY)))
                .updateExpression("ADD #next :count")
                .expressionAttributeNames(Map.of("#next", NEXT))
                .expressionAttributeValues(Map.of(":count", n(count)))
                .returnValues(ReturnValue.UPDATED_NEW));
        var claim = new Claim(number(updated.attributes(), NEXT) - count, now);
        var item = new HashMap<>(claimKey);
        item.put(FIRST, n(claim.first()));
        item.put(AT, s(claim.at().toString()));
        try {
            dynamoDb.putItem(r -> r.tableName(tables.usernames()).item(item)
                    .conditionExpression("attribute_not_exists(#k)")
                    .expressionAttributeNames(Map.of("#k", DynamoUserStore.NORMALIZED)));
            return claim;
        } catch (ConditionalCheckFailedException e) {
            // the same chunk, sent twice at once, claimed first elsewhere: its range counts, this one stays unused
            return claimOf(claimKey).orElseThrow(() -> e);
        }
    }

    /** The item of a chunk's claim (and, once it is written, of what it seeded: {@link DynamoSeedChunkLog}). */
    static Map<String, AttributeValue> claimKey(String chunkId) {
        return Map.of(DynamoUserStore.NORMALIZED, s(COUNTER_KEY + "/" + chunkId));
    }

    private java.util.Optional<Claim> claimOf(Map<String, AttributeValue> key) {
        var item = dynamoDb.getItem(r -> r.tableName(tables.usernames()).key(key).consistentRead(true)).item();
        if (item == null || item.isEmpty()) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(new Claim(number(item, FIRST), Instant.parse(item.get(AT).s())));
    }

    @Override
    public void write(SeedBatch batch, String chunkId) {
        // accounts first: a follower count raised below always lands on an account that exists
        put(tables.users(), batch.users(), DynamoUserStore::toItem);
        put(tables.usernames(), batch.users(), DynamoUserStore::usernameItem);
        put(tables.follows(), batch.edges(), DynamoFollowStore::toItem);
        put(tables.tweets(), batch.tweets(), DynamoTweetStore::toItem);
        var earlier = batch.followersAddedToEarlier().keySet().stream().sorted().toList();
        for (int from = 0; from < earlier.size(); from += TRANSACTION_ITEMS) {
            addFollowers(earlier.subList(from, Math.min(earlier.size(), from + TRANSACTION_ITEMS)),
                    batch.followersAddedToEarlier(), chunkId);
        }
    }

    private <T> void put(String table, List<T> values, Function<T, Map<String, AttributeValue>> toItem) {
        Batches.writeAll(dynamoDb, table, values.stream()
                .map(value -> WriteRequest.builder().putRequest(PutRequest.builder().item(toItem.apply(value)).build())
                        .build())
                .toList());
    }

    /**
     * Raises these accounts' follower counts in one transaction (a chunk's follows reach thousands of earlier
     * accounts: one call per hundred, not per account). An account whose condition fails was raised by an earlier
     * attempt of this chunk, or is gone (a reset removes its edges too): it is left out and the rest written again.
     * Any other cancellation (a conflict) fails the chunk, whose retry adds only what is still missing.
     */
    private void addFollowers(List<String> userIds, Map<String, Long> added, String chunkId) {
        var pending = List.copyOf(userIds);
        while (!pending.isEmpty()) {
            var updates = pending.stream().map(userId -> TransactWriteItem.builder()
                    .update(followersAdded(userId, added.get(userId), chunkId)).build()).toList();
            try {
                dynamoDb.transactWriteItems(r -> r.transactItems(updates));
                return;
            } catch (TransactionCanceledException e) {
                pending = notFailedOnTheirCondition(pending, e);
            }
        }
    }

    private Update followersAdded(String userId, long added, String chunkId) {
        return Update.builder().tableName(tables.users())
                .key(Map.of(DynamoUserStore.ID, s(userId)))
                .updateExpression("ADD #count :added, #chunks :chunk")
                .conditionExpression("attribute_exists(#key) AND NOT contains(#chunks, :chunkId)")
                .expressionAttributeNames(Map.of("#count", DynamoUserStore.FOLLOWERS, "#key", DynamoUserStore.ID,
                        "#chunks", SEEDED_BY))
                .expressionAttributeValues(Map.of(":added", n(added),
                        ":chunk", AttributeValue.fromSs(List.of(chunkId)), ":chunkId", s(chunkId)))
                .build();
    }

    /** The accounts to write again: all but those whose condition failed; none failed on it: the cancellation. */
    private static List<String> notFailedOnTheirCondition(List<String> pending, TransactionCanceledException e) {
        var reasons = e.cancellationReasons();
        if (reasons == null || reasons.size() != pending.size()) {
            throw e;
        }
        var again = new ArrayList<String>();
        for (int i = 0; i < pending.size(); i++) {
            String code = reasons.get(i).code();
            if ("None".equals(code) || code == null) {
                again.add(pending.get(i));
            } else if (!CONDITION_FAILED.equals(code)) {
                throw e;
            }
        }
        if (again.size() == pending.size()) {
            throw e;
        }
        return again;
    }
}
