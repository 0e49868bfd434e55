package com.scaleout.functions.social.http;

import static com.scaleout.functions.social.http.ApiJson.itemIds;
import static com.scaleout.functions.social.http.ApiJson.next;
import static com.scaleout.functions.social.http.ApiJson.ok;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** GET /search from its samples: the list shape, and a 400 naming the field for each bad parameter. */
class SearchHandlerTest {
    private final SocialWorld world = SocialWorld.seeded();

    @Test
    void answersTheMatchesAsAListOfTweetObjects() {
        JsonNode page = ok(world.handle(Samples.http("get-search")), 200);

        assertThat(itemIds(page)).containsExactly(Seed.ALICE_REPLY, Seed.BOB_FIRST, Seed.ALICE_FIRST);
        page.get("items").forEach(ApiJson::assertTweetShape);
        assertThat(next(page)).isNull();
        assertThat(page.size()).as("only items and next in %s", page).isEqualTo(2);
    }

    @Test
    void givesACursorWhenMoreMatchAndFollowsIt() {
        var event = Samples.http("get-search");
        var query = new HashMap<>(event.getQueryStringParameters());
        query.put("limit", "2");
        event.setQueryStringParameters(query);

        JsonNode first = ok(world.handle(event), 200);
        JsonNode second = ok(world.handle(Samples.withCursor(event, next(first))), 200);

        assertThat(itemIds(first)).containsExactly(Seed.ALICE_REPLY, Seed.BOB_FIRST);
        assertThat(itemIds(second)).containsExactly(Seed.ALICE_FIRST);
        assertThat(next(second)).isNull();
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "get-search-empty-q, q",
        "get-search-missing-q, q",
        "get-search-too-long, q",
        "get-search-too-many-terms, q",
        "get-search-limit-0, limit",
        "get-search-limit-51, limit",
        "get-search-bad-cursor, cursor"})
    void refusesABadParameterWithA400NamingIt(String sample, String field) {
        var event = Samples.http(sample);

        var response = world.handle(event);

        assertThat(response.getStatusCode()).as(response.getBody()).isEqualTo(400);
        JsonNode body = ApiJson.body(response);
        assertThat(body.get("message").asText()).isNotBlank();
        assertThat(body.get("errors").get(0).get("field").asText()).isEqualTo(field);
        assertThat(body.get("errors")).hasSize(1);
        assertThat(world.searchCache.puts()).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "-1", "1.5", "", "99999999999", "\u0663", "\uff13"})
    void refusesALimitThatIsNoIntegerFrom1To50(String limit) {
        var event = Samples.http("get-search");
        event.setQueryStringParameters(Map.of("q", "#java", "limit", limit));

        ApiJson.assertClientError(world.handle(event), 400, event.getRequestContext().getRequestId(),
                List.of("limit"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"definitely-not-a-cursor", "e30", "eyJzIjoiN1paWlpaWlpaWlpaWlpaWlpaWlpaWlpaWloiLCJjIjowLCJpIjoiMDFNN1c2QzM4MDAwMDAwMDAwMDAwMDAwMDEifQ"})
    void refusesACursorThisSearchDidNotReturn(String cursor) {
        var event = Samples.http("get-search");
        event.setQueryStringParameters(Map.of("q", "#java", "cursor", cursor));

        ApiJson.assertClientError(world.handle(event), 400, event.getRequestContext().getRequestId(),
                List.of("cursor"));
    }
}
