package com.scaleout.functions.albums;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;

/** The album's put as the SDK's retries meet it: an earlier attempt of the same put may already have landed. */
class DynamoAlbumStoreTest {
    private static final AlbumStore.Album ALBUM = new AlbumStore.Album("01J0000000000000000000ALBM",
            new AlbumProfile("Sex Pistols", "Never Mind The Bollocks!", "1977"), "images/abc", 120_000, 0, 0);

    @Test
    void aPutRefusedBecauseItsOwnEarlierAttemptLandedIsDone() {
        // the first attempt timed out after DynamoDB applied it; the retry's condition finds that same item
        var store = new DynamoAlbumStore(refusing(request -> request.item()), Clock.systemUTC());

        assertThatCode(() -> store.create(ALBUM)).doesNotThrowAnyException();
    }

    @Test
    void aPutRefusedBecauseAnotherItemHoldsTheIdStaysRefused() {
        var store = new DynamoAlbumStore(refusing(request -> {
            var other = new HashMap<>(request.item());
            other.put("title", AttributeValue.fromS("another album"));
            return other;
        }), Clock.systemUTC());

        assertThatThrownBy(() -> store.create(ALBUM)).isInstanceOf(ConditionalCheckFailedException.class);
    }

    /** A DynamoDB whose PutItem condition fails, reporting {@code existing} of the request as the item there. */
    private static DynamoDbClient refusing(Function<PutItemRequest, Map<String, AttributeValue>> existing) {
        return new DynamoDbClient() {
            @Override
            public PutItemResponse putItem(PutItemRequest request) {
                throw ConditionalCheckFailedException.builder().message("The conditional request failed")
                        .item(existing.apply(request)).build();
            }

            @Override
            public String serviceName() {
                return "dynamodb";
            }

            @Override
            public void close() {
            }
        };
    }
}
