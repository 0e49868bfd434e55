package com.scaleout.bench.soak;

import com.scaleout.bench.soak.AcceptedWrites.FollowChange;
import com.scaleout.bench.soak.AcceptedWrites.Tweet;
import com.scaleout.bench.soak.StackView.Listing;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * The social writes against what the API shows: each accepted account, tweet, reply, retweet, follow and unfollow
 * is stored and appears where it belongs — its author's tweets (and replies), the replies of the tweet it answers,
 * its hashtags' pages, search (by the word the soak gave each small group of tweets), the mentioned users' mentions
 * and home timelines, the home timelines of the author's followers, the retweeters of a tweet, the following lists
 * and the profiles' counts. Writes whose outcome a client never learned (unsure) raise no expectation, and a count
 * or an edge they could have changed is not checked.
 *
 * <p>A home timeline holds the newest {@value #CAPACITY} entries, and one rebuilt from DynamoDB (after a cache
 * restart) takes the newest {@value #OWN} of the user's own, {@value #PER_FOLLOWEE} of each followee's and
 * {@value #MENTIONS} of the mentions: the checks expect no more than both contracts allow (TimelineSource's).
 */
final class SocialChecks {
    static final int CAPACITY = 1000;
    static final int OWN = 200;
    static final int PER_FOLLOWEE = 100;
    static final int MENTIONS = 200;
    private static final Pattern HASHTAG = Pattern.compile("(?<![\\p{L}\\p{N}_])#([\\p{L}\\p{N}_]+)");
    private static final Pattern MENTION = Pattern.compile("(?<![\\p{L}\\p{N}_])@([A-Za-z0-9_]+)");
    /** Newest first: tweet ids sort in time order. */
    private static final Comparator<Tweet> NEWEST_FIRST = Comparator.comparing(Tweet::id).reversed();

    private final StackView stack;
    private final Findings findings;
    private final Map<String, Set<String>> userTweets = new HashMap<>();

    SocialChecks(StackView stack, Findings findings) {
        this.stack = stack;
        this.findings = findings;
    }

    void check(AcceptedWrites writes) {
        List<Tweet> tweets = writes.tweets().stream().filter(t -> t.accepted() && t.id() != null).toList();
        var graph = FollowGraph.of(writes.follows());
        accounts(writes);
        tweets(tweets);
        retweets(writes);
        following(writes, graph);
        counts(writes, tweets, graph);
        homeTimelines(writes, tweets, graph);
    }

    private void accounts(AcceptedWrites writes) {
        for (var user : writes.users()) {
            if (user.accepted()) {
                findings.expect("accounts stored", stack.profile(user.username()).isPresent(), user.username());
            }
        }
    }

    private void tweets(List<Tweet> tweets) {
        var replies = new HashMap<String, Set<String>>();
        var hashtags = new HashMap<String, Set<String>>();
        var searches = new HashMap<String, Set<String>>();
        var mentions = new HashMap<String, Set<String>>();
        for (Tweet tweet : tweets) {
            String id = tweet.id();
            findings.expect("tweets stored (GET /tweets/{id})", stack.tweetExists(id), id);
            findings.expect("in the author's tweets", cached(userTweets, tweet.author(), k -> stack.list(Listing.USER_TWEETS, k))
                    .contains(id), id + " by " + tweet.author());
            if (tweet.inReplyTo() != null) {
                findings.expect("replies among the author's replies", cached(replies, "user " + tweet.author(),
                        k -> stack.list(Listing.USER_REPLIES, tweet.author())).contains(id), id + " by " + tweet.author());
                findings.expect("replies under the tweet they answer", cached(replies, tweet.inReplyTo(),
                        k -> stack.list(Listing.REPLIES, k)).contains(id), id + " answering " + tweet.inReplyTo());
            }
            for (String tag : hashtags(tweet.text())) {
                findings.expect("on their hashtags' pages", cached(hashtags, tag, k -> stack.list(Listing.HASHTAG, k)).contains(id),
                        id + " on #" + tag);
            }
            searchWord(tweet.text()).ifPresent(word -> findings.expect("found by search",
                    cached(searches, word, k -> stack.list(Listing.SEARCH, k)).contains(id), id + " searching " + word));
            for (String user : mentioned(tweet.text())) {
                findings.expect("among the mentions of the users they mention", cached(mentions, user,
                        k -> stack.list(Listing.MENTIONS, k)).contains(id), id + " mentioning @" + user);
            }
        }
    }

    private void retweets(AcceptedWrites writes) {
        var retweeters = new HashMap<String, Set<String>>();
        for (var retweet : writes.retweets()) {
            if (retweet.accepted()) {
                findings.expect("retweets among the tweet's retweeters", cached(retweeters, retweet.tweetId(),
                        k -> stack.list(Listing.RETWEETERS, k)).contains(retweet.user()), retweet.user() + " retweeting "
                        + retweet.tweetId());
            }
        }
    }

    private void following(AcceptedWrites writes, FollowGraph graph) {
        for (var user : writes.users()) {
            Set<String> listed = graph.followees(user.username()).isEmpty() ? Set.of()
                    : stack.list(Listing.FOLLOWING, user.username());
            for (String followee : graph.followees(user.username())) {
                findings.expect("follows in the following lists", listed.contains(followee),
                        user.username() + " following " + followee);
            }
        }
    }

    private void counts(AcceptedWrites writes, List<Tweet> tweets, FollowGraph graph) {
        var unsureTweets = new HashSet<String>();
        writes.tweets().stream().filter(t -> !t.accepted()).forEach(t -> unsureTweets.add(t.author()));
        for (var user : writes.users()) {
            String name = user.username();
            var profile = stack.profile(name);
            if (!user.accepted() || profile.isEmpty()) {
                continue; // a missing account is reported by the accounts check
            }
            if (graph.certainFollowing(name)) {
                expectCount("following counts", name, "following", profile.get().following(),
                        graph.followees(name).size());
            }
            if (graph.certainFollowers(name)) {
                expectCount("followers counts", name, "followers", profile.get().followers(),
                        graph.followers(name).size());
            }
            if (!unsureTweets.contains(name)) {
                long written = tweets.stream().filter(t -> t.author().equals(name)).count();
                expectCount("tweets counts", name, "tweets", profile.get().tweets(), written);
                // a tweet stored twice would be listed twice, under two ids
                expectCount("the author's tweets, each once", name, "listed tweets", cached(userTweets, name,
                        k -> stack.list(Listing.USER_TWEETS, k)).size(), written);
            }
        }
    }

    private void expectCount(String check, String user, String count, long shown, long expected) {
        findings.expectCount(check, shown, expected, String.format(Locale.ROOT, "%s: %s %d, expected %d", user,
                count, shown, expected));
    }

    private void homeTimelines(AcceptedWrites writes, List<Tweet> tweets, FollowGraph graph) {
        var byAuthor = new HashMap<String, List<Tweet>>();
        tweets.forEach(t -> byAuthor.computeIfAbsent(t.author(), a -> new ArrayList<>()).add(t));
        byAuthor.values().forEach(list -> list.sort(NEWEST_FIRST));
        for (var user : writes.users()) {
            String name = user.username();
            if (!user.accepted()) {
                continue;
            }
            var expected = new TreeSet<Tweet>(NEWEST_FIRST);
            expected.addAll(newest(byAuthor.getOrDefault(name, List.of()), OWN));
            for (String followee : graph.certainFollowees(name)) {
                expected.addAll(newest(byAuthor.getOrDefault(followee, List.of()), PER_FOLLOWEE));
            }
            expected.addAll(newest(tweets.stream().filter(t -> mentioned(t.text()).contains(name.toLowerCase(
                    Locale.ROOT))).sorted(NEWEST_FIRST).toList(), MENTIONS));
            var kept = kept(name, writes, tweets, graph);
            Set<String> shown = stack.homeTimeline(name);
            expected.stream().filter(kept::contains).forEach(t -> findings.expect("in the home timelines they belong "
                    + "to", shown.contains(t.id()), t.id() + " by " + t.author() + " in " + name + "'s home timeline"));
        }
    }

    /**
     * The tweets a live timeline of {@value #CAPACITY} entries surely still holds: the newest of every tweet that may
     * be in it (the user's, any followee's, unsure edges included, and the mentions), less one per tweet whose
     * outcome is unknown and so whose place is too. (Without this, a run of 9,400 tweets by 20 accounts expected a
     * user's 200 newest own tweets where a thousand newer ones of the followees had pushed them out.)
     */
    private static Set<Tweet> kept(String name, AcceptedWrites writes, List<Tweet> tweets, FollowGraph graph) {
        var followees = new HashSet<>(graph.followees(name));
        graph.unsurePairs().stream().filter(pair -> pair.startsWith(name + " "))
                .forEach(pair -> followees.add(pair.substring(name.length() + 1)));
        java.util.function.Predicate<Tweet> mayBeIn = t -> t.author().equals(name) || followees.contains(t.author())
                || mentioned(t.text()).contains(name.toLowerCase(Locale.ROOT));
        long unknown = writes.tweets().stream().filter(t -> !t.accepted() || t.id() == null).filter(mayBeIn).count();
        return tweets.stream().filter(mayBeIn).sorted(NEWEST_FIRST).limit(Math.max(0, CAPACITY - unknown))
                .collect(java.util.stream.Collectors.toSet());
    }

    private static List<Tweet> newest(List<Tweet> newestFirst, int count) {
        return newestFirst.subList(0, Math.min(count, newestFirst.size()));
    }

    private static Set<String> cached(Map<String, Set<String>> cache, String key, Function<String, Set<String>> read) {
        return cache.computeIfAbsent(key, read);
    }

    static Set<String> hashtags(String text) {
        var tags = new LinkedHashMap<String, Boolean>();
        HASHTAG.matcher(text).results().forEach(m -> tags.put(m.group(1).toLowerCase(Locale.ROOT), true));
        return tags.keySet();
    }

    static Set<String> mentioned(String text) {
        var users = new HashSet<String>();
        MENTION.matcher(text).results().forEach(m -> users.add(m.group(1).toLowerCase(Locale.ROOT)));
        return users;
    }

    /** The soak's group word: the tweet's last word when it is a plain word (no #tag or @mention). */
    static java.util.Optional<String> searchWord(String text) {
        String[] words = text.strip().split("\\s+");
        String last = words[words.length - 1];
        return last.matches("[a-z0-9]{3,}") ? java.util.Optional.of(last) : java.util.Optional.empty();
    }

    /** Who follows whom once every accepted change is applied in order, and which edges an unsure one clouds. */
    record FollowGraph(Map<String, Set<String>> followees, Set<String> unsureFollowers, Set<String> unsureFollowees,
                       Set<String> unsurePairs) {
        static FollowGraph of(List<FollowChange> changes) {
            var followees = new HashMap<String, Set<String>>();
            var graph = new FollowGraph(followees, new HashSet<>(), new HashSet<>(), new HashSet<>());
            for (FollowChange change : changes) {
                if (!change.accepted()) {
                    graph.unsureFollowers.add(change.follower());
                    graph.unsureFollowees.add(change.followee());
                    graph.unsurePairs.add(change.follower() + " " + change.followee());
                    continue;
                }
                var of = followees.computeIfAbsent(change.follower(), f -> new HashSet<>());
                if (change.follows()) {
                    of.add(change.followee());
                } else {
                    of.remove(change.followee());
                }
            }
            return graph;
        }

        Set<String> followees(String user) {
            return followees.getOrDefault(user, Set.of());
        }

        Set<String> followers(String user) {
            var followers = new HashSet<String>();
            followees.forEach((follower, of) -> {
                if (of.contains(user)) {
                    followers.add(follower);
                }
            });
            return followers;
        }

        /** The followees whose edge no unsure change touched. */
        Set<String> certainFollowees(String user) {
            var certain = new HashSet<>(followees(user));
            certain.removeIf(followee -> unsurePairs.contains(user + " " + followee));
            return certain;
        }

        boolean certainFollowing(String user) {
            return !unsureFollowers.contains(user);
        }

        boolean certainFollowers(String user) {
            return !unsureFollowees.contains(user);
        }
    }
}
