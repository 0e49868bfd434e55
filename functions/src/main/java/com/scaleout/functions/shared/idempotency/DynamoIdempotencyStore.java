package com.scaleout.functions.shared.idempotency;

import static com.scaleout.functions.shared.aws.Attributes.n;
import static com.scaleout.functions.shared.aws.Attributes.s;
import static com.scaleout.functions.shared.aws.Attributes.string;

import java.time.Instant;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;

/**
 * The IdempotencyKeys table: one item per caller and key, {@code expiresAt} its TTL. A claim is one conditional put
 * that also reads what stood in its way ({@code ALL_OLD}), so a key costs two writes (claim, complete) and no read.
 * Every write is conditioned on the attempt that holds the key, so the SDK's own resend of a claim or a completion
 * whose answer was lost finds its own attempt and goes on.
 */
public final class DynamoIdempotencyStore implements IdempotencyStore {
    public static final String TABLE = "IdempotencyKeys";
    static final String ID = "id";
    static final String FINGERPRINT = "fingerprint";
    static final String STATE = "state";
    static final String ATTEMPT = "attempt";
    static final String LOCKED_UNTIL = "lockedUntil";
    static final String EXPIRES_AT = "expiresAt";
    static final String RESPONSE = "response";
    private static final String RUNNING = "running";
    private static final String DONE = "done";

    private final DynamoDbClient dynamoDb;
    private final String table;

    public DynamoIdempotencyStore(DynamoDbClient dynamoDb, String table) {
        this.dynamoDb = dynamoDb;
        this.table = table;
    }

    @Override
    public Claim claim(String id, String fingerprint, String attempt, Instant lockedUntil, Instant expiresAt,
                       Instant now) {
        try {
            dynamoDb.putItem(put -> put.tableName(table)
                    .item(Map.of(ID, s(id), FINGERPRINT, s(fingerprint), STATE, s(RUNNING), ATTEMPT, s(attempt),
                            LOCKED_UNTIL, n(lockedUntil.toEpochMilli()), EXPIRES_AT, n(expiresAt.getEpochSecond())))
                    // absent, or a running claim whose holder ran out of time, or past its TTL (DynamoDB deletes
                    // expired items within days, not at once)
                    .conditionExpression("attribute_not_exists(#id) OR (#state = :running AND #locked < :nowMillis)"
                            + " OR #expires < :nowSeconds")
                    .expressionAttributeNames(Map.of("#id", ID, "#state", STATE, "#locked", LOCKED_UNTIL,
                            "#expires", EXPIRES_AT))
                    .expressionAttributeValues(Map.of(":running", s(RUNNING), ":nowMillis", n(now.toEpochMilli()),
                            ":nowSeconds", n(now.getEpochSecond())))
                    .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD));
            return new Claimed();
        } catch (ConditionalCheckFailedException e) {
            Map<String, AttributeValue> held = e.hasItem() ? e.item() : Map.of();
            if (attempt.equals(string(held, ATTEMPT))) {
                return new Claimed(); // this attempt's own claim, whose answer the SDK did not get
            }
            if (!fingerprint.equals(string(held, FINGERPRINT))) {
                return new OtherRequest();
            }
            if (DONE.equals(string(held, STATE)) && held.containsKey(RESPONSE)) {
                return new Done(held.get(RESPONSE).b().asByteArray());
            }
            return new Running();
        }
    }

    @Override
    public boolean complete(String id, String attempt, byte[] sealedResponse) {
        try {
            dynamoDb.updateItem(update -> update.tableName(table).key(Map.of(ID, s(id)))
                    .updateExpression("SET #state = :done, #response = :response REMOVE #locked")
                    .conditionExpression("#attempt = :attempt")
                    .expressionAttributeNames(Map.of("#state", STATE, "#response", RESPONSE, "#locked", LOCKED_UNTIL,
                            "#attempt", ATTEMPT))
                    .expressionAttributeValues(Map.of(":done", s(DONE), ":attempt", s(attempt),
                            ":response", AttributeValue.fromB(SdkBytes.fromByteArray(sealedResponse)))));
            return true;
        } catch (ConditionalCheckFailedException e) {
            return false;
        }
    }

    @Override
    public void release(String id, String attempt) {
        try {
            dynamoDb.deleteItem(delete -> delete.tableName(table).key(Map.of(ID, s(id)))
                    .conditionExpression("#attempt = :attempt")
                    .expressionAttributeNames(Map.of("#attempt", ATTEMPT))
                    .expressionAttributeValues(Map.of(":attempt", s(attempt))));
        } catch (ConditionalCheckFailedException e) {
            // another attempt holds it now, or a resent delete found it gone: nothing of ours is left
        }
    }
}
