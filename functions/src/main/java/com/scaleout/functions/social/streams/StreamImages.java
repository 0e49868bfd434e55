package com.scaleout.functions.social.streams;

import com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue;
import com.scaleout.functions.social.domain.Tweet;
import com.scaleout.functions.social.dynamodb.DynamoTweetStore;
import java.util.HashMap;
import java.util.Map;

/**
 * Stream images arrive in the Lambda events library's attribute model; the table mappers read the SDK's. One
 * conversion keeps a single mapper per table.
 */
final class StreamImages {

    private StreamImages() {
    }

    /**
     * The tweet of an image; an image that is not one (an item written to the table by anything but the tweet
     * store, without author, text or time) fails, so that its record is retried and then set aside (the
     * on-failure destination) instead of indexing a tweet that cannot be shown.
     */
    static Tweet toTweet(Map<String, AttributeValue> image) {
        Tweet tweet = DynamoTweetStore.toTweet(toSdk(image));
        if (tweet.id() == null || tweet.authorId() == null || tweet.authorUsername() == null || tweet.text() == null
                || tweet.createdAt() == null) {
            throw new IllegalArgumentException("stream image of " + tweet.id() + " is not a tweet: id, author, "
                    + "text and time are required");
        }
        return tweet;
    }

    static Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> toSdk(
            Map<String, AttributeValue> image) {
        var converted = new HashMap<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue>();
        image.forEach((name, value) -> converted.put(name, toSdk(value)));
        return converted;
    }

    private static software.amazon.awssdk.services.dynamodb.model.AttributeValue toSdk(AttributeValue value) {
        var sdk = software.amazon.awssdk.services.dynamodb.model.AttributeValue.builder();
        if (value.getS() != null) {
            sdk.s(value.getS());
        } else if (value.getN() != null) {
            sdk.n(value.getN());
        } else if (value.getB() != null) {
            sdk.b(software.amazon.awssdk.core.SdkBytes.fromByteBuffer(value.getB()));
        } else if (value.getSS() != null) {
            sdk.ss(value.getSS());
        } else if (value.getNS() != null) {
            sdk.ns(value.getNS());
        } else if (value.getBS() != null) {
            sdk.bs(value.getBS().stream().map(software.amazon.awssdk.core.SdkBytes::fromByteBuffer).toList());
        } else if (value.getM() != null) {
            sdk.m(toSdk(value.getM()));
        } else if (value.getL() != null) {
            sdk.l(value.getL().stream().map(StreamImages::toSdk).toList());
        } else if (value.getBOOL() != null) {
            sdk.bool(value.getBOOL());
        } else {
            sdk.nul(true);
        }
        return sdk.build();
    }
}
