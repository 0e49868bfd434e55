package com.scaleout.local.retries;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.declaration.Settings;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.local.testing.AlbumForms;
import com.scaleout.local.testing.ApiClient;
import com.scaleout.local.testing.ApiClient.Reply;
import com.scaleout.local.testing.ProductionApiIT;
import com.scaleout.functions.albums.S3ImageStore;
import com.scaleout.functions.shared.aws.AwsClients;
import com.scaleout.functions.shared.config.RuntimeEnvironment;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.Tag;
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

    private final ApiClient plain;
    private final DynamoDbClient dynamoDb;
    private final S3Client s3 = AwsClients.s3();
    private ApiClient api;

    Stage(ApiClient api, DynamoDbClient dynamoDb) {
        this.plain = api;
        this.api = api;
        this.dynamoDb = dynamoDb;
    }

    /** The client requests go through: plain, or with the headers of {@link #sendingWith} while they last. */
    ApiClient api() {
        return api;
    }

    /** From now on requests carry these headers too; {@code Map.of()} stops it. */
    void sendingWith(Map<String, String> headers) {
        api = plain.withHeaders(headers);
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
        // the same title makes the same request, byte for byte (so an Idempotency-Key can replay it)
        String boundary = "retried" + UUID.nameUUIDFromBytes(title.getBytes(StandardCharsets.UTF_8));
        String form = new String(AlbumForms.body(boundary, image(title),
                Json.write(Map.of("artist", "The Retries", "title", title, "year", "2026"))), StandardCharsets.UTF_8);
        return api.sendWithHeaders("POST", "/albums", Map.of("content-type", AlbumForms.contentType(boundary)), form);
    }

    /** The image bytes {@link #postAlbum} sends with this title. */
    static byte[] image(String title) {
        return ("an image of " + title).getBytes(StandardCharsets.UTF_8);
    }

    /** The tags of the stored image with these bytes (content-addressed: {@code images/<sha-256>}). */
    Map<String, String> imageTags(byte[] image) {
        String bucket = RuntimeEnvironment.variable(Settings.bucket(S3ImageStore.BUCKET)).orElseThrow();
        String key = "images/" + HexFormat.of().formatHex(sha256(image));
        return s3.getObjectTagging(r -> r.bucket(bucket).key(key)).tagSet().stream()
                .collect(Collectors.toMap(Tag::key, Tag::value));
    }

    private static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Items of a table whose attribute has this value, counted by a consistent scan. */
    int count(String table, String attribute, AttributeValue value) {
        return dynamoDb.scanPaginator(scan -> scan.tableName(table).consistentRead(true)
                        .filterExpression("#a = :v")
                        .expressionAttributeNames(Map.of("#a", attribute))
                        .expressionAttributeValues(Map.of(":v", value)))
                .items().stream().mapToInt(item -> 1).sum();
    }

    /** Items of {@code table} whose {@code attribute} starts with {@code prefix}. */
    int countStartingWith(String table, String attribute, String prefix) {
        return dynamoDb.scanPaginator(scan -> scan.tableName(table).consistentRead(true)
                        .filterExpression("begins_with(#a, :p)")
                        .expressionAttributeNames(Map.of("#a", attribute))
                        .expressionAttributeValues(Map.of(":p", AttributeValue.fromS(prefix))))
                .items().stream().mapToInt(item -> 1).sum();
    }

    static Reply expect(Reply reply, int status) {
        assertThat(reply.status()).as("setting up: " + reply.body()).isEqualTo(status);
        return reply;
    }
}
