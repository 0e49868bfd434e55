package com.scaleout.local.retries;

import static com.scaleout.local.retries.RetriedWrite.readOnly;
import static com.scaleout.local.retries.RetriedWrite.write;
import static java.util.Map.entry;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.declaration.RouteSpec;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.local.retries.RetriedWrite.Attempt;
import com.scaleout.local.testing.ProductionApiIT;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Every write route of the declaration and what "exactly once" means for it. A write route without an entry here
 * fails {@link RetriedWritesIT} before it runs: a new route decides here what its retry must leave behind.
 */
final class RetriedWrites {
    private static final Duration STREAMS = Duration.ofSeconds(60);

    private static final Map<String, RetriedWrite> WRITES = Map.ofEntries(
            entry("POST /users", write(201, stage -> {
                String username = ProductionApiIT.unique("rwu");
                return new Attempt(() -> stage.api().post("/users", null, credentials(username)), reply -> {
                    assertThat(stage.profile(username).get("tweets").asInt()).isZero();
                    assertThat(stage.count("Users", "username", AttributeValue.fromS(username)))
                            .as("one account").isEqualTo(1);
                    assertThat(stage.api().post("/sessions", null, credentials(username)).status())
                            .as("its password works").isEqualTo(201);
                });
            })),
            entry("POST /sessions", write(201, stage -> {
                var account = stage.account("rws");
                return new Attempt(() -> stage.api().post("/sessions", null, credentials(account.username())),
                        reply -> assertThat(stage.api().get("/me", reply.text("token")).status())
                                .as("the new session works").isEqualTo(200));
            })),
            entry("DELETE /sessions/current", write(204, stage -> {
                var account = stage.account("rwl");
                return new Attempt(() -> stage.api().delete("/sessions/current", account.token()),
                        reply -> assertThat(stage.api().get("/me", account.token()).status())
                                .as("the session is over").isIn(401, 403));
            })),
            entry("PATCH /me", write(200, stage -> {
                var account = stage.account("rwp");
                return new Attempt(() -> stage.api().patch("/me", account.token(),
                        Map.of("displayName", "Retried Writer", "bio", "sent twice")), reply -> {
                    var profile = stage.profile(account.username());
                    assertThat(profile.get("displayName").asText()).isEqualTo("Retried Writer");
                    assertThat(profile.get("bio").asText()).isEqualTo("sent twice");
                    assertThat(stage.count("Users", "username", AttributeValue.fromS(account.username())))
                            .as("one account").isEqualTo(1);
                });
            })),
            entry("POST /tweets", write(201, stage -> {
                var author = stage.account("rwt");
                String parent = stage.tweet(author, "a parent");
                String tag = "rw" + UUID.randomUUID().toString().substring(0, 8);
                return new Attempt(() -> stage.api().post("/tweets", author.token(),
                        Map.of("text", "a reply #" + tag, "inReplyTo", parent)), reply -> {
                    assertThat(stage.tweetById(reply.text("id")).get("text").asText()).isEqualTo("a reply #" + tag);
                    assertThat(stage.profile(author.username()).get("tweets").asInt()).as("tweets counted")
                            .isEqualTo(2);
                    assertThat(stage.tweetById(parent).get("replies").asInt()).as("replies counted").isEqualTo(1);
                    assertThat(stage.items("/users/" + author.username() + "/tweets")).as("tweets listed")
                            .hasSize(2);
                    await().atMost(STREAMS).until(() -> stage.items("/hashtags/" + tag + "/tweets").size() == 1);
                });
            })),
            entry("DELETE /tweets/{id}", write(204, stage -> {
                var author = stage.account("rwd");
                String tweet = stage.tweet(author, "to be deleted");
                return new Attempt(() -> stage.api().delete("/tweets/" + tweet, author.token()), reply -> {
                    assertThat(stage.api().get("/tweets/" + tweet).status()).isEqualTo(404);
                    assertThat(stage.profile(author.username()).get("tweets").asInt()).as("counted down once")
                            .isZero();
                });
            })),
            entry("POST /tweets/{id}/retweets", write(201, stage -> {
                var author = stage.account("rwa");
                var fan = stage.account("rwf");
                String tweet = stage.tweet(author, "worth a retweet");
                return new Attempt(() -> stage.api().send("POST", "/tweets/" + tweet + "/retweets", fan.token(),
                        null), reply -> {
                    awaitTweetCount(stage, tweet, "retweets", 1);
                    assertThat(stage.items("/tweets/" + tweet + "/retweets")).hasSize(1);
                });
            })),
            entry("DELETE /tweets/{id}/retweets", write(204, stage -> {
                var author = stage.account("rwa");
                var fan = stage.account("rwf");
                String tweet = stage.tweet(author, "retweeted, then not");
                Stage.expect(stage.api().send("POST", "/tweets/" + tweet + "/retweets", fan.token(), null), 201);
                awaitTweetCount(stage, tweet, "retweets", 1); // the retweet folded: a 0 below is the undo's
                return new Attempt(() -> stage.api().delete("/tweets/" + tweet + "/retweets", fan.token()),
                        reply -> {
                            awaitTweetCount(stage, tweet, "retweets", 0);
                            assertThat(stage.items("/tweets/" + tweet + "/retweets")).isEmpty();
                        });
            })),
            entry("PUT /tweets/{id}/likes/me", write(200, stage -> {
                var author = stage.account("rwa");
                var fan = stage.account("rwf");
                String tweet = stage.tweet(author, "worth a like");
                return new Attempt(() -> stage.api().put("/tweets/" + tweet + "/likes/me", fan.token()), reply -> {
                    awaitTweetCount(stage, tweet, "likes", 1);
                    assertThat(stage.items("/tweets/" + tweet + "/likes")).hasSize(1);
                });
            })),
            entry("DELETE /tweets/{id}/likes/me", write(200, stage -> {
                var author = stage.account("rwa");
                var fan = stage.account("rwf");
                String tweet = stage.tweet(author, "liked, then not");
                Stage.expect(stage.api().put("/tweets/" + tweet + "/likes/me", fan.token()), 200);
                awaitTweetCount(stage, tweet, "likes", 1); // the like folded: a 0 below is the unlike's
                return new Attempt(() -> stage.api().delete("/tweets/" + tweet + "/likes/me", fan.token()),
                        reply -> {
                            awaitTweetCount(stage, tweet, "likes", 0);
                            assertThat(stage.items("/tweets/" + tweet + "/likes")).isEmpty();
                        });
            })),
            entry("PUT /me/following/{username}", write(204, stage -> {
                var follower = stage.account("rwf");
                var followee = stage.account("rwe");
                return new Attempt(() -> stage.api().put("/me/following/" + followee.username(), follower.token()),
                        reply -> {
                            assertThat(stage.profile(follower.username()).get("following").asInt()).isEqualTo(1);
                            awaitFollowers(stage, followee.username(), 1);
                            assertThat(stage.items("/users/" + followee.username() + "/followers")).hasSize(1);
                        });
            })),
            entry("DELETE /me/following/{username}", write(204, stage -> {
                var follower = stage.account("rwf");
                var followee = stage.account("rwe");
                Stage.expect(stage.api().put("/me/following/" + followee.username(), follower.token()), 204);
                awaitFollowers(stage, followee.username(), 1); // the follow folded: a 0 below is the unfollow's
                return new Attempt(() -> stage.api().delete("/me/following/" + followee.username(),
                        follower.token()), reply -> {
                    assertThat(stage.profile(follower.username()).get("following").asInt()).isZero();
                    awaitFollowers(stage, followee.username(), 0);
                    assertThat(stage.items("/users/" + followee.username() + "/followers")).isEmpty();
                });
            })),
            entry("POST /albums", write(200, stage -> {
                String title = "Retried " + UUID.randomUUID();
                return new Attempt(() -> stage.postAlbum(title), reply -> {
                    var album = Stage.expect(stage.api().get("/albums/" + reply.text("albumID")), 200);
                    assertThat(album.text("title")).isEqualTo(title);
                    assertThat(stage.count("Albums", "title", AttributeValue.fromS(title))).as("one album")
                            .isEqualTo(1);
                    assertThat(stage.imageTags(Stage.image(title))).as("its image claimed").isEmpty();
                });
            })),
            entry("POST /review/{likeornot}/{albumID}", write(201, stage -> {
                String album = stage.album("Reviewed " + UUID.randomUUID());
                return new Attempt(() -> stage.api().send("POST", "/review/like/" + album, null, null), reply -> {
                    assertThat(stage.countStartingWith("AlbumReviews", "bucket", album + "#")).as("logged once").isEqualTo(1);
                    org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(60)).untilAsserted(() ->
                            assertThat(Stage.expect(stage.api().get("/review/" + album), 200).json().get("likes")
                                    .asInt()).as("counted once").isEqualTo(1));
                });
            })),
            entry("POST /v2/import/validate", readOnly(200, stage -> {
                var key = stage.importKey();
                return new Attempt(() -> stage.api().post("/v2/import/validate", key.token(),
                        records(key.clientId(), "orders")), reply -> { });
            })),
            entry("POST /v2/import/push", write(201, stage -> {
                var key = stage.importKey();
                return new Attempt(() -> stage.api().post("/v2/import/push", key.token(),
                        records(key.clientId(), "orders")), reply -> importedOnce(stage, key, "orders", 2));
            })),
            entry("POST /v2/import/batch", write(201, stage -> {
                var key = stage.importKey();
                String batch = "{\"table_name\":\"clicks\",\"key_names\":[\"id\"],"
                        + "\"schema\":{\"properties\":{\"id\":{\"type\":\"integer\"}}},\"messages\":["
                        + "{\"action\":\"upsert\",\"sequence\":1,\"data\":{\"id\":1}},"
                        + "{\"action\":\"upsert\",\"sequence\":2,\"data\":{\"id\":2}}]}";
                return new Attempt(() -> stage.api().post("/v2/import/batch", key.token(), batch),
                        reply -> importedOnce(stage, key, "clicks", 2));
            })),
            entry("POST /v2/client/{cid}/table/{table}/data", write(201, stage -> {
                var key = stage.importKey();
                return new Attempt(() -> stage.api().send("POST", "/v2/client/" + key.clientId()
                                + "/table/page_views/data?apikey=" + key.token(), null,
                        "[{\"keys\": [\"id\"], \"id\": 1}, {\"keys\": [\"id\"], \"id\": 2}]"),
                        reply -> importedOnce(stage, key, "page_views", 2));
            })),
            entry("POST /admin/import-keys", write(201, stage -> {
                long client = java.util.concurrent.ThreadLocalRandom.current().nextLong(1_000_000,
                        Integer.MAX_VALUE);
                return new Attempt(() -> stage.admin("POST", "/admin/import-keys",
                        Json.write(Map.of("clientId", client, "name", "retried"))), reply -> {
                    assertThat(stage.count("ImportKeys", "clientId", AttributeValue.fromN(Long.toString(client))))
                            .as("one key").isEqualTo(1);
                    assertThat(stage.api().get("/v2/import/tables", reply.text("token")).status())
                            .as("the key works").isEqualTo(200);
                });
            })),
            entry("DELETE /admin/import-keys/{keyId}", write(204, stage -> {
                var key = stage.importKey();
                return new Attempt(() -> stage.admin("DELETE", "/admin/import-keys/" + key.keyId(), null),
                        reply -> assertThat(stage.api().get("/v2/import/tables", key.token()).status())
                                .as("the key is refused").isIn(401, 403));
            })),
            entry("POST /admin/seed", write(200, stage -> {
                String chunk = Json.write(Map.of("users", 4, "tweetsPerUser", 1, "followsPerUser", 1,
                        "chunkId", "retried-" + UUID.randomUUID()));
                return new Attempt(() -> stage.admin("POST", "/admin/seed", chunk), reply -> {
                    assertThat(reply.json().get("replayed").asBoolean()).isFalse();
                    int following = 0;
                    for (JsonNode account : reply.json().get("accounts")) {
                        String username = account.get("username").asText();
                        var profile = stage.profile(username);
                        assertThat(profile.get("tweets").asInt()).as(username + "'s tweets").isEqualTo(1);
                        assertThat(stage.count("Users", "username", AttributeValue.fromS(username)))
                                .as("one account " + username).isEqualTo(1);
                        following += profile.get("following").asInt();
                    }
                    assertThat(following).as("follows counted once").isEqualTo(reply.json().get("follows").asInt());
                });
            })),
            entry("POST /admin/stress", write(200, stage -> {
                String star = ProductionApiIT.unique("rwstar");
                return new Attempt(() -> stage.admin("POST", "/admin/stress",
                        Json.write(Map.of("star", star, "n", 2, "fan", 2))), reply -> {
                    assertThat(reply.json().get("complete").asBoolean()).isTrue();
                    var profile = stage.profile(star);
                    assertThat(profile.get("tweets").asInt()).as("the star's tweets").isEqualTo(2);
                    awaitFollowers(stage, star, 2); // the star's fans
                    assertThat(profile.get("following").asInt()).as("fans followed back").isEqualTo(2);
                });
            })),
            entry("POST /admin/reset", write(200, stage -> {
                var account = stage.account("rwr");
                return new Attempt(() -> stage.admin("POST", "/admin/reset", null), reply -> {
                    // a reset cut short by its deadline says so; the next call goes on from there
                    var last = reply;
                    while (!last.json().get("complete").asBoolean()) {
                        last = Stage.expect(stage.admin("POST", "/admin/reset", null), 200);
                    }
                    assertThat(stage.api().get("/users/" + account.username()).status()).isEqualTo(404);
                });
            })));

    private RetriedWrites() {
    }

    static RetriedWrite of(RouteSpec route) {
        var write = WRITES.get(route.routeKey());
        if (write == null) {
            throw new IllegalStateException(route.routeKey() + " writes but has no entry in RetriedWrites: decide "
                    + "there what a retry of its writes must leave behind");
        }
        return write;
    }

    static boolean isWrite(RouteSpec route) {
        return !"GET".equals(route.method().name());
    }

    /** Reset empties everything: it goes last. */
    static boolean empties(RouteSpec route) {
        return "POST /admin/reset".equals(route.routeKey());
    }

    private static Map<String, String> credentials(String username) {
        return Map.of("username", username, "password", "password-" + username);
    }

    private static String records(long client, String table) {
        var records = new ArrayList<Map<String, Object>>();
        for (int id = 1; id <= 2; id++) {
            records.add(Map.of("client_id", client, "table_name", table, "sequence", id, "action", "upsert",
                    "key_names", List.of("id"), "data", Map.of("id", id, "total", 9.5 * id)));
        }
        return Json.write(records);
    }

    /** The records stored once each, and the table's change log showing each once. */
    private static void importedOnce(Stage stage, Stage.ImportKey key, String table, int records) {
        assertThat(stage.count("ImportRecords", "clientId", AttributeValue.fromN(Long.toString(key.clientId()))))
                .as("records stored").isEqualTo(records);
        await().atMost(STREAMS).until(() -> stage.api().get("/v2/import/tables/" + table + "/changes?after=0",
                key.token()).json().get("items").size() >= records);
        assertThat(stage.api().get("/v2/import/tables/" + table + "/changes?after=0", key.token()).json()
                .get("items")).as("each change logged once").hasSize(records);
    }

    /**
     * A follower count is folded from the count log's stream moments after the follow: it must reach
     * {@code expected} and stay there (a change counted twice would show within 3 s).
     */
    private static void awaitFollowers(Stage stage, String username, int expected) {
        await().atMost(STREAMS).until(() -> stage.profile(username).get("followers").asInt() == expected);
        await().during(java.time.Duration.ofSeconds(3)).atMost(java.time.Duration.ofSeconds(10)).untilAsserted(() ->
                assertThat(stage.profile(username).get("followers").asInt()).as("counted once").isEqualTo(expected));
    }

    /** A tweet's count, folded from the count log's stream, reaches {@code expected} and stays there for 3 s. */
    private static void awaitTweetCount(Stage stage, String tweet, String count, int expected) {
        await().atMost(STREAMS).until(() -> stage.tweetById(tweet).get(count).asInt() == expected);
        await().during(java.time.Duration.ofSeconds(3)).atMost(java.time.Duration.ofSeconds(10)).untilAsserted(() ->
                assertThat(stage.tweetById(tweet).get(count).asInt()).as("counted once").isEqualTo(expected));
    }
}
