package com.scaleout.functions.shared.idempotency;

import static com.scaleout.functions.shared.aws.Attributes.n;
import static com.scaleout.functions.shared.aws.Attributes.number;
import static com.scaleout.functions.shared.aws.Attributes.s;
import static com.scaleout.functions.shared.aws.Attributes.string;

import java.time.Instant;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;

/**
 * The IdempotencyKeys table: one item per caller and key, {@code expiresAt} its TTL. A claim is one conditional
 * update that also reads what stood in its way ({@code ALL_OLD}), so a key costs two writes (claim, complete) and no
 * read; a run that answers "retry" gives the key back ({@code open}), keeping its first run's time for the next.
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
    /** When the key was first claimed: the time of the ids every run under it draws. */
    static final String FIRST_RUN = "firstRun";
    private static final String RUNNING = "running";
    private static final String OPEN = "open";
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
        return claim(id, fingerprint, attempt, lockedUntil, expiresAt, now, true);
    }

    private Claim claim(String id, String fingerprint, String attempt, Instant lockedUntil, Instant expiresAt,
                        Instant now, boolean clearExpired) {
        try {
            var claimed = dynamoDb.updateItem(update -> update.tableName(table).key(Map.of(ID, s(id)))
                    .updateExpression("SET #fp = :fp, #state = :running, #attempt = :attempt, #locked = :locked, "
                            + "#first = if_not_exists(#first, :nowMillis), #expires = if_not_exists(#expires, :expires)")
                    // new; or given back (a run that answered "retry"), or held by a run that ran out of time, by the
                    // same request, within the key's day
                    .conditionExpression("attribute_not_exists(#id) OR ((#state = :open OR (#state = :running AND "
                            + "#locked < :nowMillis)) AND #fp = :fp AND #expires >= :nowSeconds)")
                    .expressionAttributeNames(Map.of("#id", ID, "#fp", FINGERPRINT, "#state", STATE, "#attempt", ATTEMPT,
                            "#locked", LOCKED_UNTIL, "#first", FIRST_RUN, "#expires", EXPIRES_AT))
                    .expressionAttributeValues(Map.of(":fp", s(fingerprint), ":running", s(RUNNING), ":open", s(OPEN),
                            ":attempt", s(attempt), ":locked", n(lockedUntil.toEpochMilli()),
                            ":nowMillis", n(now.toEpochMilli()), ":nowSeconds", n(now.getEpochSecond()),
                            ":expires", n(expiresAt.getEpochSecond())))
                    .returnValues(ReturnValue.ALL_NEW)
                    .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)).attributes();
            return new Claimed(Instant.ofEpochMilli(number(claimed, FIRST_RUN)));
        } catch (ConditionalCheckFailedException e) {
            Map<String, AttributeValue> held = e.hasItem() ? e.item() : Map.of();
            if (attempt.equals(string(held, ATTEMPT))) {
                // this attempt's own claim, whose answer the SDK did not get
                return new Claimed(Instant.ofEpochMilli(number(held, FIRST_RUN)));
            }
            if (number(held, EXPIRES_AT) < now.getEpochSecond() && clearExpired) {
                // past its day: DynamoDB deletes expired items within days, not at once
                deleteExpired(id, held.get(EXPIRES_AT));
                return claim(id, fingerprint, attempt, lockedUntil, expiresAt, now, false);
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

    private void deleteExpired(String id, AttributeValue expiresAt) {
        try {
            dynamoDb.deleteItem(delete -> delete.tableName(table).key(Map.of(ID, s(id)))
                    .conditionExpression("#expires = :expires")
                    .expressionAttributeNames(Map.of("#expires", EXPIRES_AT))
                    .expressionAttributeValues(Map.of(":expires", expiresAt)));
        } catch (ConditionalCheckFailedException e) {
            // claimed afresh by another request meanwhile: the claim that follows finds it
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
    public void reopen(String id, String attempt) {
        try {
            dynamoDb.updateItem(update -> update.tableName(table).key(Map.of(ID, s(id)))
                    .updateExpression("SET #state = :open REMOVE #locked")
                    .conditionExpression("#attempt = :attempt")
                    .expressionAttributeNames(Map.of("#state", STATE, "#locked", LOCKED_UNTIL, "#attempt", ATTEMPT))
                    .expressionAttributeValues(Map.of(":open", s(OPEN), ":attempt", s(attempt))));
        } catch (ConditionalCheckFailedException e) {
            // another attempt holds it now: nothing of ours is left to give back
        }
    }
}
