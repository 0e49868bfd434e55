package com.scaleout.functions.social.dynamodb;

import static com.scaleout.functions.shared.aws.Attributes.n;
import static com.scaleout.functions.shared.aws.Attributes.number;
import static com.scaleout.functions.shared.aws.Attributes.s;
import static com.scaleout.functions.shared.aws.Attributes.string;

import com.scaleout.functions.shared.aws.Batches;
import com.scaleout.functions.social.application.UserStore;
import com.scaleout.functions.social.domain.Mention;
import com.scaleout.functions.social.domain.User;
import com.scaleout.functions.social.domain.Usernames;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Users (key {@code id}) and Usernames (key: the lower-cased username → {@code userId}). Creating an account
 * writes both in one transaction, conditional on neither existing: usernames stay unique in any case.
 */
public final class DynamoUserStore implements UserStore {
    public static final String ID = "id";
    static final String USERNAME = "username";
    static final String DISPLAY_NAME = "displayName";
    static final String CREATED_AT = "createdAt";
    static final String PASSWORD_HASH = "passwordHash";
    public static final String FOLLOWERS = "followers";
    static final String FOLLOWING = "following";
    static final String TWEETS = "tweets";
    static final String BIO = "bio";
    /** Usernames table: key is the normalized username; these point back to the account. */
    public static final String NORMALIZED = "username";
    static final String USER_ID = "userId";
    static final String DISPLAY_USERNAME = "displayUsername";

    private final DynamoDbClient dynamoDb;
    private final SocialTables tables;

    public DynamoUserStore(DynamoDbClient dynamoDb, SocialTables tables) {
        this.dynamoDb = dynamoDb;
        this.tables = tables;
    }

    @Override
    public void create(User user) {
        var usernameItem = usernameItem(user);
        var userItem = toItem(user);
        try {
            Transactions.write(dynamoDb, List.of(
                    TransactWriteItem.builder().put(p -> p.tableName(tables.usernames()).item(usernameItem)
                            .conditionExpression("attribute_not_exists(#k)")
                            .expressionAttributeNames(Map.of("#k", NORMALIZED))
                            .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD))
                            .build(),
                    TransactWriteItem.builder().put(p -> p.tableName(tables.users()).item(userItem)
                            .conditionExpression("attribute_not_exists(#k)")
                            .expressionAttributeNames(Map.of("#k", ID))).build()));
        } catch (Transactions.ConditionFailed e) {
            if (e.index == 0 && e.heldBy(USER_ID, user.id())) {
                return; // the name is this account's own: an earlier attempt of this transaction, its answer lost
            }
            throw new UsernameTaken();
        }
    }

    @Override
    public Optional<User> findById(String id) {
        var item = dynamoDb.getItem(r -> r.tableName(tables.users()).key(Map.of(ID, s(id)))).item();
        return item == null || item.isEmpty() ? Optional.empty() : Optional.of(toUser(item));
    }

    @Override
    public Optional<User> findByUsername(String username) {
        return claim(username).flatMap(item -> findById(string(item, USER_ID)));
    }

    @Override
    public Optional<String> findIdByUsername(String username) {
        return claim(username).map(item -> string(item, USER_ID));
    }

    @Override
    public Optional<Credentials> findCredentials(String username) {
        return claim(username).flatMap(item -> {
            String userId = string(item, USER_ID);
            if (item.containsKey(PASSWORD_HASH)) {
                return Optional.of(new Credentials(userId, string(item, PASSWORD_HASH)));
            }
            // a claim written before claims carried the hash
            return findById(userId).map(user -> new Credentials(userId, user.passwordHash()));
        });
    }

    /** The username's claim item, if the name is valid and taken. */
    private Optional<Map<String, AttributeValue>> claim(String username) {
        if (!Usernames.isValid(username)) {
            return Optional.empty();
        }
        var item = dynamoDb.getItem(r -> r.tableName(tables.usernames())
                .key(Map.of(NORMALIZED, s(Usernames.normalize(username))))).item();
        return item == null || item.isEmpty() ? Optional.empty() : Optional.of(item);
    }

    @Override
    public Map<String, Mention> resolveUsernames(Collection<String> normalizedUsernames) {
        var found = new HashMap<String, Mention>();
        for (var item : Batches.getAll(dynamoDb, tables.usernames(), NORMALIZED,
                new ArrayList<>(new LinkedHashSet<>(normalizedUsernames)))) {
            found.put(string(item, NORMALIZED), new Mention(string(item, USER_ID), string(item, DISPLAY_USERNAME)));
        }
        return found;
    }

    /** One UpdateItem, conditional on the account existing (an edit never creates a half account). */
    @Override
    public Optional<User> editProfile(String userId, ProfileEdit edit) {
        var names = new HashMap<String, String>(Map.of("#id", ID));
        var values = new HashMap<String, AttributeValue>();
        var set = new ArrayList<String>();
        edit.displayName().ifPresent(name -> {
            names.put("#d", DISPLAY_NAME);
            values.put(":d", s(name));
            set.add("#d = :d");
        });
        String remove = "";
        if (edit.bio().isPresent()) {
            names.put("#b", BIO);
            if (edit.bio().get().isEmpty()) {
                remove = " REMOVE #b";
            } else {
                values.put(":b", s(edit.bio().get()));
                set.add("#b = :b");
            }
        }
        if (set.isEmpty() && remove.isEmpty()) {
            return findById(userId);
        }
        String expression = (set.isEmpty() ? "" : "SET " + String.join(", ", set)) + remove;
        try {
            var item = dynamoDb.updateItem(r -> r.tableName(tables.users()).key(Map.of(ID, s(userId)))
                    .updateExpression(expression.strip()).conditionExpression("attribute_exists(#id)")
                    .expressionAttributeNames(names).expressionAttributeValues(values.isEmpty() ? null : values)
                    .returnValues(ReturnValue.ALL_NEW)).attributes();
            return Optional.of(toUser(item));
        } catch (ConditionalCheckFailedException e) {
            return Optional.empty();
        }
    }

    @Override
    public List<User> findByIds(List<String> ids) {
        var byId = new HashMap<String, User>();
        for (var item : Batches.getAll(dynamoDb, tables.users(), ID, ids)) {
            var user = toUser(item);
            byId.put(user.id(), user);
        }
        return ids.stream().filter(byId::containsKey).map(byId::get).toList();
    }

    /** The account with its counts (as given: a new account's are 0). */
    public static Map<String, AttributeValue> toItem(User user) {
        var item = new HashMap<String, AttributeValue>();
        item.put(ID, s(user.id()));
        item.put(USERNAME, s(user.username()));
        item.put(DISPLAY_NAME, s(user.displayName()));
        item.put(CREATED_AT, s(user.createdAt()));
        item.put(PASSWORD_HASH, s(user.passwordHash()));
        item.put(FOLLOWERS, n(user.followers()));
        item.put(FOLLOWING, n(user.following()));
        item.put(TWEETS, n(user.tweets()));
        if (user.bio() != null) {
            item.put(BIO, s(user.bio()));
        }
        return item;
    }

    /** The username's claim, pointing at the account, with the password hash a login checks (see findCredentials). */
    public static Map<String, AttributeValue> usernameItem(User user) {
        return Map.of(NORMALIZED, s(Usernames.normalize(user.username())), USER_ID, s(user.id()),
                DISPLAY_USERNAME, s(user.username()), PASSWORD_HASH, s(user.passwordHash()));
    }

    static User toUser(Map<String, AttributeValue> item) {
        return new User(string(item, ID), string(item, USERNAME), string(item, DISPLAY_NAME),
                string(item, CREATED_AT), string(item, PASSWORD_HASH), number(item, FOLLOWERS),
                number(item, FOLLOWING), number(item, TWEETS), string(item, BIO));
    }
}
