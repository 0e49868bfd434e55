package com.scaleout.local.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.scaleout.declaration.RouteSpec;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.local.testing.ApiClient;
import com.scaleout.local.testing.ApiClient.Reply;
import com.scaleout.local.testing.ProductionApiIT;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * What the auth matrix's requests need, made through the API like any client would: an owner and another user
 * with sessions (and the owner's logged-out and expired ones), the owner's tweet (retweeted and liked by the owner) and
 * follow, an album, and import keys of two clients (one more revoked, and one to revoke). Each route that writes gets
 * a world of its own, as its cells may consume it (log out, delete, reset); the reading routes share one.
 */
final class AuthWorld {
    /** failsafe's SCALEOUT_ADMIN_KEY (local/pom.xml). */
    static final String ADMIN_KEY = "it-admin-key";
    /** The route path parameters a world has values for. */
    static final Set<String> PATH_PARAMETERS = Set.of("username", "id", "tag", "albumID", "likeornot", "table",
            "cid", "keyId");
    static final String IMPORTED_TABLE = "orders";
    private static final Pattern PARAMETER = Pattern.compile("\\{([A-Za-z][A-Za-z0-9_]*)\\+?}");
    private static final Duration STREAMS = Duration.ofSeconds(30);

    private final ApiClient api;
    private final String owner;
    private final String other;
    private final String ownerToken;
    private final String otherToken;
    private final String loggedOutToken;
    private final String expiredToken;
    private final String tweetId;
    private final long clientId;
    private final String importToken;
    private final String otherClientImportToken;
    private final String revokedImportToken;
    private final Map<String, String> pathValues;
    private boolean imported;

    private AuthWorld(ApiClient api, DynamoDbClient dynamoDb) {
        this.api = api;
        owner = ProductionApiIT.unique("own");
        other = ProductionApiIT.unique("oth");
        ownerToken = api.signUp(owner);
        otherToken = api.signUp(other);
        String ownerId = expect(api.get("/me", ownerToken), 200).text("id");

        loggedOutToken = api.logIn(owner);
        expect(api.delete("/sessions/current", loggedOutToken), 204);
        var sessions = new ForgedSessions(dynamoDb);
        expiredToken = sessions.sessionOf(ownerId, owner, Instant.now().minusSeconds(60));
        assertThat(sessions.isStored(expiredToken)).as("the expired session is stored: only its expiry refuses it")
                .isTrue();

        String tag = "am" + UUID.randomUUID().toString().substring(0, 8);
        tweetId = expect(api.post("/tweets", ownerToken, Map.of("text", "the auth matrix #" + tag)), 201).text("id");
        // 200 too: moto does not honour a transaction's idempotency token, so an SDK retry of a slow first attempt
        // finds the retweet made and says so; either way the owner's retweet is there
        assertThat(api.send("POST", "/tweets/" + tweetId + "/retweets", ownerToken, null).status()).isIn(200, 201);
        expect(api.put("/tweets/" + tweetId + "/likes/me", ownerToken), 200);
        expect(api.put("/me/following/" + other, ownerToken), 204);
        String albumId = postAlbum();

        clientId = ThreadLocalRandom.current().nextLong(1_000_000, Integer.MAX_VALUE);
        importToken = createImportKey(clientId).text("token");
        otherClientImportToken = createImportKey(clientId + 1).text("token");
        var revoked = createImportKey(clientId);
        revokedImportToken = revoked.text("token");
        expect(admin("DELETE", "/admin/import-keys/" + revoked.text("keyId"), null), 204);
        String disposableKeyId = createImportKey(clientId).text("keyId");

        pathValues = Map.of("username", owner, "id", tweetId, "tag", tag, "albumID", albumId, "likeornot", "like",
                "table", IMPORTED_TABLE, "cid", Long.toString(clientId), "keyId", disposableKeyId);
        assertThat(pathValues.keySet()).isEqualTo(PATH_PARAMETERS);
    }

    static AuthWorld create(ApiClient api, DynamoDbClient dynamoDb) {
        return new AuthWorld(api, dynamoDb);
    }

    ApiClient api() {
        return api;
    }

    String owner() {
        return owner;
    }

    String other() {
        return other;
    }

    String ownerToken() {
        return ownerToken;
    }

    String otherToken() {
        return otherToken;
    }

    String loggedOutToken() {
        return loggedOutToken;
    }

    String expiredToken() {
        return expiredToken;
    }

    String tweetId() {
        return tweetId;
    }

    long clientId() {
        return clientId;
    }

    String importToken() {
        return importToken;
    }

    String otherClientImportToken() {
        return otherClientImportToken;
    }

    String revokedImportToken() {
        return revokedImportToken;
    }

    /** The route's path with every parameter filled in from this world. */
    String path(RouteSpec route) {
        Matcher parameter = PARAMETER.matcher(route.path());
        var path = new StringBuilder();
        while (parameter.find()) {
            String value = pathValues.get(parameter.group(1));
            if (value == null) {
                throw new IllegalStateException(route.routeKey() + ": no value for {" + parameter.group(1) + "}");
            }
            parameter.appendReplacement(path, Matcher.quoteReplacement(value));
        }
        return parameter.appendTail(path).toString();
    }

    /** A push of one record of this world's client, as its own import key sends it. */
    String pushOfOwnClient() {
        return Json.write(List.of(Map.of("client_id", clientId, "table_name", IMPORTED_TABLE, "sequence", 1,
                "action", "upsert", "key_names", List.of("id"), "data", Map.of("id", 1, "total", 9.9))));
    }

    /** Pushes a record of this world's client, once, and waits until its table's change log shows it. */
    void awaitImportedTable() {
        if (imported) {
            return;
        }
        expect(api.post("/v2/import/push", importToken, pushOfOwnClient()), 201);
        await().atMost(STREAMS).until(() -> api.get("/v2/import/tables/" + IMPORTED_TABLE + "/changes?after=0",
                importToken).json().get("items").size() == 1);
        imported = true;
    }

    private Reply createImportKey(long client) {
        return expect(admin("POST", "/admin/import-keys",
                Json.write(Map.of("clientId", client, "name", "auth matrix"))), 201);
    }

    private Reply admin(String method, String path, String body) {
        return api.sendWithHeaders(method, path, Map.of("x-admin-key", ADMIN_KEY), body);
    }

    private String postAlbum() {
        String boundary = "authmatrix" + UUID.randomUUID();
        String form = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"image\"; filename=\"a.png\"\r\n"
                + "Content-Type: image/png\r\n\r\nnot really an image\r\n"
                + "--" + boundary + "\r\nContent-Disposition: form-data; name=\"profile\"\r\n\r\n"
                + "{\"artist\":\"Sex Pistols\",\"title\":\"Never Mind the Bollocks\",\"year\":\"1977\"}\r\n"
                + "--" + boundary + "--\r\n";
        var headers = Map.of("content-type", "multipart/form-data; boundary=" + boundary);
        return expect(api.sendWithHeaders("POST", "/albums", headers, form), 200).text("albumID");
    }

    private static Reply expect(Reply reply, int status) {
        assertThat(reply.status()).as("setting up the auth matrix: " + reply.body()).isEqualTo(status);
        return reply;
    }
}
