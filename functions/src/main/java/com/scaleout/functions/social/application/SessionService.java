package com.scaleout.functions.social.application;

import com.scaleout.functions.shared.crypto.Digests;
import com.scaleout.functions.shared.failure.NotAuthenticatedException;
import com.scaleout.functions.shared.failure.TooManyRequestsException;
import com.scaleout.functions.shared.failure.UnavailableException;
import com.scaleout.functions.shared.logging.ThrottledLogs;
import com.scaleout.functions.social.domain.Session;
import com.scaleout.functions.social.domain.User;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.regex.Pattern;

/**
 * Logins: a 256-bit random bearer token, of which only the SHA-256 is stored, valid for 30 days. The authorizer
 * authenticates tokens (cache first, then the store); a logout deletes the session and marks it revoked for as
 * long as API Gateway may still cache an "allow" for it, so handlers refuse it at once.
 */
public final class SessionService {
    public static final Duration SESSION_TTL = Duration.ofDays(30);
    public static final String TOO_MANY_LOGINS = "Too many failed logins: try again later";
    private static final Logger LOG = Logger.getLogger(SessionService.class.getName());
    private static final org.apache.logging.log4j.Logger CACHE_DOWN = ThrottledLogs.cacheDown();
    private static final Pattern TOKEN = Pattern.compile("[A-Za-z0-9_-]{43}");
    private static final SecureRandom RANDOM = new SecureRandom();

    private final UserStore users;
    private final SessionStore sessions;
    private final SessionCache cache;
    private final PasswordHasher passwords;
    private final Clock clock;
    private final Duration revocationTtl;
    private final SessionEnd ended;

    /**
     * @param revocationTtl how long a revoked session stays marked: at least the authorizer cache TTL
     */
    public SessionService(UserStore users, SessionStore sessions, SessionCache cache, PasswordHasher passwords,
                          Clock clock, Duration revocationTtl) {
        this(users, sessions, cache, passwords, clock, revocationTtl, SessionEnd.NONE);
    }

    /** @param ended what else a logout ends (the session's live streams), once the session is gone */
    public SessionService(UserStore users, SessionStore sessions, SessionCache cache, PasswordHasher passwords,
                          Clock clock, Duration revocationTtl, SessionEnd ended) {
        this.ended = ended;
        this.users = users;
        this.sessions = sessions;
        this.cache = cache;
        this.passwords = passwords;
        this.clock = clock;
        this.revocationTtl = revocationTtl;
    }

    public record Login(String token, Session session, User user) {
        @Override
        public String toString() {
            return "Login[session=" + session.id() + ", user=" + user + "]"; // never the token
        }
    }

    public Login login(String username, String password) {
        return login(username, password, Optional.empty());
    }

    /**
     * A login; with {@code unknownRefusedFor} (its address is past the throttle's limit), a username that names no
     * account is refused as too many attempts, for that long.
     */
    public Login login(String username, String password, Optional<Duration> unknownRefusedFor) {
        if (username == null || password == null) {
            throw new NotAuthenticatedException("Invalid username or password");
        }
        Optional<UserStore.Credentials> credentials = users.findCredentials(username);
        if (credentials.isEmpty()) {
            unknownRefusedFor.ifPresent(wait -> {
                throw new TooManyRequestsException(TOO_MANY_LOGINS, wait);
            });
            passwords.matchDecoy(password);
            throw new NotAuthenticatedException("Invalid username or password");
        }
        if (!passwords.matches(password, credentials.get().passwordHash())) {
            throw new NotAuthenticatedException("Invalid username or password");
        }
        Optional<User> user = users.findById(credentials.get().userId());
        if (user.isEmpty()) {
            throw new NotAuthenticatedException("Invalid username or password");
        }
        var started = start(user.get().id(), user.get().username());
        return new Login(started.token(), started.session(), user.get());
    }

    /**
     * A new session for an account that exists, without its password: the admin seed's accounts (whose password
     * every load test knows anyway), so that a load run needs no login per account. The token, to be sent as a
     * bearer token.
     */
    public String open(String userId, String username) {
        return start(userId, username).token();
    }

    private record Started(String token, Session session) {
        @Override
        public String toString() {
            return "Started[session=" + session.id() + "]"; // never the token
        }
    }

    private Started start(String userId, String username) {
        byte[] secret = new byte[32];
        RANDOM.nextBytes(secret);
        String token = Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
        Instant now = clock.instant();
        var session = new Session(sessionId(token), userId, username, now, now.plus(SESSION_TTL));
        sessions.save(session);
        // cached at once: the first request with the token then needs no DynamoDB read at the authorizer, which
        // could only answer 500 when DynamoDB throttles (an authorizer cannot say 503)
        safely(() -> {
            cache.put(session);
            return null;
        }, null);
        return new Started(token, session);
    }

    /** The active session of a bearer token, if any: the authorizer's question. */
    public Optional<Session> authenticate(String token) {
        if (token == null || !TOKEN.matcher(token).matches()) {
            return Optional.empty();
        }
        String id = sessionId(token);
        Instant now = clock.instant();
        Optional<Session> cached = safely(() -> cache.get(id), Optional.empty());
        if (cached.isPresent()) {
            return cached.filter(s -> s.isActiveAt(now));
        }
        return activeStored(id);
    }

    /** The session from the store if still active, put back in the cache (read-through). */
    private Optional<Session> activeStored(String sessionId) {
        Optional<Session> stored = sessions.find(sessionId).filter(s -> s.isActiveAt(clock.instant()));
        stored.ifPresent(s -> safely(() -> {
            cache.put(s);
            return null;
        }, null));
        return stored;
    }

    /**
     * The acting user of an authorized request, from what the authorizer said of it (each absent when it said
     * nothing); refused when there is none or the session was revoked.
     */
    public Actor actor(Optional<String> userId, Optional<String> username, Optional<String> sessionId) {
        if (userId.isEmpty() || sessionId.isEmpty()) {
            throw new NotAuthenticatedException("Authentication required");
        }
        if (isRevoked(sessionId.get())) {
            throw new NotAuthenticatedException("Session has ended; log in again");
        }
        return new Actor(userId.get(), username.orElse(null), sessionId.get());
    }

    /**
     * Ends the session: first the revocation marker and the eviction in the cache (a session cached before the
     * logout must not outlive it there), then the stored session. When the cache cannot be reached nothing is
     * changed and the caller is told to retry (503): a logout is never reported done while a cached copy could
     * still let the token in once the cache is back. What else ends with the session follows; its failure is
     * logged, not answered: the session is over, and a retry of the logout would be refused as logged out.
     */
    public void logout(Actor actor) {
        try {
            cache.markRevoked(actor.sessionId(), revocationTtl);
            cache.evict(actor.sessionId());
        } catch (RuntimeException cacheDown) {
            CACHE_DOWN.warn("session cache unavailable; logout not done", cacheDown);
            throw new UnavailableException("Cannot log out right now; retry shortly");
        }
        sessions.delete(actor.sessionId());
        try {
            ended.ended(actor);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "a logout could not end its session's live streams; they end with their"
                    + " connection (two hours at most)", e);
        }
    }

    /**
     * Revoked if marked so. Unmarked, the cached session vouches for it (the authorizer cached it, a logout evicts
     * it); when neither is there — the cache was flushed or restarted, and took the logout's marker with it, while
     * the gateway may still cache an "allow" for the token — or the cache is down, the store decides, and a
     * session it still holds goes back into the cache.
     */
    private boolean isRevoked(String sessionId) {
        try {
            SessionCache.State cached = cache.state(sessionId);
            if (cached.revoked()) {
                return true;
            }
            if (cached.session().filter(s -> s.isActiveAt(clock.instant())).isPresent()) {
                return false;
            }
        } catch (RuntimeException cacheDown) {
            CACHE_DOWN.warn("session cache unavailable; checking the store", cacheDown);
        }
        return activeStored(sessionId).isEmpty();
    }

    /** The id a token's session is stored under: its SHA-256 (public for the tests that write sessions). */
    public static String sessionId(String token) {
        return HexFormat.of().formatHex(Digests.sha256(token.getBytes(StandardCharsets.US_ASCII)));
    }

    private static <T> T safely(java.util.function.Supplier<T> cacheCall, T fallback) {
        try {
            return cacheCall.get();
        } catch (RuntimeException e) {
            CACHE_DOWN.warn("session cache unavailable", e);
            return fallback;
        }
    }
}
