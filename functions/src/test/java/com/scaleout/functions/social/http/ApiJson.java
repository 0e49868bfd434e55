package com.scaleout.functions.social.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.functions.shared.ids.Ids;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/** Reading responses and checking them against the shapes of API.md. */
final class ApiJson {

    private ApiJson() {
    }

    static JsonNode body(APIGatewayV2HTTPResponse response) {
        assertThat(response.getHeaders()).containsEntry("content-type", "application/json");
        try {
            return Json.MAPPER.readTree(response.getBody());
        } catch (IOException e) {
            throw new UncheckedIOException("not JSON: " + response.getBody(), e);
        }
    }

    static JsonNode ok(APIGatewayV2HTTPResponse response, int status) {
        assertThat(response.getStatusCode()).as(response.getBody()).isEqualTo(status);
        return body(response);
    }

    /** {@code {"id","username","displayName","createdAt"}}, and never anything about the password. */
    static void assertUser(JsonNode user, String id, String username) {
        assertThat(user.get("id").asText()).isEqualTo(id);
        assertThat(user.get("username").asText()).isEqualTo(username);
        assertThat(user.get("displayName").isTextual()).as("displayName of %s", user).isTrue();
        assertThat(user.get("createdAt").asText()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z");
        assertThat(user.toString()).doesNotContainIgnoringCase("password");
    }

    static void assertProfile(JsonNode profile, String id, String username, long followers, long following,
                              long tweets) {
        assertUser(profile, id, username);
        assertThat(profile.get("followers").asLong()).as("followers").isEqualTo(followers);
        assertThat(profile.get("following").asLong()).as("following").isEqualTo(following);
        assertThat(profile.get("tweets").asLong()).as("tweets").isEqualTo(tweets);
    }

    /** Every field of the tweet object, with the types API.md gives them. */
    static void assertTweetShape(JsonNode tweet) {
        assertThat(Ids.isId(tweet.get("id").asText())).as("id of %s", tweet).isTrue();
        assertThat(tweet.get("author").get("id").isTextual()).isTrue();
        assertThat(tweet.get("author").get("username").isTextual()).isTrue();
        assertThat(tweet.get("author").get("displayName").isTextual()).as("displayName of %s", tweet).isTrue();
        assertThat(tweet.get("text").isTextual()).isTrue();
        assertThat(tweet.get("createdAt").isTextual()).isTrue();
        assertThat(tweet.has("inReplyTo")).as("inReplyTo present, null when not a reply").isTrue();
        assertThat(tweet.get("inReplyTo").isNull() || tweet.get("inReplyTo").isTextual()).isTrue();
        assertThat(tweet.has("inReplyToUsername")).as("inReplyToUsername present, null when unknown").isTrue();
        assertThat(tweet.get("hashtags").isArray()).isTrue();
        assertThat(tweet.get("mentions").isArray()).isTrue();
        assertThat(tweet.get("replies").isIntegralNumber()).isTrue();
        assertThat(tweet.get("retweets").isIntegralNumber()).isTrue();
        assertThat(tweet.get("likes").isIntegralNumber()).isTrue();
    }

    static void assertTweet(JsonNode tweet, String id, String authorId, String authorUsername) {
        assertTweetShape(tweet);
        assertThat(tweet.get("id").asText()).isEqualTo(id);
        assertThat(tweet.get("author").get("id").asText()).isEqualTo(authorId);
        assertThat(tweet.get("author").get("username").asText()).isEqualTo(authorUsername);
    }

    static List<String> texts(JsonNode array) {
        var texts = new ArrayList<String>();
        array.forEach(value -> texts.add(value.asText()));
        return texts;
    }

    /** The ids of a list response {@code {"items":[...],"next":...}}, after checking that shape. */
    static List<String> itemIds(JsonNode page) {
        assertThat(page.get("items").isArray()).as("items of %s", page).isTrue();
        assertThat(page.has("next")).as("next present, null on the last page").isTrue();
        var ids = new ArrayList<String>();
        page.get("items").forEach(item -> ids.add(item.get("id").asText()));
        return ids;
    }

    static String next(JsonNode page) {
        return page.get("next").isNull() ? null : page.get("next").asText();
    }

    /** The error contract: JSON {@code {"message","errors"?,"requestId"}}, naming the fields, no stack trace. */
    static void assertClientError(APIGatewayV2HTTPResponse response, int status, String requestId,
                                  List<String> fields) {
        assertThat(response.getStatusCode()).as(response.getBody()).isEqualTo(status);
        JsonNode body = body(response);
        assertThat(body.get("message").asText()).isNotBlank();
        assertThat(body.get("requestId").asText()).isEqualTo(requestId);
        if (fields.isEmpty()) {
            assertThat(body.has("errors")).as("errors in %s", body).isFalse();
        } else {
            var named = new ArrayList<String>();
            body.get("errors").forEach(error -> {
                assertThat(error.get("reason").asText()).isNotBlank();
                named.add(error.get("field").asText());
            });
            assertThat(named).containsExactlyInAnyOrderElementsOf(fields);
        }
        assertThat(response.getBody()).doesNotContain("Exception", "\tat ", ".java:");
    }
}
