package com.scaleout.bench.soak;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.bench.soak.StackView.Listing;
import com.scaleout.functions.shared.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReconcilerTest {
    private final FakeStack stack = new FakeStack();

    /** Two accounts; bob follows ann, ann tweets "#java @bob w1" (t1), bob replies (t2), bob retweets t1. */
    private static AcceptedWrites socialRun(String... extraLines) throws Exception {
        var lines = new ArrayList<>(List.of(
                "{\"kind\":\"user\",\"user\":\"ann\",\"outcome\":\"accepted\"}",
                "{\"kind\":\"user\",\"user\":\"bob\",\"outcome\":\"accepted\"}",
                "{\"kind\":\"follow\",\"user\":\"bob\",\"followee\":\"ann\",\"outcome\":\"accepted\"}",
                "{\"kind\":\"tweet\",\"user\":\"ann\",\"id\":\"t1\",\"text\":\"hi #Java @bob abcw1\",\"outcome\":\"accepted\"}",
                "{\"kind\":\"tweet\",\"user\":\"bob\",\"id\":\"t2\",\"text\":\"yes #java abcw1\",\"inReplyTo\":\"t1\","
                        + "\"outcome\":\"accepted\"}",
                "{\"kind\":\"retweet\",\"user\":\"bob\",\"tweet\":\"t1\",\"outcome\":\"accepted\"}"));
        lines.addAll(List.of(extraLines));
        var nodes = new ArrayList<JsonNode>();
        for (String line : lines) {
            nodes.add(Json.MAPPER.readTree(line));
        }
        return AcceptedWrites.of(nodes);
    }

    /** Everything of socialRun where it belongs. */
    private void stackHoldsTheSocialRun() {
        stack.profiles.put("ann", new StackView.Profile(1, 0, 1));
        stack.profiles.put("bob", new StackView.Profile(0, 1, 1));
        stack.tweets.addAll(List.of("t1", "t2"));
        stack.list(Listing.USER_TWEETS, "ann", "t1");
        stack.list(Listing.USER_TWEETS, "bob", "t2");
        stack.list(Listing.USER_REPLIES, "bob", "t2");
        stack.list(Listing.REPLIES, "t1", "t2");
        stack.list(Listing.HASHTAG, "java", "t1", "t2");
        stack.list(Listing.SEARCH, "abcw1", "t1", "t2");
        stack.list(Listing.MENTIONS, "bob", "t1");
        stack.list(Listing.RETWEETERS, "t1", "bob");
        stack.list(Listing.FOLLOWING, "bob", "ann");
        stack.home.put("ann", new java.util.HashSet<>(List.of("t1")));
        stack.home.put("bob", new java.util.HashSet<>(List.of("t1", "t2")));
    }

    @Test
    void aStackHoldingEveryAcceptedWriteHasNothingMissing() throws Exception {
        stackHoldsTheSocialRun();

        var findings = new Reconciler(stack).reconcile(socialRun());

        assertThat(findings.missing()).isZero();
        assertThat(findings.checks()).extracting(Findings.Check::name).contains("tweets stored (GET /tweets/{id})",
                "on their hashtags' pages", "found by search", "in the home timelines they belong to",
                "followers counts", "retweets among the tweet's retweeters", "replies under the tweet they answer");
        assertThat(findings.checked()).isGreaterThan(15);
    }

    @Test
    void aTweetMissingFromAFollowersTimelineIsReportedWithWhereItShouldBe() throws Exception {
        stackHoldsTheSocialRun();
        stack.home.get("bob").remove("t1");

        var findings = new Reconciler(stack).reconcile(socialRun());

        assertThat(findings.missing()).isEqualTo(1);
        var check = findings.checks().stream().filter(c -> c.missing() > 0).findFirst().orElseThrow();
        assertThat(check.name()).isEqualTo("in the home timelines they belong to");
        assertThat(check.examples()).containsExactly("t1 by ann in bob's home timeline");
    }

    /** A tweet stored twice shows in its author's count and list once too often: a duplicate, not a missing item. */
    @Test
    void aWriteAppliedTwiceIsReportedAsDuplicated() throws Exception {
        stackHoldsTheSocialRun();
        stack.profiles.put("bob", new StackView.Profile(0, 1, 2));
        stack.listed(Listing.USER_TWEETS, "bob").add("t2-again");

        var findings = new Reconciler(stack).reconcile(socialRun());

        assertThat(findings.missing()).isZero();
        assertThat(findings.duplicated()).isEqualTo(2);
        assertThat(findings.checks()).filteredOn(c -> c.duplicated() > 0).extracting(Findings.Check::name)
                .containsExactlyInAnyOrder("tweets counts", "the author's tweets, each once");
    }

    @Test
    void missingSearchEntriesHashtagsAndCountsAreEachReported() throws Exception {
        stackHoldsTheSocialRun();
        stack.listed(Listing.SEARCH, "abcw1").remove("t2");
        stack.listed(Listing.HASHTAG, "java").remove("t1");
        stack.profiles.put("ann", new StackView.Profile(0, 0, 1));

        var findings = new Reconciler(stack).reconcile(socialRun());

        assertThat(findings.checks()).filteredOn(c -> c.missing() > 0).extracting(Findings.Check::name)
                .containsExactlyInAnyOrder("found by search", "on their hashtags' pages", "followers counts");
        assertThat(findings.checks()).filteredOn(c -> c.name().equals("followers counts")).first()
                .extracting(c -> c.examples().getFirst()).isEqualTo("ann: followers 0, expected 1");
    }

    @Test
    void anUnfollowLeavesTheFollowersTweetsOutOfItsExpectationsAndAnUnsureOneLeavesTheCountsUnchecked()
            throws Exception {
        stackHoldsTheSocialRun();
        stack.home.get("bob").remove("t1");
        stack.listed(Listing.FOLLOWING, "bob").clear();
        stack.profiles.put("ann", new StackView.Profile(0, 0, 1));
        stack.profiles.put("bob", new StackView.Profile(0, 0, 1));
        var unfollowed = socialRun("{\"kind\":\"unfollow\",\"user\":\"bob\",\"followee\":\"ann\","
                + "\"outcome\":\"accepted\"}");

        // t1 mentions bob: it stays in his timeline even after the unfollow
        assertThat(new Reconciler(stack).reconcile(unfollowed).checks()).filteredOn(c -> c.missing() > 0)
                .extracting(Findings.Check::name).containsExactly("in the home timelines they belong to");

        stack.home.get("bob").add("t1");
        var unsure = socialRun("{\"kind\":\"unfollow\",\"user\":\"bob\",\"followee\":\"ann\",\"outcome\":\"unsure\"}");
        var findings = new Reconciler(stack).reconcile(unsure);
        // bob's following and ann's followers could be either: only ann's following and bob's followers are counted
        assertThat(findings.checks()).filteredOn(c -> c.name().endsWith("counts") && !c.name().startsWith("tweets"))
                .extracting(Findings.Check::checked).containsExactly(1L, 1L);
        // the accepted follow still stands as far as the clients know: the edge itself is listed or reported
        assertThat(findings.checks()).filteredOn(c -> c.missing() > 0).extracting(Findings.Check::name)
                .containsExactly("follows in the following lists");
    }

    @Test
    void albumsReviewsAndImportRecordsAreCheckedAgainstTheStore() throws Exception {
        var lines = new ArrayList<JsonNode>();
        for (String line : List.of(
                "{\"kind\":\"album\",\"id\":\"a1\",\"outcome\":\"accepted\"}",
                "{\"kind\":\"album\",\"id\":\"a2\",\"outcome\":\"accepted\"}",
                "{\"kind\":\"review\",\"album\":\"a1\",\"verdict\":\"like\",\"outcome\":\"accepted\"}",
                "{\"kind\":\"review\",\"album\":\"a2\",\"verdict\":\"like\",\"outcome\":\"unsure\"}",
                "{\"kind\":\"import\",\"client\":7,\"table\":\"orders\",\"key\":\"1\",\"sequence\":10,\"outcome\":\"accepted\"}",
                "{\"kind\":\"import\",\"client\":7,\"table\":\"orders\",\"key\":\"1\",\"sequence\":12,\"outcome\":\"accepted\"}",
                "{\"kind\":\"import\",\"client\":7,\"table\":\"orders\",\"key\":\"2\",\"sequence\":11,\"outcome\":\"accepted\"}",
                "{\"kind\":\"import\",\"client\":7,\"table\":\"orders\",\"key\":\"3\",\"sequence\":13,\"outcome\":\"unsure\"}")) {
            lines.add(Json.MAPPER.readTree(line));
        }
        var writes = AcceptedWrites.of(lines);
        stack.albums.add("a1");
        stack.reviews.put("a1", new StackView.Reviews(2, 0)); // counted twice: more than the one accepted
        stack.reviews.put("a2", new StackView.Reviews(1, 0)); // the unsure review was stored: fine
        stack.changes.put("7/orders", Map.of("1", 12L, "2", 9L));

        var findings = new Reconciler(stack).reconcile(writes);

        assertThat(findings.checks()).extracting(Findings.Check::name, Findings.Check::checked,
                Findings.Check::missing, Findings.Check::duplicated).containsExactly(
                org.assertj.core.groups.Tuple.tuple("albums stored (GET /albums/{id})", 2L, 1L, 0L),
                org.assertj.core.groups.Tuple.tuple("reviews counted", 2L, 0L, 1L), // counted twice
                org.assertj.core.groups.Tuple.tuple("import records in their table's change log", 2L, 1L, 0L));
        assertThat(findings.checks().get(1).examples()).containsExactly(
                "album a1: 2 likes and 0 dislikes, expected 1 and 0");
        assertThat(findings.checks().get(2).examples()).containsExactly(
                "client 7, table orders, key 2 at sequence 11 (change log: 9)");
        assertThat(writes.acceptedCount()).isEqualTo(6);
    }

    @Test
    void aHomeTimelineIsExpectedToHoldOnlyTheNewestOfWhatMayBeInIt() throws Exception {
        // bob tweets 200 times, then ann, whom he follows, 1,000 times: his timeline's thousand entries are hers
        var lines = new ArrayList<String>(List.of(
                "{\"kind\":\"user\",\"user\":\"ann\",\"outcome\":\"accepted\"}",
                "{\"kind\":\"user\",\"user\":\"bob\",\"outcome\":\"accepted\"}",
                "{\"kind\":\"follow\",\"user\":\"bob\",\"followee\":\"ann\",\"outcome\":\"accepted\"}"));
        var bobs = new java.util.HashSet<String>();
        var anns = new java.util.HashSet<String>();
        for (int i = 0; i < 1_200; i++) {
            String id = String.format("t%04d", i);
            String author = i < 200 ? "bob" : "ann";
            (i < 200 ? bobs : anns).add(id);
            lines.add("{\"kind\":\"tweet\",\"user\":\"" + author + "\",\"id\":\"" + id
                    + "\",\"text\":\"hi\",\"outcome\":\"accepted\"}");
        }
        var nodes = new ArrayList<JsonNode>();
        for (String line : lines) {
            nodes.add(Json.MAPPER.readTree(line));
        }
        stack.home.put("ann", anns);
        stack.home.put("bob", anns);

        var findings = new Reconciler(stack).reconcile(AcceptedWrites.of(nodes));

        var timelines = findings.checks().stream().filter(c -> c.name().equals("in the home timelines they belong to"))
                .findFirst().orElseThrow();
        assertThat(timelines.missing()).as("bob's own 200 are older than ann's newest thousand").isZero();
        assertThat(timelines.checked()).as("ann's newest 200 in hers, her newest 100 in bob's").isEqualTo(300);
    }
}
