package com.scaleout.local.albums;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.functions.albums.AlbumProfile;
import com.scaleout.functions.albums.AlbumStore;
import com.scaleout.functions.albums.DynamoAlbumStore;
import com.scaleout.local.testing.RuntimeFixture;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A review is counted once even when the SDK resends it: the SDK retries a call whose answer it did not get (an
 * attempt timeout under load), although DynamoDB may have applied it (the soak run once saw reviews counted twice).
 * Reviews go to the review log, spread over the album's buckets; the counter on the log's stream counts them.
 */
class DynamoAlbumStoreIT {
    private static final Set<String> WRITES = Set.of("updateItem", "putItem");
    private static RuntimeFixture fixture;

    /** The albums, their review log, and the counter on the log's stream. */
    @BeforeAll
    static void start() throws Exception {
        var production = ScaleoutDeclaration.declaration();
        var declaration = Declaration.builder().table(production.table(DynamoAlbumStore.TABLE))
                .table(production.table("AlbumReviews"))
                .function(production.function(ScaleoutDeclaration.ALBUM_REVIEW_COUNTER));
        production.streamConsumers().stream().filter(consumer -> consumer.table().equals("AlbumReviews"))
                .forEach(declaration::streamConsumer);
        fixture = RuntimeFixture.start(declaration.build());
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    /** The real client, sending every write a second time, as the SDK does after an attempt's answer was lost. */
    private static DynamoDbClient resendingWrites(DynamoDbClient real) {
        return (DynamoDbClient) Proxy.newProxyInstance(DynamoDbClient.class.getClassLoader(),
                new Class<?>[] {DynamoDbClient.class}, (proxy, method, args) -> {
                    try {
                        if (WRITES.contains(method.getName())) {
                            method.invoke(real, args); // applied; its answer lost
                        }
                        return method.invoke(real, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    private static AlbumStore.Album album(String id) {
        return new AlbumStore.Album(id, new AlbumProfile("Sex Pistols", "Never Mind the Bollocks", "1977"),
                "images/" + id, 10, 0, 0);
    }

    @Test
    void aResentReviewIsLoggedOnceAndCountedOnce() {
        var store = new DynamoAlbumStore(fixture.runtime().dynamoDb());
        var resending = new DynamoAlbumStore(resendingWrites(fixture.runtime().dynamoDb()));
        store.create(album("01RESENT0000000000000000A1"));

        assertThat(resending.review("01RESENT0000000000000000A1", true)).isTrue();
        assertThat(resending.review("01RESENT0000000000000000A1", false)).isTrue();

        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertThat(store.find("01RESENT0000000000000000A1"))
                .map(a -> a.likes() + "/" + a.dislikes()).contains("1/1"));
        assertThat(logged("01RESENT0000000000000000A1")).as("one item per review").hasSize(2);
    }

    @Test
    void reviewsOfAnUnknownAlbumAreRefused() {
        var resending = new DynamoAlbumStore(resendingWrites(fixture.runtime().dynamoDb()));

        assertThat(resending.review("01NOSUCHALBUM0000000000000", true)).isFalse();
        assertThat(new DynamoAlbumStore(fixture.runtime().dynamoDb()).find("01NOSUCHALBUM0000000000000")).isEmpty();
        assertThat(logged("01NOSUCHALBUM0000000000000")).isEmpty();
    }

    @Test
    void anAlbumsReviewsSpreadOverItsBucketsAndAreAllCounted() {
        var store = new DynamoAlbumStore(fixture.runtime().dynamoDb());
        store.create(album("01SPREAD000000000000000000"));
        for (int i = 0; i < 40; i++) {
            store.review("01SPREAD000000000000000000", i % 4 != 0);
        }

        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertThat(store.find("01SPREAD000000000000000000"))
                .map(a -> a.likes() + "/" + a.dislikes()).contains("30/10"));
        assertThat(logged("01SPREAD000000000000000000").stream().map(item -> item.get("bucket").s()).distinct())
                .as("over several of the album's ten partition keys").hasSizeGreaterThan(5)
                .allMatch(bucket -> bucket.matches("01SPREAD000000000000000000#[0-9]"));
    }

    /** The album's items in the review log. */
    private static List<Map<String, AttributeValue>> logged(String albumId) {
        return fixture.runtime().dynamoDb().scanPaginator(scan -> scan.tableName("AlbumReviews")
                .filterExpression("begins_with(#b, :album)").expressionAttributeNames(Map.of("#b", "bucket"))
                .expressionAttributeValues(Map.of(":album", AttributeValue.fromS(albumId + "#"))))
                .items().stream().toList();
    }
}
