package com.scaleout.admin.seed;

import com.scaleout.functions.social.application.FollowStore.Edge;
import com.scaleout.functions.shared.ids.Ids;
import com.scaleout.functions.social.domain.Mention;
import com.scaleout.functions.social.domain.Times;
import com.scaleout.functions.social.domain.Tweet;
import com.scaleout.functions.social.domain.TweetText;
import com.scaleout.functions.social.domain.User;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import net.datafaker.Faker;

/**
 * The made-up data of one request for the accounts {@code [first, first + users)}: first whom each follows (so the
 * caller can look up the ids of earlier accounts among them), then the accounts, edges and tweets. Accounts and
 * their activity lie in the past month; tweets read like the seed's stress test ("Name verb-ed hobby"), some with
 * a hashtag from a small set where a few are popular, some mentioning an account followed, and some replying to
 * an earlier tweet of the same request.
 */
public final class SeedPlan {
    static final Duration HISTORY = Duration.ofDays(30);
    static final double HASHTAG_SHARE = 0.3;
    static final double MENTION_SHARE = 0.2;
    static final double REPLY_SHARE = 0.1;
    /** Hashtags: a few dozen hobbies, so that searches and hashtag pages find many tweets. */
    static final List<String> TAGS = hobbyTags(40);

    private final long first;
    private final SeedRequest request;
    private final Random random;
    private final Faker faker;
    private final Map<Long, Set<Long>> followees = new LinkedHashMap<>();

    private SeedPlan(long first, SeedRequest request, Random random) {
        this.first = first;
        this.request = request;
        this.random = random;
        this.faker = new Faker(random);
        var picker = new FolloweePicker(random);
        long population = first + request.users();
        for (long index = first; index < population; index++) {
            followees.put(index, picker.pick(index, population, request.followsPerUser()));
        }
    }

    public static SeedPlan draw(long first, SeedRequest request, Random random) {
        return new SeedPlan(first, request, random);
    }

    /** The accounts seeded before this request that its accounts follow: their ids must be looked up. */
    public Set<Long> earlierAccounts() {
        var earlier = new TreeSet<Long>();
        followees.values().forEach(picked -> picked.stream().filter(i -> i < first).forEach(earlier::add));
        return earlier;
    }

    /** This request's accounts. */
    public List<SeedAccounts.Account> accounts() {
        return followees.keySet().stream().map(SeedAccounts::account).toList();
    }

    /**
     * The data to write. {@code earlier} holds the earlier accounts that exist (others are not followed);
     * {@code existing} the ids of this request's usernames that exist already, by normalized username: an account
     * whose username another account holds (a real one may) is left out; one that holds its planned id was written
     * by an earlier attempt of the same plan and stays. Every new account also follows {@code everyoneFollows}.
     * Drawn from the plan's random alone: the same plan builds the same batch.
     */
    public SeedBatch build(Map<Long, Mention> earlier, Map<String, String> existing, String passwordHash, Instant now,
                           Optional<Mention> everyoneFollows) {
        var created = new LinkedHashMap<Long, NewAccount>();
        for (var account : accounts()) {
            // drawn for every account, so that the same plan draws the same values whatever exists already
            Instant createdAt = now.minus(randomDuration(HISTORY));
            String id = Ids.idAt(createdAt, random);
            String holder = existing.get(account.username().toLowerCase(java.util.Locale.ROOT));
            if (holder == null || holder.equals(id)) { // free, or written by an earlier attempt of this plan
                created.put(account.index(), new NewAccount(account, id, createdAt));
            }
        }
        var edges = new ArrayList<Edge>();
        var following = new HashMap<Long, Long>();
        var followers = new HashMap<Long, Long>();
        var addedToEarlier = new HashMap<String, Long>();
        var followedNames = new HashMap<Long, List<Mention>>();
        for (var follower : created.values()) {
            for (long followeeIndex : followees.get(follower.account().index())) {
                Optional<Mention> followee = followeeIndex < first
                        ? Optional.ofNullable(earlier.get(followeeIndex))
                        : Optional.ofNullable(created.get(followeeIndex)).map(NewAccount::mention);
                if (followee.isEmpty() || everyoneFollows.map(Mention::userId)
                        .equals(followee.map(Mention::userId))) {
                    continue; // gone, or the account everyone follows anyway (below): one edge, not two
                }
                Instant at = between(follower.createdAt(), now);
                edges.add(new Edge(follower.id(), followee.get().userId(), Ids.idAt(at, random), Times.format(at)));
                following.merge(follower.account().index(), 1L, Long::sum);
                if (followeeIndex < first) {
                    addedToEarlier.merge(followee.get().userId(), 1L, Long::sum);
                } else {
                    followers.merge(followeeIndex, 1L, Long::sum);
                }
                followedNames.computeIfAbsent(follower.account().index(), i -> new ArrayList<>()).add(followee.get());
            }
            everyoneFollows.ifPresent(followee -> {
                Instant at = between(follower.createdAt(), now);
                edges.add(new Edge(follower.id(), followee.userId(), Ids.idAt(at, random), Times.format(at)));
                following.merge(follower.account().index(), 1L, Long::sum);
                addedToEarlier.merge(followee.userId(), 1L, Long::sum);
            });
        }
        var tweets = tweets(created.values(), followedNames, now);
        var users = created.values().stream().map(account -> new User(account.id(), account.account().username(),
                account.account().displayName(), Times.format(account.createdAt()), passwordHash,
                followers.getOrDefault(account.account().index(), 0L),
                following.getOrDefault(account.account().index(), 0L),
                request.tweetsPerUser())).toList();
        return new SeedBatch(users, edges, tweets, addedToEarlier);
    }

    private List<Tweet> tweets(Iterable<NewAccount> accounts, Map<Long, List<Mention>> followed, Instant now) {
        record Draft(NewAccount author, Instant at, String text) {
        }
        var drafts = new ArrayList<Draft>();
        for (var author : accounts) {
            var mentionable = followed.getOrDefault(author.account().index(), List.of());
            for (int i = 0; i < request.tweetsPerUser(); i++) {
                drafts.add(new Draft(author, between(author.createdAt(), now), text(mentionable)));
            }
        }
        drafts.sort(Comparator.comparing(Draft::at));
        var tweets = new ArrayList<Tweet>(drafts.size());
        var replies = new long[drafts.size()];
        var parents = new int[drafts.size()];
        for (int i = 0; i < drafts.size(); i++) {
            parents[i] = i > 0 && random.nextDouble() < REPLY_SHARE ? random.nextInt(i) : -1;
            if (parents[i] >= 0) {
                replies[parents[i]]++;
            }
        }
        var ids = drafts.stream().map(draft -> Ids.idAt(draft.at(), random)).toList();
        var names = new HashMap<String, Mention>();
        followed.values().forEach(list -> list.forEach(m -> names.put(m.username().toLowerCase(java.util.Locale.ROOT), m)));
        for (int i = 0; i < drafts.size(); i++) {
            var draft = drafts.get(i);
            var text = TweetText.of(draft.text());
            List<Mention> mentions = text.mentionedUsernames().stream().filter(names::containsKey)
                    .map(names::get).toList();
            tweets.add(new Tweet(ids.get(i), draft.author().id(), draft.author().account().username(), text.text(),
                    Times.format(draft.at()), parents[i] >= 0 ? Optional.of(ids.get(parents[i])) : Optional.empty(),
                    text.hashtags(), mentions, replies[i], 0));
        }
        return tweets;
    }

    private String text(List<Mention> mentionable) {
        var text = new StringBuilder(faker.name().fullName()).append(' ').append(faker.verb().past()).append(' ')
                .append(faker.hobby().activity());
        if (random.nextDouble() < HASHTAG_SHARE) {
            text.append(" #").append(tag());
        }
        if (!mentionable.isEmpty() && random.nextDouble() < MENTION_SHARE) {
            text.append(" @").append(mentionable.get(random.nextInt(mentionable.size())).username());
        }
        return text.toString();
    }

    /** One of {@link #TAGS}, the first few far more often than the rest (the same power law as follows). */
    private String tag() {
        return TAGS.get((int) Math.floor(TAGS.size() * Math.pow(random.nextDouble(), FolloweePicker.EXPONENT)));
    }

    private static List<String> hobbyTags(int count) {
        var hobbies = new Faker(new Random(count)).hobby();
        var tags = new java.util.LinkedHashSet<String>();
        for (int attempt = 0; tags.size() < count && attempt < count * 50; attempt++) {
            String tag = hobbies.activity().toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z]", "");
            if (tag.length() >= 3 && tag.length() <= 30) {
                tags.add(tag);
            }
        }
        return List.copyOf(tags);
    }

    private Duration randomDuration(Duration bound) {
        return Duration.ofMillis((long) (random.nextDouble() * bound.toMillis()));
    }

    private Instant between(Instant from, Instant to) {
        return from.plus(randomDuration(Duration.between(from, to)));
    }

    private record NewAccount(SeedAccounts.Account account, String id, Instant createdAt) {
        Mention mention() {
            return new Mention(id, account.username());
        }
    }
}
