package com.scaleout.functions.social.streams;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue;
import com.scaleout.functions.shared.snapstart.PrimingRequests;
import com.scaleout.functions.social.domain.Mention;
import com.scaleout.functions.social.domain.Tweet;
import com.scaleout.functions.social.dynamodb.DynamoTweetStore;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A made-up tweet as a stream image, for the stream consumers' priming: the tweet store's own mapper writes it, so
 * that reading it back runs the same conversion a real record does.
 */
final class PrimingImages {
    static final Tweet TWEET = new Tweet(PrimingRequests.MISSING_ID, PrimingRequests.MISSING_ID, "snapstart",
            "priming #snapstart", "1970-01-01T00:00:00Z", Optional.empty(), List.of("snapstart"),
            List.of(new Mention(PrimingRequests.MISSING_ID, "snapstart")), 0, 0);

    private PrimingImages() {
    }

    /**
     * Hands {@code consumer} a batch of one MODIFY of the made-up tweet from {@code table}'s stream (a record the
     * social consumers apply as "nothing to do") and converts the image as a real record's is: the tweet.
     */
    static Tweet deliverUnchanged(RequestHandler<DynamodbEvent, StreamsEventResponse> consumer, String table) {
        var image = tweet();
        consumer.handleRequest(PrimingRequests.stream(table, "MODIFY", image, image), null);
        return StreamImages.toTweet(image);
    }

    private static Map<String, AttributeValue> tweet() {
        var image = new HashMap<String, AttributeValue>();
        DynamoTweetStore.toItem(TWEET).forEach((name, value) -> image.put(name, fromSdk(value)));
        return image;
    }

    /** The kinds of attribute the tweet mapper writes: strings, numbers and lists of them. */
    private static AttributeValue fromSdk(software.amazon.awssdk.services.dynamodb.model.AttributeValue value) {
        if (value.s() != null) {
            return new AttributeValue().withS(value.s());
        }
        if (value.n() != null) {
            return new AttributeValue().withN(value.n());
        }
        if (value.hasL()) {
            return new AttributeValue().withL(value.l().stream().map(PrimingImages::fromSdk).toList());
        }
        return new AttributeValue().withNULL(true);
    }
}
