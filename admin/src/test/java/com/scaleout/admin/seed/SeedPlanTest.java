package com.scaleout.admin.seed;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.functions.social.application.FollowStore.Edge;
import com.scaleout.functions.shared.ids.Ids;
import com.scaleout.functions.social.domain.Mention;
import com.scaleout.functions.social.domain.Tweet;
import com.scaleout.functions.social.domain.TweetText;
import com.scaleout.functions.social.domain.User;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class SeedPlanTest {
    private static final Instant NOW = Instant.parse("2026-11-30T00:00:00Z");

    /** The accounts a first chunk would have created, as the store would resolve them. */
    private static Map<Long, Mention> earlierAccounts(Set<Long> indexes) {
        var found = new HashMap<Long, Mention>();
        indexes.forEach(i -> found.put(i, new Mention(Ids.newId(), SeedAccounts.account(i).username())));
        return found;
    }

    @Test
    void countsEqualTheEdgesAndTweetsWritten() {
        var plan = SeedPlan.draw(0, new SeedRequest(300, 5, 8), new Random(1));
        var batch = plan.build(Map.of(), Map.of(), "hash", NOW, Optional.empty());

        assertThat(plan.earlierAccounts()).isEmpty();
        assertThat(batch.users()).hasSize(300);
        var byId = batch.users().stream().collect(Collectors.toMap(User::id, u -> u));
        var following = batch.edges().stream().collect(Collectors.groupingBy(Edge::followerId, Collectors.counting()));
        var followers = batch.edges().stream().collect(Collectors.groupingBy(Edge::followeeId, Collectors.counting()));
        for (User user : batch.users()) {
            assertThat(user.following()).isEqualTo(following.getOrDefault(user.id(), 0L));
            assertThat(user.followers()).isEqualTo(followers.getOrDefault(user.id(), 0L));
            assertThat(user.tweets()).isEqualTo(5);
            assertThat(user.passwordHash()).isEqualTo("hash");
        }
        assertThat(batch.edges()).hasSize(300 * 8).allMatch(e -> !e.followerId().equals(e.followeeId()));
        assertThat(batch.edges().stream().map(e -> e.followerId() + ">" + e.followeeId()).distinct()).hasSize(300 * 8);
        assertThat(batch.tweets()).hasSize(1_500).allMatch(t -> byId.containsKey(t.authorId()));
        assertThat(batch.followersAddedToEarlier()).isEmpty();
    }

    @Test
    void tweetsAreValidWithTheirHashtagsMentionsAndReplyCounts() {
        var batch = SeedPlan.draw(0, new SeedRequest(100, 20, 5), new Random(2))
                .build(Map.of(), Map.of(), "hash", NOW, Optional.empty());
        var ids = batch.tweets().stream().map(Tweet::id).collect(Collectors.toSet());
        var replies = batch.tweets().stream().filter(Tweet::isReply)
                .collect(Collectors.groupingBy(t -> t.inReplyTo().orElseThrow(), Collectors.counting()));
        var usernames = batch.users().stream().collect(Collectors.toMap(User::id, User::username));
        var tweetTimes = new HashMap<String, String>();
        batch.tweets().forEach(t -> tweetTimes.put(t.id(), t.createdAt()));

        for (Tweet tweet : batch.tweets()) {
            var text = TweetText.of(tweet.text());
            assertThat(tweet.hashtags()).isEqualTo(text.hashtags());
            assertThat(tweet.mentions()).allMatch(m -> usernames.get(m.userId()).equals(m.username()));
            assertThat(tweet.mentions().stream().map(m -> m.username().toLowerCase(Locale.ROOT)).toList())
                    .isEqualTo(text.mentionedUsernames());
            assertThat(tweet.replies()).isEqualTo(replies.getOrDefault(tweet.id(), 0L));
            assertThat(tweet.authorUsername()).isEqualTo(usernames.get(tweet.authorId()));
            tweet.inReplyTo().ifPresent(parent -> {
                assertThat(ids).contains(parent);
                assertThat(tweetTimes.get(parent)).isLessThanOrEqualTo(tweet.createdAt());
            });
            assertThat(Instant.parse(tweet.createdAt())).isBetween(NOW.minus(SeedPlan.HISTORY), NOW);
        }
        // shares as designed: about 30 % with a hashtag, some mentions, about 10 % replies
        long tagged = batch.tweets().stream().filter(t -> !t.hashtags().isEmpty()).count();
        assertThat(tagged).isBetween(400L, 800L);
        assertThat(batch.tweets().stream().filter(t -> !t.mentions().isEmpty()).count()).isGreaterThan(100);
        assertThat(replies.values().stream().mapToLong(Long::longValue).sum()).isBetween(120L, 290L);
    }

    @Test
    void idsSortAsTheirTimes() {
        var batch = SeedPlan.draw(0, new SeedRequest(50, 10, 0), new Random(3))
                .build(Map.of(), Map.of(), "hash", NOW, Optional.empty());
        var byId = batch.tweets().stream().sorted(java.util.Comparator.comparing(Tweet::id)).map(Tweet::createdAt)
                .toList();
        assertThat(byId).isSorted();
    }

    @Test
    void aLaterChunkFollowsEarlierAccountsAndRaisesTheirFollowerCounts() {
        var plan = SeedPlan.draw(1_000, new SeedRequest(200, 0, 10), new Random(4));
        var earlier = earlierAccounts(plan.earlierAccounts());
        var batch = plan.build(earlier, Map.of(), "hash", NOW, Optional.empty());

        assertThat(plan.earlierAccounts()).isNotEmpty().allMatch(i -> i < 1_000);
        var earlierIds = earlier.values().stream().map(Mention::userId).collect(Collectors.toSet());
        var toEarlier = batch.edges().stream().filter(e -> earlierIds.contains(e.followeeId()))
                .collect(Collectors.groupingBy(Edge::followeeId, Collectors.counting()));
        assertThat(batch.followersAddedToEarlier()).isEqualTo(toEarlier);
        // most follows go to the older, more followed accounts
        assertThat(toEarlier.values().stream().mapToLong(Long::longValue).sum()).isGreaterThan(200 * 10 / 2);
    }

    @Test
    void anEarlierAccountThatIsGoneIsNotFollowed() {
        var plan = SeedPlan.draw(1_000, new SeedRequest(100, 0, 10), new Random(5));
        var batch = plan.build(Map.of(), Map.of(), "hash", NOW, Optional.empty());

        var newIds = batch.users().stream().map(User::id).collect(Collectors.toSet());
        assertThat(batch.edges()).allMatch(e -> newIds.contains(e.followeeId()));
        for (User user : batch.users()) {
            assertThat(user.following()).isEqualTo(batch.edges().stream()
                    .filter(e -> e.followerId().equals(user.id())).count());
        }
    }

    @Test
    void anAccountWhoseUsernameIsTakenIsLeftOutAndNotFollowed() {
        var plan = SeedPlan.draw(0, new SeedRequest(20, 2, 19), new Random(6));
        String taken = plan.accounts().get(3).username();
        var batch = plan.build(Map.of(), Map.of(taken.toLowerCase(Locale.ROOT), Ids.newId()), "hash", NOW,
                Optional.empty());

        assertThat(batch.users()).hasSize(19).noneMatch(u -> u.username().equals(taken));
        assertThat(batch.users()).allMatch(u -> u.following() == 18);
        assertThat(batch.tweets()).hasSize(38);
    }

    @Test
    void theSamePlanBuildsTheSameBatchAlsoWhenItsAccountsExistAlready() {
        var first = SeedPlan.draw(40, new SeedRequest(30, 3, 4), new Random(11));
        var firstEarlier = earlierAccounts(first.earlierAccounts());
        var batch = first.build(firstEarlier, Map.of(), "hash", NOW, Optional.empty());
        // a retry: the same draws, and this time the accounts written by the first attempt exist
        var again = SeedPlan.draw(40, new SeedRequest(30, 3, 4), new Random(11));
        var existing = batch.users().stream().collect(Collectors.toMap(
                u -> u.username().toLowerCase(Locale.ROOT), User::id));
        var retried = again.build(firstEarlier, existing, "hash", NOW, Optional.empty());

        assertThat(retried).isEqualTo(batch);
    }

    @Test
    void everyoneCanFollowOneMoreAccount() {
        var star = new Mention(Ids.newId(), "star");
        var batch = SeedPlan.draw(50, new SeedRequest(30, 0, 0), new Random(8))
                .build(Map.of(), Map.of(), "hash", NOW, Optional.of(star));

        assertThat(batch.edges()).hasSize(30).allMatch(e -> e.followeeId().equals(star.userId()));
        assertThat(batch.users()).allMatch(u -> u.following() == 1 && u.followers() == 0);
        assertThat(batch.followersAddedToEarlier()).isEqualTo(Map.of(star.userId(), 30L));
    }

    @Test
    void anAccountEveryoneFollowsThatTheDrawPicksTooIsFollowedOnce() {
        var plan = SeedPlan.draw(1_000, new SeedRequest(200, 0, 10), new Random(4));
        var earlier = earlierAccounts(plan.earlierAccounts());
        Mention star = earlier.get(plan.earlierAccounts().iterator().next()); // an account the draw picks

        var batch = plan.build(earlier, Map.of(), "hash", NOW, Optional.of(star));

        for (User user : batch.users()) {
            assertThat(batch.edges().stream().filter(e -> e.followerId().equals(user.id())
                    && e.followeeId().equals(star.userId())).count()).as(user.username()).isEqualTo(1);
            assertThat(user.following()).isEqualTo(batch.edges().stream()
                    .filter(e -> e.followerId().equals(user.id())).count());
        }
        assertThat(batch.followersAddedToEarlier()).containsEntry(star.userId(), 200L);
    }

    @Test
    void hashtagsAreAFewDozenHobbiesOfWhichAFewArePopular() {
        assertThat(SeedPlan.TAGS).hasSize(40).allMatch(t -> t.matches("[a-z]{3,30}"));
        var batch = SeedPlan.draw(0, new SeedRequest(200, 20, 0), new Random(9))
                .build(Map.of(), Map.of(), "hash", NOW, Optional.empty());
        var counts = batch.tweets().stream().flatMap(t -> t.hashtags().stream())
                .collect(Collectors.groupingBy(t -> t, Collectors.counting()));
        assertThat(counts.get(SeedPlan.TAGS.getFirst())).isGreaterThan(10 * counts.getOrDefault(SeedPlan.TAGS.getLast(), 1L));
        assertThat(new HashSet<>(List.copyOf(counts.keySet()))).isSubsetOf(SeedPlan.TAGS);
    }
}
