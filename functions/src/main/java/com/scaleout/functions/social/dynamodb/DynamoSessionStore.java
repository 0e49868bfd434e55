package com.scaleout.functions.social.dynamodb;

import static com.scaleout.functions.shared.aws.Attributes.n;
import static com.scaleout.functions.shared.aws.Attributes.number;
import static com.scaleout.functions.shared.aws.Attributes.s;
import static com.scaleout.functions.shared.aws.Attributes.string;

import com.scaleout.functions.social.application.SessionStore;
import com.scaleout.functions.social.domain.Session;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Sessions keyed by the token's SHA-256. {@code expiresAt} (epoch seconds) is the table's TTL attribute;
 * DynamoDB deletes expired items lazily, so reads check it too.
 */
public final class DynamoSessionStore implements SessionStore {
    static final String ID = "id";
    static final String USER_ID = "userId";
    static final String USERNAME = "username";
    static final String CREATED_AT = "createdAt";
    static final String EXPIRES_AT = "expiresAt";

    private final DynamoDbClient dynamoDb;
    private final String table;

    public DynamoSessionStore(DynamoDbClient dynamoDb, SocialTables tables) {
        this.dynamoDb = dynamoDb;
        this.table = tables.sessions();
    }

    @Override
    public void save(Session session) {
        dynamoDb.putItem(r -> r.tableName(table).item(Map.of(
                ID, s(session.id()),
                USER_ID, s(session.userId()),
                USERNAME, s(session.username()),
                CREATED_AT, n(session.createdAt().getEpochSecond()),
                EXPIRES_AT, n(session.expiresAt().getEpochSecond()))));
    }

    @Override
    public Optional<Session> find(String sessionId) {
        var item = dynamoDb.getItem(r -> r.tableName(table).key(Map.of(ID, s(sessionId))).consistentRead(true))
                .item();
        if (item == null || item.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Session(string(item, ID), string(item, USER_ID), string(item, USERNAME),
                Instant.ofEpochSecond(number(item, CREATED_AT)), Instant.ofEpochSecond(number(item, EXPIRES_AT))));
    }

    @Override
    public void delete(String sessionId) {
        dynamoDb.deleteItem(r -> r.tableName(table).key(Map.of(ID, s(sessionId))));
    }
}
