package com.scaleout.functions.social.dynamodb;

import static com.scaleout.functions.shared.aws.Attributes.s;
import static com.scaleout.functions.shared.aws.Attributes.string;

import com.scaleout.functions.shared.aws.Batches;
import com.scaleout.functions.social.application.CallerStates;
import com.scaleout.functions.social.domain.CallerState;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A page's caller state from one BatchGetItem over Retweets and Likes, keyed (the tweet's bucket for the caller,
 * callerId), reading only the tweet id of each row found (a page of 50 is 100 keys: one call; a page of 100 two).
 */
public final class DynamoCallerStates implements CallerStates {
    private final DynamoDbClient dynamoDb;
    private final SocialTables tables;

    public DynamoCallerStates(DynamoDbClient dynamoDb, SocialTables tables) {
        this.dynamoDb = dynamoDb;
        this.tables = tables;
    }

    @Override
    public Map<String, CallerState> of(String userId, List<String> tweetIds) {
        List<Map<String, AttributeValue>> keys = new LinkedHashSet<>(tweetIds).stream()
                .map(id -> CountedRows.key(id, userId)).toList();
        var found = keys.isEmpty() ? Map.<String, List<Map<String, AttributeValue>>>of()
                : Batches.getAcross(dynamoDb, Map.of(tables.retweets(), keys, tables.likes(), keys),
                        CountedRows.TWEET_ID);
        Set<String> retweeted = tweetIdsOf(found.get(tables.retweets()));
        Set<String> liked = tweetIdsOf(found.get(tables.likes()));
        var states = new HashMap<String, CallerState>();
        for (String id : tweetIds) {
            states.put(id, new CallerState(retweeted.contains(id), liked.contains(id)));
        }
        return states;
    }

    /** The tables are the truth, written by the stores: nothing else to keep. */
    @Override
    public void retweeted(String userId, String tweetId, boolean now) {
    }

    @Override
    public void liked(String userId, String tweetId, boolean now) {
    }

    private static Set<String> tweetIdsOf(List<Map<String, AttributeValue>> rows) {
        return rows == null ? Set.of()
                : rows.stream().map(row -> string(row, CountedRows.TWEET_ID)).collect(Collectors.toSet());
    }
}
