package com.scaleout.local.security;

import static java.util.Map.entry;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.declaration.RouteSpec;
import com.scaleout.local.testing.ApiClient.Reply;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * What another user's session (social routes) or another client's import key (import routes) gets on a route of
 * the world's owner: the one cell of the matrix the declaration cannot tell. A route that acts on a resource
 * with an owner refuses it (403, as API.md says of deleting someone else's tweet, or 401 where the contract says
 * so); a route that acts on the caller's own data only lets it through, and the check after the request proves
 * it acted on the caller's data, not the owner's. Every protected route must have a rule: a new one fails
 * AuthMatrixTest until it is decided here.
 *
 * @param body    the request's body (null for none): for the import pushes, records naming the owner's client
 * @param setUp   what must exist before the request (the owner's imported table, to prove it stays hidden)
 * @param verify  what must hold afterwards: the owner's data untouched, the caller's data acted on
 */
record OtherCaller(Expected expected, Function<AuthWorld, String> body, Consumer<AuthWorld> setUp,
                   BiConsumer<AuthWorld, Reply> verify) {

    private static final Map<String, OtherCaller> RULES = Map.ofEntries(
            // social routes: another user's session
            entry("DELETE /sessions/current", callerScoped().verifying((world, reply) ->
                    assertThat(world.api().get("/me", world.ownerToken()).status())
                            .as("the owner's session survives another user's logout").isEqualTo(200))),
            entry("GET /me", callerScoped().verifying((world, reply) ->
                    assertThat(reply.text("username")).as("the caller's own profile").isEqualTo(world.other()))),
            entry("PATCH /me", callerScoped().sending(world -> "{\"bio\":\"not the owner's\"}")
                    .verifying((world, reply) -> {
                        assertThat(reply.text("username")).as("the caller's own profile").isEqualTo(world.other());
                        assertThat(world.api().get("/users/" + world.owner()).json().get("bio").isNull())
                                .as("the owner's bio untouched").isTrue();
                    })),
            entry("POST /tweets", callerScoped().sending(world -> "{\"text\":\"not the owner's\"}")
                    .verifying((world, reply) -> assertThat(reply.json().get("author").get("username").asText())
                            .as("posted as the caller").isEqualTo(world.other()))),
            entry("DELETE /tweets/{id}", refused(403).verifying((world, reply) ->
                    assertThat(world.api().get("/tweets/" + world.tweetId()).status())
                            .as("someone else's tweet is not deleted").isEqualTo(200))),
            entry("POST /tweets/{id}/retweets", callerScoped().verifying((world, reply) ->
                    assertThat(usernames(world.api().get("/tweets/" + world.tweetId() + "/retweets").json()))
                            .as("retweeted as the caller").contains(world.other(), world.owner()))),
            entry("DELETE /tweets/{id}/retweets", callerScoped().verifying((world, reply) ->
                    assertThat(usernames(world.api().get("/tweets/" + world.tweetId() + "/retweets").json()))
                            .as("the owner's retweet stays").contains(world.owner()))),
            entry("PUT /tweets/{id}/likes/me", callerScoped().verifying((world, reply) ->
                    assertThat(usernames(world.api().get("/tweets/" + world.tweetId() + "/likes").json()))
                            .as("liked as the caller").contains(world.other(), world.owner()))),
            entry("DELETE /tweets/{id}/likes/me", callerScoped().verifying((world, reply) ->
                    assertThat(usernames(world.api().get("/tweets/" + world.tweetId() + "/likes").json()))
                            .as("the owner's like stays").contains(world.owner()))),
            // the owner cannot follow themselves (400): 204 means the caller followed
            entry("PUT /me/following/{username}", callerScoped().verifying((world, reply) ->
                    assertThat(reply.status()).as("followed as the caller").isEqualTo(204))),
            entry("DELETE /me/following/{username}", callerScoped().verifying((world, reply) ->
                    assertThat(usernames(world.api().get("/users/" + world.other() + "/followers").json()))
                            .as("the owner still follows the caller").contains(world.owner()))),
            entry("GET /timeline", callerScoped()),
            entry("GET /me/recommendations", callerScoped()),
            // import routes: another client's key
            entry("POST /v2/import/validate", refused(403).sending(AuthWorld::pushOfOwnClient)),
            entry("POST /v2/import/push", refused(403).sending(AuthWorld::pushOfOwnClient)),
            entry("POST /v2/import/batch", callerScoped()), // its records take the key's client: nothing to name
            entry("GET /v2/import/tables", callerScoped().preparing(AuthWorld::awaitImportedTable)
                    .verifying((world, reply) -> assertThat(reply.json().get("items"))
                            .as("the owner's tables stay hidden").isEmpty())),
            entry("GET /v2/import/tables/{table}/changes", callerScoped().preparing(AuthWorld::awaitImportedTable)
                    .verifying((world, reply) -> assertThat(reply.json().get("items"))
                            .as("the owner's change log stays hidden").isEmpty())),
            entry("POST /v2/client/{cid}/table/{table}/data", refused(403)),
            // RJMetrics' contract: a key of another client is just not valid for this one
            entry("GET /v2/client/{cid}/authenticate", refused(401)));

    /** The rule of a protected route; none decided is an error. */
    static OtherCaller of(RouteSpec route) {
        var rule = RULES.get(route.routeKey());
        if (rule == null) {
            throw new IllegalStateException(route.routeKey() + " has no rule for another user's or client's "
                    + "credential: decide in OtherCaller whether it acts on an owner's resource (refused) or on "
                    + "the caller's own data only");
        }
        return rule;
    }

    /** The credential that is "someone else's" for a route of this guard, if any. */
    static Optional<Credential> credentialFor(Guard guard) {
        return switch (guard) {
            case SESSION -> Optional.of(Credential.OTHER_USERS_SESSION);
            case IMPORT_KEY -> Optional.of(Credential.OTHER_CLIENTS_IMPORT_KEY);
            case PUBLIC, PUBLIC_READING_SESSION, ADMIN_KEY -> Optional.empty(); // no owner: public, or one administrator
        };
    }

    /** The route keys that have a rule. */
    static java.util.Set<String> decidedRoutes() {
        return RULES.keySet();
    }

    private static OtherCaller callerScoped() {
        return new OtherCaller(Expected.PAST_AUTH, world -> null, world -> { }, (world, reply) -> { });
    }

    private static OtherCaller refused(int status) {
        return new OtherCaller(Expected.status(status), world -> null, world -> { }, (world, reply) -> { });
    }

    private OtherCaller sending(Function<AuthWorld, String> newBody) {
        return new OtherCaller(expected, newBody, setUp, verify);
    }

    private OtherCaller preparing(Consumer<AuthWorld> newSetUp) {
        return new OtherCaller(expected, body, newSetUp, verify);
    }

    private OtherCaller verifying(BiConsumer<AuthWorld, Reply> newVerify) {
        return new OtherCaller(expected, body, setUp, newVerify);
    }

    private static List<String> usernames(JsonNode page) {
        var names = new ArrayList<String>();
        page.get("items").forEach(user -> names.add(user.get("username").asText()));
        return names;
    }
}
