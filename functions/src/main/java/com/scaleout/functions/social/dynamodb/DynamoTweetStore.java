package com.scaleout.functions.social.dynamodb;

import static com.scaleout.functions.shared.aws.Attributes.list;
import static com.scaleout.functions.shared.aws.Attributes.n;
import static com.scaleout.functions.shared.aws.Attributes.number;
import static com.scaleout.functions.shared.aws.Attributes.s;
import static com.scaleout.functions.shared.aws.Attributes.string;
import static com.scaleout.functions.shared.aws.Attributes.strings;

import com.scaleout.functions.shared.aws.Batches;
import com.scaleout.functions.shared.paging.PageRequest;
import com.scaleout.functions.social.application.AccountMissing;
import com.scaleout.functions.social.application.Slice;
import com.scaleout.functions.social.application.TweetStore;
import com.scaleout.functions.social.domain.Mention;
import com.scaleout.functions.social.domain.Tweet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Tweets keyed by id (a ULID), with three sparse-where-possible indexes, each sorted by tweet id (= time):
 * {@code ByAuthor} (authorId), {@code RepliesByAuthor} (replyAuthorId, set on replies only) and
 * {@code ByParent} (inReplyTo). A tweet and the counts it moves are written in one transaction.
 */
public final class DynamoTweetStore implements TweetStore {
    public static final String BY_AUTHOR = "ByAuthor";
    public static final String REPLIES_BY_AUTHOR = "RepliesByAuthor";
    public static final String BY_PARENT = "ByParent";

    public static final String ID = "id";
    public static final String AUTHOR_ID = "authorId";
    public static final String REPLY_AUTHOR_ID = "replyAuthorId";
    public static final String IN_REPLY_TO = "inReplyTo";
    static final String IN_REPLY_TO_USERNAME = "inReplyToUsername";
    static final String AUTHOR_USERNAME = "authorUsername";
    static final String TEXT = "text";
    static final String CREATED_AT = "createdAt";
    public static final String HASHTAGS = "hashtags";
    static final String MENTION_IDS = "mentionIds";
    static final String MENTION_USERNAMES = "mentionUsernames";
    static final String REPLIES = "replies";
    public static final String RETWEETS = "retweets";
    public static final String LIKES = "likes";

    private final DynamoDbClient dynamoDb;
    private final SocialTables tables;

    public DynamoTweetStore(DynamoDbClient dynamoDb, SocialTables tables) {
        this.dynamoDb = dynamoDb;
        this.tables = tables;
    }

    @Override
    public void create(Tweet tweet) {
        var items = new ArrayList<TransactWriteItem>();
        items.add(TransactWriteItem.builder().put(p -> p.tableName(tables.tweets()).item(toItem(tweet))
                .conditionExpression("attribute_not_exists(id)")
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)).build());
        items.add(counter(tables.users(), DynamoUserStore.ID, tweet.authorId(), DynamoUserStore.TWEETS, 1));
        tweet.inReplyTo().ifPresent(parent -> items.add(counter(tables.tweets(), ID, parent, REPLIES, 1)));
        try {
            Transactions.write(dynamoDb, items);
        } catch (Transactions.ConditionFailed e) {
            if (e.index == 0 && e.heldBy(AUTHOR_ID, tweet.authorId())) {
                // the id is new to this request: a tweet under it is this transaction's earlier attempt, applied
                // with its counts, whose answer was lost
                return;
            }
            if (e.index == 2) {
                throw new ParentNotFound();
            }
            if (e.index == 1) {
                throw new AccountMissing(tweet.authorId());
            }
            throw new IllegalStateException("tweet " + tweet.id() + " not stored: condition " + e.index, e);
        }
    }

    @Override
    public void delete(Tweet tweet) {
        var items = new ArrayList<TransactWriteItem>();
        items.add(TransactWriteItem.builder().delete(d -> d.tableName(tables.tweets()).key(Map.of(ID, s(tweet.id())))
                .conditionExpression("authorId = :author")
                .expressionAttributeValues(Map.of(":author", s(tweet.authorId())))).build());
        items.add(counter(tables.users(), DynamoUserStore.ID, tweet.authorId(), DynamoUserStore.TWEETS, -1));
        tweet.inReplyTo().ifPresent(parent -> items.add(counter(tables.tweets(), ID, parent, REPLIES, -1)));
        try {
            Transactions.write(dynamoDb, items);
        } catch (Transactions.ConditionFailed e) {
            if (e.index == 0) {
                return; // already deleted: deleting is idempotent
            }
            if (e.index == 2) {
                // the parent went away meanwhile: there is no count left to lower
                Transactions.write(dynamoDb, items.subList(0, 2));
                return;
            }
            throw new IllegalStateException("tweet " + tweet.id() + " not deleted: condition " + e.index, e);
        }
    }

    /** Adds {@code delta} to a count of an item that must exist. */
    static TransactWriteItem counter(String table, String keyName, String key, String attribute, long delta) {
        return TransactWriteItem.builder().update(u -> u.tableName(table).key(Map.of(keyName, s(key)))
                .updateExpression("ADD #count :delta")
                .conditionExpression("attribute_exists(#key)")
                .expressionAttributeNames(Map.of("#count", attribute, "#key", keyName))
                .expressionAttributeValues(Map.of(":delta", n(delta)))).build();
    }

    @Override
    public Optional<Tweet> find(String id) {
        var item = dynamoDb.getItem(r -> r.tableName(tables.tweets()).key(Map.of(ID, s(id)))).item();
        return item == null || item.isEmpty() ? Optional.empty() : Optional.of(toTweet(item));
    }

    @Override
    public List<Tweet> findMany(List<String> ids) {
        var byId = new HashMap<String, Tweet>();
        for (var item : Batches.getAll(dynamoDb, tables.tweets(), ID, ids)) {
            var tweet = toTweet(item);
            byId.put(tweet.id(), tweet);
        }
        return ids.stream().filter(byId::containsKey).map(byId::get).toList();
    }

    @Override
    public Slice<Tweet> byAuthor(String authorId, PageRequest page) {
        return newestFirst(BY_AUTHOR, AUTHOR_ID, authorId, page);
    }

    @Override
    public Slice<Tweet> repliesByAuthor(String authorId, PageRequest page) {
        return newestFirst(REPLIES_BY_AUTHOR, REPLY_AUTHOR_ID, authorId, page);
    }

    @Override
    public Slice<Tweet> repliesTo(String tweetId, PageRequest page) {
        return newestFirst(BY_PARENT, IN_REPLY_TO, tweetId, page);
    }

    private Slice<Tweet> newestFirst(String index, String partitionKey, String value, PageRequest page) {
        var items = Queries.newestFirst(dynamoDb, tables.tweets(), index, partitionKey, value, ID, page);
        return Slice.ofOverfetched(items.stream().map(DynamoTweetStore::toTweet).toList(), page.limit());
    }

    public static Map<String, AttributeValue> toItem(Tweet tweet) {
        var item = new HashMap<String, AttributeValue>();
        item.put(ID, s(tweet.id()));
        item.put(AUTHOR_ID, s(tweet.authorId()));
        item.put(AUTHOR_USERNAME, s(tweet.authorUsername()));
        item.put(TEXT, s(tweet.text()));
        item.put(CREATED_AT, s(tweet.createdAt()));
        tweet.inReplyTo().ifPresent(parent -> {
            item.put(IN_REPLY_TO, s(parent));
            item.put(REPLY_AUTHOR_ID, s(tweet.authorId()));
        });
        tweet.inReplyToUsername().ifPresent(username -> item.put(IN_REPLY_TO_USERNAME, s(username)));
        item.put(HASHTAGS, list(tweet.hashtags()));
        item.put(MENTION_IDS, list(tweet.mentions().stream().map(Mention::userId).toList()));
        item.put(MENTION_USERNAMES, list(tweet.mentions().stream().map(Mention::username).toList()));
        item.put(REPLIES, n(tweet.replies()));
        item.put(RETWEETS, n(tweet.retweets()));
        item.put(LIKES, n(tweet.likes()));
        return item;
    }

    public static Tweet toTweet(Map<String, AttributeValue> item) {
        List<String> mentionIds = strings(item, MENTION_IDS);
        List<String> mentionNames = strings(item, MENTION_USERNAMES);
        var mentions = new ArrayList<Mention>();
        for (int i = 0; i < Math.min(mentionIds.size(), mentionNames.size()); i++) {
            mentions.add(new Mention(mentionIds.get(i), mentionNames.get(i)));
        }
        return new Tweet(string(item, ID), string(item, AUTHOR_ID), string(item, AUTHOR_USERNAME),
                string(item, TEXT), string(item, CREATED_AT), Optional.ofNullable(string(item, IN_REPLY_TO)),
                strings(item, HASHTAGS), mentions, Math.max(0, number(item, REPLIES)),
                Math.max(0, number(item, RETWEETS)), Math.max(0, number(item, LIKES)),
                Optional.ofNullable(string(item, IN_REPLY_TO_USERNAME)));
    }
}
