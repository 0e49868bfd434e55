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
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;

/**
 * The Connections table: per connection ({@code connectionId}) the item {@value #CONNECTION} (its user and when it
 * opened) and one item per stream it listens to ({@code stream}: the normalized name), found through the
 * {@value #BY_STREAM} index by the key it listens to ({@code listensTo}). {@code expiresAt} (epoch seconds) is the
 * TTL: API Gateway closes a connection after two hours, and an item no {@code $disconnect} removed goes then.
 */
public final class DynamoConnectionStore implements ConnectionStore {
    static final String CONNECTION_ID = "connectionId";
    static final String STREAM = "stream";
    static final String LISTENS_TO = "listensTo";
    static final String USER_ID = "userId";
    static final String CONNECTED_AT = "connectedAt";
    static final String TERMS = "terms";
    static final String EXPIRES_AT = "expiresAt";
    /** The sort key of the connection's own item; a stream's name never starts with '#'. */
    static final String CONNECTION = "#connection";
    static final String BY_STREAM = "ByStream";

    private final DynamoDbClient dynamoDb;
    private final String table;

    public DynamoConnectionStore(DynamoDbClient dynamoDb, String table) {
        this.dynamoDb = dynamoDb;
        this.table = table;
    }

    /** The table this function was given (null when it was not: then never used). */
    public static DynamoConnectionStore fromEnvironment(DynamoDbClient dynamoDb) {
        return new DynamoConnectionStore(dynamoDb, RuntimeEnvironment.variable(
                Settings.table(ScaleoutDeclaration.CONNECTIONS)).orElse(null));
    }

    @Override
    public void putConnection(LiveConnection connection) {
        var item = new HashMap<String, AttributeValue>();
        item.put(CONNECTION_ID, s(connection.connectionId()));
        item.put(STREAM, s(CONNECTION));
        connection.userId().ifPresent(user -> item.put(USER_ID, s(user)));
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
        return Optional.of(new LiveConnection(connectionId, Optional.ofNullable(string(item, USER_ID)),
                Instant.parse(string(item, CONNECTED_AT))));
    }

    @Override
    public List<LiveSubscription> subscriptions(String connectionId) {
        return items(connectionId).stream().filter(item -> !CONNECTION.equals(string(item, STREAM)))
                .map(DynamoConnectionStore::toSubscription).toList();
    }

    @Override
    public boolean putSubscription(LiveSubscription subscription) {
        var item = new HashMap<String, AttributeValue>();
        item.put(CONNECTION_ID, s(subscription.connectionId()));
        item.put(STREAM, s(subscription.stream()));
        item.put(LISTENS_TO, s(subscription.listensTo()));
        subscription.userId().ifPresent(user -> item.put(USER_ID, s(user)));
        if (!subscription.terms().isEmpty()) {
            item.put(TERMS, list(subscription.terms()));
        }
        item.put(EXPIRES_AT, n(subscription.expiresAt().getEpochSecond()));
        try {
            dynamoDb.putItem(r -> r.tableName(table).item(item)
                    .conditionExpression("attribute_not_exists(#stream)")
                    .expressionAttributeNames(Map.of("#stream", STREAM)));
            return true;
        } catch (ConditionalCheckFailedException already) {
            return false;
        }
    }

    @Override
    public Optional<LiveSubscription> deleteSubscription(String connectionId, String stream) {
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
                deleteSubscription(connectionId, stream).ifPresent(removed::add);
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

    private static Map<String, AttributeValue> key(String connectionId, String stream) {
        return Map.of(CONNECTION_ID, s(connectionId), STREAM, s(stream));
    }

    private static LiveSubscription toSubscription(Map<String, AttributeValue> item) {
        return new LiveSubscription(string(item, CONNECTION_ID), string(item, STREAM), string(item, LISTENS_TO),
                Optional.ofNullable(string(item, USER_ID)), strings(item, TERMS),
                Instant.ofEpochSecond(number(item, EXPIRES_AT)));
    }
}
