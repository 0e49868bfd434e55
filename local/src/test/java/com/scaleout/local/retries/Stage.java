package com.scaleout.local.retries;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.functions.shared.http.Json;
import com.scaleout.local.testing.ApiClient;
import com.scaleout.local.testing.ApiClient.Reply;
import com.scaleout.local.testing.ProductionApiIT;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What a retried write's test needs before and after its request, made and read the way a client would (and,
 * where only the table can tell one item from two, by a consistent scan of it).
 */
final class Stage {
    /** failsafe's SCALEOUT_ADMIN_KEY (local/pom.xml). */
    static final String ADMIN_KEY = "it-admin-key";

    record Account(String username, String token) {
    }

    record ImportKey(String keyId, String token, long clientId) {
    }

    private final ApiClient api;
    private final DynamoDbClient dynamoDb;

    Stage(ApiClient api, DynamoDbClient dynamoDb) {
        this.api = api;
        this.dynamoDb = dynamoDb;
    }

    ApiClient api() {
        return api;
    }

    Account account(String prefix) {
        String username = ProductionApiIT.unique(prefix);
        return new Account(username, api.signUp(username));
    }

    String tweet(Account author, String text) {
        return expect(api.post("/tweets", author.token(), Map.of("text", text)), 201).text("id");
    }

    JsonNode profile(String username) {
        return expect(api.get("/users/" + username), 200).json();
    }

    JsonNode tweetById(String id) {
        return expect(api.get("/tweets/" + id), 200).json();
    }

    /** The first page of a list route: its items. */
    JsonNode items(String path) {
        return expect(api.get(path), 200).json().get("items");
    }

    Reply admin(String method, String path, String body) {
        return api.sendWithHeaders(method, path, Map.of("x-admin-key", ADMIN_KEY), body);
    }

    ImportKey importKey() {
        long client = ThreadLocalRandom.current().nextLong(1_000_000, Integer.MAX_VALUE);
        var key = expect(admin("POST", "/admin/import-keys",
                Json.write(Map.of("clientId", client, "name", "retried writes"))), 201);
        return new ImportKey(key.text("keyId"), key.text("token"), client);
    }

    /** An album posted with this title; its id. */
    String album(String title) {
        return expect(postAlbum(title), 200).text("albumID");
    }

    Reply postAlbum(String title) {
        String boundary = "retried" + UUID.randomUUID();
        String form = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"image\"; filename=\"a.png\"\r\n"
                + "Content-Type: image/png\r\n\r\nan image of " + title + "\r\n"
                + "--" + boundary + "\r\nContent-Disposition: form-data; name=\"profile\"\r\n\r\n"
                + Json.write(Map.of("artist", "The Retries", "title", title, "year", "2026")) + "\r\n"
                + "--" + boundary + "--\r\n";
        return api.sendWithHeaders("POST", "/albums",
                Map.of("content-type", "multipart/form-data; boundary=" + boundary), form);
    }

    /** Items of a table whose attribute has this value, counted by a consistent scan. */
    int count(String table, String attribute, AttributeValue value) {
        return dynamoDb.scanPaginator(scan -> scan.tableName(table).consistentRead(true)
                        .filterExpression("#a = :v")
                        .expressionAttributeNames(Map.of("#a", attribute))
                        .expressionAttributeValues(Map.of(":v", value)))
                .items().stream().mapToInt(item -> 1).sum();
    }

    static Reply expect(Reply reply, int status) {
        assertThat(reply.status()).as("setting up: " + reply.body()).isEqualTo(status);
        return reply;
    }
}
