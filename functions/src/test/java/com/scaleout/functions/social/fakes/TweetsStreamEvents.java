package com.scaleout.functions.social.fakes;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamRecord;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamViewType;
import com.scaleout.functions.social.domain.Mention;
import com.scaleout.functions.social.domain.Tweet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Recorded Tweets changes as the Tweets stream carries them to a Lambda consumer: INSERT with the new image,
 * MODIFY with both, REMOVE with the old one, in the item shape of the Tweets table (the consumer reads them with
 * the table's own mapper, so a wrong name here fails the batch rather than passing quietly).
 */
public final class TweetsStreamEvents {
    static final String SOURCE_ARN =
            "arn:aws:dynamodb:eu-west-1:123456789012:table/scaleout-Tweets/stream/2026-11-01T09:00:00.000";
    private static long sequence = 5_000_000_000L;

    private TweetsStreamEvents() {
    }

    /** The Tweets changes among these, in order, as one batch; other tables' changes are left out. */
    public static DynamodbEvent of(List<StreamRecorder.Change> changes) {
        var records = new ArrayList<DynamodbEvent.DynamodbStreamRecord>();
        for (StreamRecorder.Change change : changes) {
            switch (change) {
                case StreamRecorder.TweetInserted(var tweet) -> records.add(record("INSERT", null, tweet));
                case StreamRecorder.TweetModified(var tweet) -> records.add(record("MODIFY", tweet, tweet));
                case StreamRecorder.TweetRemoved(var tweet) -> records.add(record("REMOVE", tweet, null));
                default -> {
                    // Retweets and Follows have streams of their own
                }
            }
        }
        var event = new DynamodbEvent();
        event.setRecords(records);
        return event;
    }

    private static synchronized String nextSequence() {
        return Long.toString(++sequence);
    }

    private static DynamodbEvent.DynamodbStreamRecord record(String name, Tweet old, Tweet updated) {
        var stream = new StreamRecord();
        stream.setKeys(Map.of("id", s((updated == null ? old : updated).id())));
        if (old != null) {
            stream.setOldImage(image(old));
        }
        if (updated != null) {
            stream.setNewImage(image(updated));
        }
        stream.setSequenceNumber(nextSequence());
        stream.setStreamViewType(StreamViewType.NEW_AND_OLD_IMAGES);
        var record = new DynamodbEvent.DynamodbStreamRecord();
        record.setEventName(name);
        record.setEventSource("aws:dynamodb");
        record.setEventSourceARN(SOURCE_ARN);
        record.setDynamodb(stream);
        return record;
    }

    private static Map<String, AttributeValue> image(Tweet tweet) {
        var item = new HashMap<String, AttributeValue>();
        item.put("id", s(tweet.id()));
        item.put("authorId", s(tweet.authorId()));
        item.put("authorUsername", s(tweet.authorUsername()));
        item.put("text", s(tweet.text()));
        item.put("createdAt", s(tweet.createdAt()));
        tweet.inReplyTo().ifPresent(parent -> {
            item.put("inReplyTo", s(parent));
            item.put("replyAuthorId", s(tweet.authorId()));
        });
        item.put("hashtags", list(tweet.hashtags()));
        item.put("mentionIds", list(tweet.mentions().stream().map(Mention::userId).toList()));
        item.put("mentionUsernames", list(tweet.mentions().stream().map(Mention::username).toList()));
        item.put("replies", new AttributeValue().withN(Long.toString(tweet.replies())));
        item.put("retweets", new AttributeValue().withN(Long.toString(tweet.retweets())));
        return item;
    }

    private static AttributeValue s(String value) {
        return new AttributeValue().withS(value);
    }

    private static AttributeValue list(List<String> values) {
        return new AttributeValue().withL(values.stream().map(TweetsStreamEvents::s).toList());
    }
}
