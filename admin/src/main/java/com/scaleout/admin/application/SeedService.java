package com.scaleout.admin.application;

import com.scaleout.admin.seed.SeedAccounts;
import com.scaleout.admin.seed.SeedBatch;
import com.scaleout.admin.seed.SeedPlan;
import com.scaleout.admin.seed.SeedRequest;
import com.scaleout.functions.shared.failure.InvalidInputException;
import com.scaleout.functions.shared.failure.ConflictException;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.scaleout.functions.social.application.PasswordHasher;
import com.scaleout.functions.social.application.SessionService;
import com.scaleout.functions.social.application.UserStore;
import com.scaleout.functions.social.domain.Mention;
import com.scaleout.functions.social.domain.User;
import com.scaleout.functions.social.domain.Usernames;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import com.scaleout.functions.shared.lazy.Memoized;
import java.util.function.Supplier;

/**
 * {@code POST /admin/seed}: claims the next range of account indexes, draws whom the new accounts follow, looks up
 * the earlier accounts among them, and writes the accounts, edges and tweets in batches. Counts are computed, not
 * incremented per write, so seeding costs one write per item; the streams then index the tweets and fill the
 * timelines as they do for real ones.
 */
public final class SeedService {
    private final SeedIndexCounter counter;
    private final SeedChunkLog chunkLog;
    private final UserStore users;
    private final SocialBulkWriter writer;
    private final Supplier<String> passwordHash;
    private final SessionService sessions;
    private final Clock clock;

    public SeedService(SeedIndexCounter counter, SeedChunkLog chunkLog, UserStore users, SocialBulkWriter writer,
                       PasswordHasher passwords, SessionService sessions, Clock clock) {
        this.counter = counter;
        this.chunkLog = chunkLog;
        this.users = users;
        this.writer = writer;
        // one hash for every seeded account: hashing is deliberately slow (cost 10 is ~70 ms), seeding must not be
        this.passwordHash = Memoized.of(() -> passwords.hash(SeedAccounts.PASSWORD));
        this.sessions = sessions;
        this.clock = clock;
    }

    /**
     * What a request seeded. {@code accounts} are the new accounts (id and username), in index order;
     * {@code chunkId} names the request: sent again, it writes the same data again and nothing more, or, once the
     * chunk was written whole, nothing at all ({@code replayed}: this is the answer of the attempt that wrote it).
     * {@code tokens}, when sessions were asked for: a new session's bearer token per account, in the same order
     * (never kept in the chunk log: each request opens its own).
     */
    public record Seeded(String chunkId, long firstIndex, int users, int skipped, int tweets, int follows,
                         long durationMs, String password, List<Mention> accounts, boolean replayed,
                         @JsonInclude(JsonInclude.Include.NON_NULL) List<String> tokens) {
        Seeded asReplayed() {
            return new Seeded(chunkId, firstIndex, users, skipped, tweets, follows, durationMs, password, accounts,
                    true, null);
        }

        Seeded withTokens(List<String> tokens) {
            return new Seeded(chunkId, firstIndex, users, skipped, tweets, follows, durationMs, password, accounts,
                    replayed, List.copyOf(tokens));
        }

        @Override
        public String toString() {
            return "Seeded[chunkId=" + chunkId + ", firstIndex=" + firstIndex + ", users=" + users + ", sessions="
                    + (tokens == null ? 0 : tokens.size()) + ", replayed=" + replayed + "]"; // never the tokens
        }
    }

    /** Chunk ids: what a client makes up (a UUID, say) to retry a chunk safely. */
    public static final java.util.regex.Pattern CHUNK_ID = java.util.regex.Pattern.compile("[A-Za-z0-9_-]{1,64}");

    /** A chunk; {@code chunkId} from the client makes it safe to retry, without one it gets a fresh id. */
    public Seeded seed(SeedRequest request, Optional<String> chunkId) {
        return seed(request, chunkId, Optional.empty());
    }

    /**
     * As {@link #seed(SeedRequest, Optional)}, every new account also following the account named {@code fansOf}
     * when one is: a celebrity's followers in bulk, one write per follow (a follow each through the API would meet
     * the route's throttle long before a million).
     */
    public Seeded seedFansOf(SeedRequest request, Optional<String> chunkId, String fansOf) {
        User star = users.findByUsername(fansOf).orElseThrow(() -> InvalidInputException.field("fansOf",
                "names no account: the account the seeded ones follow must exist"));
        return seed(request, chunkId, Optional.of(new Mention(star.id(), star.username())));
    }

    /**
     * {@code seeded} with a new session opened for each account (a load run's many users, without a login each: a
     * login hashes a password, and a load under AWS's limits scaled down would meet the login route's throttle long
     * before its scenario).
     */
    public Seeded withSessions(Seeded seeded) {
        return seeded.withTokens(seeded.accounts().stream()
                .map(account -> sessions.open(account.userId(), account.username())).toList());
    }

    /** {@code count} new accounts, with no tweets, each following {@code star} (and nobody else). */
    public Seeded seedFans(int count, Mention star) {
        return seed(new SeedRequest(count, 0, 0), Optional.empty(), Optional.of(star));
    }

    private Seeded seed(SeedRequest request, Optional<String> requestedChunk, Optional<Mention> everyoneFollows) {
        validate(request);
        requestedChunk.filter(id -> !CHUNK_ID.matcher(id).matches()).ifPresent(id -> {
            throw InvalidInputException.field("chunkId", "must be 1 to 64 letters, digits, '-' or '_'");
        });
        var finished = requestedChunk.flatMap(chunkLog::finished);
        String followed = everyoneFollows.map(Mention::userId).orElse(null);
        if (finished.isPresent()) {
            if (!finished.get().request().equals(request)
                    || !java.util.Objects.equals(finished.get().everyoneFollows(), followed)) {
                throw new ConflictException("chunkId " + requestedChunk.get() + " already seeded a different chunk ("
                        + finished.get().request() + (finished.get().everyoneFollows() == null ? ""
                        : ", fans of " + finished.get().everyoneFollows()) + "): a chunk id names one chunk");
            }
            return finished.get().seeded().asReplayed();
        }
        String chunkId = requestedChunk.orElseGet(() -> java.util.UUID.randomUUID().toString());
        long started = System.nanoTime();
        var claim = counter.claim(chunkId, request.users(), clock.instant());
        // everything made up is drawn from the chunk's own random: a retry of the chunk draws the same data
        var random = new Random(java.util.UUID.nameUUIDFromBytes(
                (chunkId + "|" + request + "|" + everyoneFollows).getBytes(java.nio.charset.StandardCharsets.UTF_8))
                .getMostSignificantBits());
        long first = claim.first();
        var plan = SeedPlan.draw(first, request, random);
        var accounts = plan.accounts();
        var byUsername = new HashMap<String, Long>();
        accounts.forEach(account -> byUsername.put(Usernames.normalize(account.username()), account.index()));
        var existing = new HashMap<String, String>();
        users.resolveUsernames(byUsername.keySet()).forEach((name, holder) -> existing.put(name, holder.userId()));
        Map<Long, Mention> earlier = new HashMap<>();
        var earlierNames = new HashMap<String, Long>();
        plan.earlierAccounts().forEach(index -> earlierNames.put(
                Usernames.normalize(SeedAccounts.account(index).username()), index));
        users.resolveUsernames(earlierNames.keySet()).forEach((name, mention) ->
                earlier.put(earlierNames.get(name), mention));
        SeedBatch batch = plan.build(earlier, existing, passwordHash.get(), claim.at(), everyoneFollows);
        writer.write(batch, chunkId);
        var seeded = new Seeded(chunkId, first, batch.users().size(), accounts.size() - batch.users().size(),
                batch.tweets().size(), batch.edges().size(), Duration.ofNanos(System.nanoTime() - started).toMillis(),
                SeedAccounts.PASSWORD, batch.users().stream().map(user -> new Mention(user.id(), user.username())).toList(),
                false, null);
        // only a chunk its client named can be sent again; an unnamed one's fresh id is never asked for
        requestedChunk.ifPresent(id -> chunkLog.finish(id, new SeedChunkLog.Entry(request, followed, seeded)));
        return seeded;
    }

    private static void validate(SeedRequest request) {
        if (request.users() < 1 || request.users() > SeedRequest.MAX_USERS) {
            throw InvalidInputException.field("users", "must be 1 to " + SeedRequest.MAX_USERS);
        }
        if (request.tweetsPerUser() < 0 || request.tweetsPerUser() > SeedRequest.MAX_TWEETS_PER_USER) {
            throw InvalidInputException.field("tweetsPerUser", "must be 0 to " + SeedRequest.MAX_TWEETS_PER_USER);
        }
        if (request.followsPerUser() < 0 || request.followsPerUser() > SeedRequest.MAX_FOLLOWS_PER_USER) {
            throw InvalidInputException.field("followsPerUser", "must be 0 to " + SeedRequest.MAX_FOLLOWS_PER_USER);
        }
        if (request.items() > SeedRequest.MAX_ITEMS) {
            throw InvalidInputException.because(String.format(Locale.ROOT,
                    "One request seeds at most %,d items (users × (2 + tweetsPerUser + followsPerUser)), asked %,d:"
                            + " seed in chunks (./scaleout seed does)", SeedRequest.MAX_ITEMS, request.items()));
        }
    }
}
