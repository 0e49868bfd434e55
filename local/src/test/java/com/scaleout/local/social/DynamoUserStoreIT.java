package com.scaleout.local.social;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.functions.social.application.UserStore;
import com.scaleout.functions.social.domain.User;
import com.scaleout.functions.social.dynamodb.DynamoUserStore;
import com.scaleout.functions.social.dynamodb.SocialTables;
import com.scaleout.local.testing.DynamoDbSpy;
import com.scaleout.local.testing.RuntimeFixture;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A login's lookup costs one read whether the username exists or not, so its timing tells nothing. */
class DynamoUserStoreIT {
    private static final SocialTables TABLES = new SocialTables(SocialTables.USERS, SocialTables.USERNAMES,
            SocialTables.SESSIONS, SocialTables.TWEETS, SocialTables.TWEET_INDEX, SocialTables.RETWEETS,
            SocialTables.FOLLOWS, SocialTables.SEARCH_INDEX, SocialTables.LIKES, SocialTables.COUNT_LOG);
    private static RuntimeFixture fixture;
    private static final AtomicInteger calls = new AtomicInteger();
    private static DynamoUserStore users;

    @BeforeAll
    static void start() throws Exception {
        var social = ScaleoutDeclaration.declaration();
        fixture = RuntimeFixture.start(Declaration.builder().table(social.table(TABLES.users()))
                .table(social.table(TABLES.usernames())).build());
        users = new DynamoUserStore(DynamoDbSpy.around(fixture.runtime().dynamoDb(), method -> calls.incrementAndGet()),
                TABLES);
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    private static User user(String id, String username) {
        return new User(id, username, username, "2026-11-30T00:00:00Z", "$2b$04$hash-of-" + username, 0, 0, 0);
    }

    @Test
    void credentialsOfAKnownAndOfAnUnknownUsernameCostOneReadEach() {
        users.create(user("u-known", "Known_One"));

        calls.set(0);
        var known = users.findCredentials("known_ONE");
        int knownCalls = calls.getAndSet(0);
        var unknown = users.findCredentials("nobody_here");
        int unknownCalls = calls.get();

        assertThat(known).contains(new UserStore.Credentials("u-known", "$2b$04$hash-of-Known_One"));
        assertThat(unknown).isEmpty();
        assertThat(knownCalls).isEqualTo(1);
        assertThat(unknownCalls).isEqualTo(1);
    }

    /** PATCH /me's write: one UpdateItem sets what is given, keeps what is not, removes a bio set to "". */
    @Test
    void aProfileEditIsOneUpdateThatSetsKeepsAndRemovesAndNeverCreatesAnAccount() {
        users.create(user("u-edit", "Edit_One"));

        calls.set(0);
        var edited = users.editProfile("u-edit", new UserStore.ProfileEdit(Optional.of("Edith"), Optional.of("hi")));
        assertThat(calls.get()).as("one call").isEqualTo(1);
        var bioOnly = users.editProfile("u-edit", new UserStore.ProfileEdit(Optional.empty(), Optional.of("hello")));
        var removed = users.editProfile("u-edit", new UserStore.ProfileEdit(Optional.empty(), Optional.of("")));
        var missing = users.editProfile("u-nobody", new UserStore.ProfileEdit(Optional.of("Ghost"), Optional.empty()));

        assertThat(edited).map(User::displayName).contains("Edith");
        assertThat(edited).map(User::bio).contains("hi");
        assertThat(bioOnly).map(User::displayName).as("kept").contains("Edith");
        assertThat(bioOnly).map(User::bio).contains("hello");
        assertThat(removed.orElseThrow().bio()).isNull();
        assertThat(users.findById("u-edit")).map(User::passwordHash).contains("$2b$04$hash-of-Edit_One");
        assertThat(missing).isEmpty();
        assertThat(users.findById("u-nobody")).as("no half account").isEmpty();
    }

    @Test
    void whoseAUsernameIsTakesTheClaimAloneInAnyCase() {
        users.create(user("u-whose", "Whose_One"));

        calls.set(0);
        var known = users.findIdByUsername("WHOSE_one");
        int knownCalls = calls.getAndSet(0);

        assertThat(known).contains("u-whose");
        assertThat(knownCalls).isEqualTo(1); // the claim; the account is not read
        assertThat(users.findIdByUsername("nobody_here")).isEmpty();
        assertThat(users.findIdByUsername("not a valid name")).isEmpty();
    }

    @Test
    void aClaimWrittenBeforeClaimsCarriedTheHashIsReadThroughTheAccount() {
        users.create(user("u-older", "older_one"));
        fixture.runtime().dynamoDb().putItem(r -> r.tableName(TABLES.usernames()).item(Map.of(
                "username", AttributeValue.fromS("older_one"), "userId", AttributeValue.fromS("u-older"),
                "displayUsername", AttributeValue.fromS("older_one"))));

        assertThat(users.findCredentials("older_one"))
                .contains(new UserStore.Credentials("u-older", "$2b$04$hash-of-older_one"));
    }
}
