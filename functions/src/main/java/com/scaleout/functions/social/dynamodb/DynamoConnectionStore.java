package com.scaleout.functions.social.dynamodb;

import static com.scaleout.functions.shared.aws.Attributes.list;
import static com.scaleout.functions.shared.aws.Attributes.n;
import static com.scaleout.functions.shared.aws.Attributes.number;
import static com.scaleout.functions.shared.aws.Attributes.s;
import static com.scaleout.functions.shared.aws.Attributes.string;
import static com.scaleout.functions.shared.aws.Attributes.strings;

import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.declaration.Settings;
import com.scaleout.functions.shared.config.RuntimeEnvironment;
import com.scaleout.functions.social.application.ConnectionStore;
import com.scaleout.functions.social.domain.LiveConnection;
import com.scaleout.functions.social.domain.LiveSubscription;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * The Connections table: per connection ({@code connectionId}) the item {@value #CONNECTION} (its user and session,
 * when it opened, and how many {@value #SUBSCRIPTIONS} it has) and one item per stream it listens to ({@code stream}:
 * the normalized name; its connection's user and session too), found through the
 * {@value #BY_STREAM} index by the key it listens to ({@code listensTo}). {@code expiresAt} (epoch seconds) is the
 * TTL: API Gateway closes a connection after two hours, and an item no {@code $disconnect} removed goes then.
 */
public final class DynamoConnectionStore implements ConnectionStore {
    static final String CONNECTION_ID = "connectionId";
    static final String STREAM = "stream";
    static final String LISTENS_TO = "listensTo";
    static final String USER_ID = "userId";
    static final String SESSION_ID = "sessionId";
    static final String CONNECTED_AT = "connectedAt";
    static final String TERMS = "terms";
    static final String EXPIRES_AT = "expiresAt";
    /** On the connection's item: how many subscriptions it has. */
    static final String SUBSCRIPTIONS = "subscriptions";
    /** The sort key of the connection's own item; a stream's name never starts with '#'. */
    static final String CONNECTION = "#connection";
    static final String BY_STREAM = "ByStream";

    private final DynamoDbClient dynamoDb;
    private final String table;

    public DynamoConnectionStore(DynamoDbClient dynamoDb, String table) {
        this.dynamoDb = dynamoDb;
        this.table = table;
    }

    /** The table, if this function was given it. */
    public static Optional<DynamoConnectionStore> ifGiven(DynamoDbClient dynamoDb) {
        return RuntimeEnvironment.variable(Settings.table(ScaleoutDeclaration.CONNECTIONS))
                .map(table -> new DynamoConnectionStore(dynamoDb, table));
    }

    /** The table this function was given (null when it was not: then never used). */
    public static DynamoConnectionStore fromEnvironment(DynamoDbClient dynamoDb) {
        return ifGiven(dynamoDb).orElseGet(() -> new DynamoConnectionStore(dynamoDb, null));
    }

    @Override
    public void putConnection(LiveConnection connection) {
        var item = new HashMap<String, AttributeValue>();
        item.put(CONNECTION_ID, s(connection.connectionId()));
        item.put(STREAM, s(CONNECTION));
        connection.userId().ifPresent(user -> item.put(USER_ID, s(user)));
        connection.sessionId().ifPresent(session -> item.put(SESSION_ID, s(session)));
        item.put(CONNECTED_AT, s(connection.connectedAt().toString()));
        item.put(EXPIRES_AT, n(connection.expiresAt().getEpochSecond()));
        dynamoDb.putItem(r -> r.tableName(table).item(item));
    }

    @Override
    public Optional<LiveConnection> connection(String connectionId) {
        var item = dynamoDb.getItem(r -> r.tableName(table).key(key(connectionId, CONNECTION)).consistentRead(true))
                .item();
        if (item == null || item.isEmpty()) {
            return Optional.empty();
        }
        var subscriptions = item.get(SUBSCRIPTIONS);
        return Optional.of(new LiveConnection(connectionId, Optional.ofNullable(string(item, USER_ID)),
                Optional.ofNullable(string(item, SESSION_ID)), Instant.parse(string(item, CONNECTED_AT)),
                subscriptions == null ? 0 : Integer.parseInt(subscriptions.n())));
    }

    @Override
    public List<LiveSubscription> subscriptions(String connectionId) {
        return items(connectionId).stream().filter(item -> !CONNECTION.equals(string(item, STREAM)))
                .map(DynamoConnectionStore::toSubscription).toList();
    }

    /**
     * The subscription's item (if it is new) and its connection's count (if the connection has fewer than
     * {@code most}, and still is) in one transaction.
     */
    @Override
    public Added putSubscription(LiveSubscription subscription, int most) {
        var item = new HashMap<String, AttributeValue>();
        item.put(CONNECTION_ID, s(subscription.connectionId()));
        item.put(STREAM, s(subscription.stream()));
        item.put(LISTENS_TO, s(subscription.listensTo()));
        subscription.userId().ifPresent(user -> item.put(USER_ID, s(user)));
        subscription.sessionId().ifPresent(session -> item.put(SESSION_ID, s(session)));
        if (!subscription.terms().isEmpty()) {
            item.put(TERMS, list(subscription.terms()));
        }
        item.put(EXPIRES_AT, n(subscription.expiresAt().getEpochSecond()));
        var put = TransactWriteItem.builder().put(Put.builder().tableName(table).item(item)
                .conditionExpression("attribute_not_exists(#stream)")
                .expressionAttributeNames(Map.of("#stream", STREAM)).build()).build();
        var count = TransactWriteItem.builder().update(Update.builder().tableName(table)
                .key(key(subscription.connectionId(), CONNECTION))
                .updateExpression("SET #count = if_not_exists(#count, :zero) + :one")
                .conditionExpression("attribute_exists(#id) AND (attribute_not_exists(#count) OR #count < :most)")
                .expressionAttributeNames(Map.of("#count", SUBSCRIPTIONS, "#id", CONNECTION_ID))
                .expressionAttributeValues(Map.of(":zero", n(0), ":one", n(1), ":most", n(most)))
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD).build()).build();
        try {
            Transactions.write(dynamoDb, List.of(put, count));
            return Added.ADDED;
        } catch (Transactions.ConditionFailed failed) {
            if (failed.index == 0) {
                return Added.ALREADY;
            }
            return failed.heldBy(CONNECTION_ID, subscription.connectionId()) ? Added.FULL : Added.NO_CONNECTION;
        }
    }

    /**
     * The item goes first, answering what it held, then the count: should the second write fail, the count stays one
     * too high, which only ever lets the connection subscribe to fewer streams, never to more.
     */
    @Override
    public Optional<LiveSubscription> deleteSubscription(String connectionId, String stream) {
        var removed = deleteItem(connectionId, stream);
        if (removed.isEmpty()) {
            return removed;
        }
        try {
            dynamoDb.updateItem(r -> r.tableName(table).key(key(connectionId, CONNECTION))
                    .updateExpression("ADD #count :minusOne")
                    .conditionExpression("attribute_exists(#id) AND #count > :zero")
                    .expressionAttributeNames(Map.of("#count", SUBSCRIPTIONS, "#id", CONNECTION_ID))
                    .expressionAttributeValues(Map.of(":minusOne", n(-1), ":zero", n(0))));
        } catch (ConditionalCheckFailedException connectionGone) {
            // the connection went meanwhile (its items with it): nothing to count
        }
        return removed;
    }

    /** Deletes a subscription's item; what it held, if it was there. */
    private Optional<LiveSubscription> deleteItem(String connectionId, String stream) {
        var old = dynamoDb.deleteItem(r -> r.tableName(table).key(key(connectionId, stream))
                .returnValues(ReturnValue.ALL_OLD)).attributes();
        return old == null || old.isEmpty() ? Optional.empty() : Optional.of(toSubscription(old));
    }

    /**
     * Each item is deleted on its own, answering what it held: two callers may forget one connection at once (its
     * {@code $disconnect} and a pusher told it is gone, or both pushers), and each subscription is then returned to
     * one of them only, so that its presence count goes down once (a batch delete answers nothing, and both callers
     * would return every subscription they had read).
     */
    @Override
    public List<LiveSubscription> deleteConnection(String connectionId) {
        var removed = new ArrayList<LiveSubscription>();
        for (var item : items(connectionId)) {
            String stream = string(item, STREAM);
            if (!CONNECTION.equals(stream)) {
                deleteItem(connectionId, stream).ifPresent(removed::add); // the count goes with the connection
            }
        }
        dynamoDb.deleteItem(r -> r.tableName(table).key(key(connectionId, CONNECTION)));
        return removed;
    }

    @Override
    public List<LiveSubscription> listeners(String key) {
        var listeners = new ArrayList<LiveSubscription>();
        dynamoDb.queryPaginator(r -> r.tableName(table).indexName(BY_STREAM)
                        .keyConditionExpression("#key = :key")
                        .expressionAttributeNames(Map.of("#key", LISTENS_TO))
                        .expressionAttributeValues(Map.of(":key", s(key))))
                .items().forEach(item -> listeners.add(toSubscription(item)));
        return listeners;
    }

    /** A connection's items: at most its own and {@link LiveConnection#MAX_SUBSCRIPTIONS} more, one page. */
    private List<Map<String, AttributeValue>> items(String connectionId) {
        return dynamoDb.query(r -> r.tableName(table).keyConditionExpression("#id = :id")
                .expressionAttributeNames(Map.of("#id", CONNECTION_ID))
                .expressionAttributeValues(Map.of(":id", s(connectionId))).consistentRead(true)).items();
    }

    @Override
    public Iterable<LiveSubscription> everySubscription() {
        return () -> dynamoDb.scanPaginator(r -> r.tableName(table).filterExpression("#stream <> :connection")
                        .expressionAttributeNames(Map.of("#stream", STREAM))
                        .expressionAttributeValues(Map.of(":connection", s(CONNECTION))))
                .items().stream().map(DynamoConnectionStore::toSubscription).iterator();
    }

    private static Map<String, AttributeValue> key(String connectionId, String stream) {
        return Map.of(CONNECTION_ID, s(connectionId), STREAM, s(stream));
    }

    /** A subscription's item as the subscription it stores. */
    public static LiveSubscription toSubscription(Map<String, AttributeValue> item) {
        return new LiveSubscription(string(item, CONNECTION_ID), string(item, STREAM), string(item, LISTENS_TO),
                Optional.ofNullable(string(item, USER_ID)), Optional.ofNullable(string(item, SESSION_ID)),
                strings(item, TERMS),
                Instant.ofEpochSecond(number(item, EXPIRES_AT)));
    }
}
