package com.scaleout.functions.shared.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.scaleout.functions.shared.ids.Ids;
import com.scaleout.functions.shared.paging.Cursors;
import com.scaleout.functions.shared.paging.PageRequest;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PageRequestsTest {
    private static final String ID = "01M7W6C3800000000000000001";

    private static ApiRequest query(Map<String, String> parameters) {
        return new ApiRequest(APIGatewayV2HTTPEvent.builder().withQueryStringParameters(parameters).build());
    }

    private static PageRequest page(Map<String, String> parameters) {
        return PageRequests.from(query(parameters), Ids::isId);
    }

    private static String base64(String text) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    private static void assertInvalid(ThrowingCallable call, String field) {
        assertThatThrownBy(call).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.status()).isEqualTo(400);
            assertThat(e.errors()).extracting(ErrorBody.FieldError::field).containsExactly(field);
        });
    }

    @Test
    void defaultsTo20FromTheStart() {
        var page = PageRequests.from(new ApiRequest(new APIGatewayV2HTTPEvent()), Ids::isId);

        assertThat(page.limit()).isEqualTo(20);
        assertThat(page.before()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"1", "20", "100", " 7 "})
    void takesALimitFrom1To100(String limit) {
        assertThat(page(Map.of("limit", limit)).limit()).isEqualTo(Integer.parseInt(limit.trim()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "101", "-1", "abc", "", "1.5", "2147483648", "1e2", "\u0663", "\uff13", "\u0969", "1\u0660"})
    void refusesAnyOtherLimit(String limit) {
        assertInvalid(() -> page(Map.of("limit", limit)), "limit");
    }

    @Test
    void honoursAListsOwnDefaultAndMaximum() {
        assertThat(PageRequests.from(query(Map.of()), 50, 50, Ids::isId).limit()).isEqualTo(50);
        assertInvalid(() -> PageRequests.from(query(Map.of("limit", "51")), 50, 50, Ids::isId), "limit");
    }

    @Test
    void roundTripsItsOwnCursor() {
        String cursor = Cursors.encode(ID);

        assertThat(cursor).matches("[A-Za-z0-9_-]+").doesNotContain(ID); // opaque and URL-safe
        assertThat(page(Map.of("cursor", cursor)).before()).contains(ID);
    }

    @Test
    void givesANextCursorOnlyWhenThereIsMore() {
        var page = page(Map.of());

        assertThat(page.nextCursor(ID, true)).isEqualTo(Cursors.encode(ID));
        assertThat(page.nextCursor(ID, false)).isNull();
    }

    @Test
    void refusesMalformedCursors() {
        for (String cursor : new String[] {"not base64!", "", base64("not json"), base64("[]"), base64("{}"),
                base64("null"), base64("{\"b\":42}"), base64("{\"b\":\"" + ID.toLowerCase() + "\"}"),
                base64("{\"b\":\"" + ID + "\"") }) {
            assertInvalid(() -> page(Map.of("cursor", cursor)), "cursor");
        }
    }
}
