package com.scaleout.local.albums;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.functions.albums.AlbumProfile;
import com.scaleout.functions.albums.AlbumStore;
import com.scaleout.functions.albums.DynamoAlbumStore;
import com.scaleout.local.testing.RuntimeFixture;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A review is counted once even when the SDK resends it: the SDK retries a call whose answer it did not get (an
 * attempt timeout under load), although DynamoDB may have applied it. The soak run saw reviews counted twice.
 */
class DynamoAlbumStoreIT {
    private static final Set<String> WRITES = Set.of("updateItem", "putItem");
    private static RuntimeFixture fixture;

    @BeforeAll
    static void start() throws Exception {
        fixture = RuntimeFixture.start(Declaration.builder()
                .table(ScaleoutDeclaration.declaration().table(DynamoAlbumStore.TABLE)).build());
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
    void aResentReviewIsCountedOnce() {
        var store = new DynamoAlbumStore(fixture.runtime().dynamoDb());
        var resending = new DynamoAlbumStore(resendingWrites(fixture.runtime().dynamoDb()));
        store.create(album("01RESENT0000000000000000A1"));

        var afterLike = resending.review("01RESENT0000000000000000A1", true);
        var afterDislike = resending.review("01RESENT0000000000000000A1", false);

        assertThat(afterLike).map(AlbumStore.Album::likes).contains(1L);
        assertThat(afterDislike).map(a -> a.likes() + "/" + a.dislikes()).contains("1/1");
        assertThat(store.find("01RESENT0000000000000000A1")).map(a -> a.likes() + "/" + a.dislikes())
                .contains("1/1");
    }

    @Test
    void reviewsOfAnUnknownAlbumAreRefused() {
        var resending = new DynamoAlbumStore(resendingWrites(fixture.runtime().dynamoDb()));

        assertThat(resending.review("01NOSUCHALBUM0000000000000", true)).isEmpty();
        assertThat(new DynamoAlbumStore(fixture.runtime().dynamoDb()).find("01NOSUCHALBUM0000000000000")).isEmpty();
    }

    @Test
    void theRecentReviewsAreForgottenOnceOlderThanAnyResend() {
        var later = java.time.Clock.offset(java.time.Clock.systemUTC(), java.time.Duration.ofMinutes(2));
        var now = new DynamoAlbumStore(fixture.runtime().dynamoDb());
        var twoMinutesOn = new DynamoAlbumStore(fixture.runtime().dynamoDb(), later);
        now.create(album("01FORGET000000000000000000"));
        for (int i = 0; i < 40; i++) {
            now.review("01FORGET000000000000000000", i % 2 == 0);
        }
        assertThat(recentReviews("01FORGET000000000000000000")).isEqualTo(40); // all within the last minute

        var after = twoMinutesOn.review("01FORGET000000000000000000", true);

        assertThat(after).map(a -> a.likes() + "/" + a.dislikes()).contains("21/20");
        // two minutes on, every id (the newest too, by that clock) is older than any resend: the set is gone
        assertThat(recentReviews("01FORGET000000000000000000")).isZero();
    }

    private static int recentReviews(String albumId) {
        return fixture.runtime().dynamoDb().getItem(r -> r.tableName(DynamoAlbumStore.TABLE).key(java.util.Map.of(
                "albumID", software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS(albumId))))
                .item().getOrDefault("recentReviews", software.amazon.awssdk.services.dynamodb.model.AttributeValue
                        .fromSs(java.util.List.of())).ss().size();
    }
}
