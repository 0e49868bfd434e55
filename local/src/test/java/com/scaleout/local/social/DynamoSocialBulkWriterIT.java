package com.scaleout.local.social;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.admin.dynamodb.DynamoSocialBulkWriter;
import com.scaleout.admin.seed.SeedBatch;
import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.functions.social.domain.User;
import com.scaleout.functions.social.dynamodb.DynamoUserStore;
import com.scaleout.functions.social.dynamodb.SocialTables;
import com.scaleout.local.testing.DynamoDbSpy;
import com.scaleout.local.testing.RuntimeFixture;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A seed chunk's follower counts for earlier accounts, on moto: a hundred accounts per transaction instead of one
 * UpdateItem each, and still each chunk's count added once per account, however often the chunk is written.
 */
class DynamoSocialBulkWriterIT {
    private static final SocialTables TABLES = new SocialTables(SocialTables.USERS, SocialTables.USERNAMES,
            SocialTables.SESSIONS, SocialTables.TWEETS, SocialTables.TWEET_INDEX, SocialTables.RETWEETS,
            SocialTables.FOLLOWS, SocialTables.SEARCH_INDEX, SocialTables.LIKES, SocialTables.COUNT_LOG);
    private static final int EARLIER = 150;
    private static final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
    private static RuntimeFixture fixture;
    private static DynamoSocialBulkWriter writer;
    private static DynamoUserStore users;

    @BeforeAll
    static void start() throws Exception {
        var social = ScaleoutDeclaration.declaration();
        fixture = RuntimeFixture.start(Declaration.builder().table(social.table(TABLES.users()))
                .table(social.table(TABLES.usernames())).table(social.table(TABLES.follows()))
                .table(social.table(TABLES.tweets())).build());
        writer = new DynamoSocialBulkWriter(DynamoDbSpy.around(fixture.runtime().dynamoDb(),
                method -> calls.computeIfAbsent(method, name -> new AtomicInteger()).incrementAndGet()), TABLES);
        users = new DynamoUserStore(fixture.runtime().dynamoDb(), TABLES);
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    private static int calls(String method) {
        return calls.getOrDefault(method, new AtomicInteger()).get();
    }

    /** Accounts of an earlier chunk, with no followers yet. */
    private static List<String> earlierAccounts() {
        String run = UUID.randomUUID().toString().substring(0, 8);
        var accounts = IntStream.range(0, EARLIER).mapToObj(i -> new User("u" + run + i, "user_" + run + "_" + i,
                "User " + i, "2026-12-01T00:00:00Z", "$2b$04$hash", 0, 0, 0)).toList();
        writer.write(new SeedBatch(accounts, List.of(), List.of(), Map.of()), "first-" + run);
        return accounts.stream().map(User::id).toList();
    }

    /** Account i of the earlier chunk gains i % 7 + 1 followers. */
    private static Map<String, Long> followersAdded(List<String> accounts) {
        var added = new LinkedHashMap<String, Long>();
        for (int i = 0; i < accounts.size(); i++) {
            added.put(accounts.get(i), (long) (i % 7 + 1));
        }
        return added;
    }

    private static List<Long> followerCounts(List<String> accounts) {
        var byId = new LinkedHashMap<String, Long>();
        users.findByIds(accounts).forEach(user -> byId.put(user.id(), user.followers()));
        return accounts.stream().map(byId::get).toList();
    }

    @Test
    void aChunksCountsGoInAHundredAccountsATimeAndAnAccountThatIsGoneIsLeftOut() {
        var accounts = earlierAccounts();
        var added = new LinkedHashMap<>(followersAdded(accounts));
        added.put("u-gone-" + UUID.randomUUID(), 3L); // removed by a reset meanwhile
        calls.clear();

        writer.write(new SeedBatch(List.of(), List.of(), List.of(), added), "second");

        assertThat(followerCounts(accounts)).isEqualTo(accounts.stream().map(followersAdded(accounts)::get).toList());
        assertThat(calls("updateItem")).isZero();
        // 151 accounts: two transactions, the one naming the missing account written again without it
        assertThat(calls("transactWriteItems")).isEqualTo(3);
    }

    @Test
    void aChunkWrittenAgainAfterAPartialWriteAddsEachAccountsCountOnce() {
        var accounts = earlierAccounts();
        var added = followersAdded(accounts);
        var firstPart = new LinkedHashMap<String, Long>();
        accounts.subList(0, 60).forEach(id -> firstPart.put(id, added.get(id)));
        writer.write(new SeedBatch(List.of(), List.of(), List.of(), firstPart), "retried");

        writer.write(new SeedBatch(List.of(), List.of(), List.of(), added), "retried");
        writer.write(new SeedBatch(List.of(), List.of(), List.of(), added), "retried");

        var expected = new ArrayList<Long>();
        accounts.forEach(id -> expected.add(added.get(id)));
        assertThat(followerCounts(accounts)).isEqualTo(expected);
    }
}
