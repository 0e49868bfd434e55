package com.scaleout.admin.application;

import com.scaleout.admin.seed.SeedAccounts;
import com.scaleout.functions.shared.failure.InvalidInputException;
import com.scaleout.functions.social.application.AccountService;
import com.scaleout.functions.social.application.Actor;
import com.scaleout.functions.social.application.FollowService;
import com.scaleout.functions.social.application.TimelineService;
import com.scaleout.functions.social.application.TweetService;
import com.scaleout.functions.social.application.UserStore;
import com.scaleout.functions.shared.ids.Ids;
import com.scaleout.functions.social.domain.Mention;
import com.scaleout.functions.social.domain.User;
import com.scaleout.functions.social.domain.Usernames;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.function.Consumer;
import java.util.function.Supplier;
import net.datafaker.Faker;
import org.HdrHistogram.Histogram;

/**
 * {@code POST /admin/stress}, the seed's {@code /test/stress}: gives {@code star} {@code fan} new followers (seeded
 * in bulk; the star is registered if it does not exist), then times, through the same services the routes use,
 * {@code n} tweets by the star (each fanned out to the fans by the stream), {@code n} follows (the star following
 * back its first fans, one by one) and {@code n} reads of a fan's home timeline. Reported per operation: count,
 * average, p99 and maximum in milliseconds; work stops early, saying so, when the request's time runs out.
 */
public final class StressService {
    public static final int MAX_N = 200;
    public static final int MAX_FANS = 5_000;
    static final Duration MARGIN = Duration.ofSeconds(3);
    private static final long HIGHEST_MICROS = Duration.ofMinutes(1).toNanos() / 1_000;

    private final SeedService seeder;
    private final UserStore users;
    private final AccountService accounts;
    private final TweetService tweets;
    private final FollowService follows;
    private final TimelineService timelines;
    /**
     * A new generator per request: one built with the handler would sit in the SnapStart snapshot, and every
     * environment restored from it would make up the same texts in the same order.
     */
    private final Supplier<Random> randoms;

    public StressService(SeedService seeder, UserStore users, AccountService accounts,
                         TweetService tweets, FollowService follows, TimelineService timelines,
                         Supplier<Random> randoms) {
        this.seeder = seeder;
        this.users = users;
        this.accounts = accounts;
        this.tweets = tweets;
        this.follows = follows;
        this.timelines = timelines;
        this.randoms = randoms;
    }

    public record StressRequest(Integer n, String star, Integer fan) {
    }

    /** Milliseconds of one kind of operation. */
    public record Timing(int count, double averageMs, double p99Ms, double maxMs) {
    }

    /**
     * @param complete false when the deadline came first: the timings cover the operations done
     */
    public record Stress(String star, int fans, Timing tweet, Timing follow, Timing timeline, boolean complete,
                         long durationMs) {
    }

    public Stress stress(StressRequest request, Instant deadline) {
        int n = request.n() == null ? 10 : request.n();
        int fanCount = request.fan() == null ? 0 : request.fan();
        if (n < 1 || n > MAX_N) {
            throw InvalidInputException.field("n", "must be 1 to " + MAX_N);
        }
        if (fanCount < 0 || fanCount > MAX_FANS) {
            throw InvalidInputException.field("fan", "must be 0 to " + MAX_FANS);
        }
        if (request.star() == null || !Usernames.isValid(request.star())) {
            throw InvalidInputException.field("star", "must be a username (3-15 letters, digits or underscores)");
        }
        long started = System.nanoTime();
        Instant stopAt = deadline.minus(MARGIN);
        User star = users.findByUsername(request.star()).orElseGet(() -> accounts.register(
                new AccountService.Registration(request.star(), SeedAccounts.PASSWORD, request.star())));
        Actor starActor = new Actor(star.id(), star.username(), null);
        List<Mention> fans = fanCount == 0 ? List.<Mention>of()
                : seeder.seedFans(fanCount, new Mention(star.id(), star.username())).accounts();
        int timedFollows = Math.min(n, fans.size());

        var faker = new Faker(randoms.get());
        var tweetTimes = time(n, stopAt, i -> tweets.post(starActor, new TweetService.NewTweet(
                faker.name().fullName() + " " + faker.verb().past() + " " + faker.hobby().activity(), null)));
        // the star follows back its first fans: new edges (the fans' edges to the star exist already)
        var followTimes = time(timedFollows, stopAt, i -> follows.follow(starActor, fans.get(i).username()));
        Actor reader = fans.isEmpty() ? starActor : new Actor(fans.getFirst().userId(), fans.getFirst().username(), null);
        var timelineTimes = time(n, stopAt, i -> timelines.timeline(reader, 50, Optional.empty()));
        boolean complete = tweetTimes.count() == n && followTimes.count() == timedFollows
                && timelineTimes.count() == n;
        return new Stress(star.username(), fans.size(), tweetTimes, followTimes, timelineTimes, complete,
                Duration.ofNanos(System.nanoTime() - started).toMillis());
    }

    private static Timing time(int count, Instant stopAt, Consumer<Integer> operation) {
        var histogram = new Histogram(HIGHEST_MICROS, 3);
        int done = 0;
        for (int i = 0; i < count && Instant.now().isBefore(stopAt); i++) {
            long started = System.nanoTime();
            operation.accept(i);
            histogram.recordValue(Math.min(HIGHEST_MICROS, (System.nanoTime() - started) / 1_000));
            done++;
        }
        if (done == 0) {
            return new Timing(0, 0, 0, 0);
        }
        return new Timing(done, histogram.getMean() / 1_000, histogram.getValueAtPercentile(99) / 1_000.0,
                histogram.getMaxValue() / 1_000.0);
    }
}
