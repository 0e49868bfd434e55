package com.scaleout.functions.social.application;

import com.scaleout.functions.shared.failure.InvalidInputException;
import com.scaleout.functions.shared.failure.NotAuthenticatedException;
import com.scaleout.functions.shared.failure.NotFoundException;
import com.scaleout.functions.shared.failure.TooManyRequestsException;
import com.scaleout.functions.shared.logging.ThrottledLogs;
import com.scaleout.functions.social.domain.LiveConnection;
import com.scaleout.functions.social.domain.LiveMessage;
import com.scaleout.functions.social.domain.LiveStream;
import com.scaleout.functions.social.domain.LiveSubscription;
import com.scaleout.functions.social.domain.Session;
import java.time.Instant;
import java.util.Optional;

/**
 * The live API's connections: who connects (a session's user, or anonymous), what each listens to, and the presence
 * the pushers read, kept as subscriptions come and go. Refusals are domain failures, said back to the
 * connection by the edge; the connection stays open.
 */
public final class LiveService {
    static final String INVALID_TOKEN = "token is not a live session; log in again, or connect without a token"
            + " to follow public streams";
    static final String TOO_MANY = "at most " + LiveConnection.MAX_SUBSCRIPTIONS + " subscriptions per connection";
    static final String SPENT = "at most " + MessageBudget.MESSAGES + " messages per connection in "
            + MessageBudget.WINDOW.toSeconds() + " s; send again after retryAfter seconds";
    static final String SESSION_ENDED = "the session of this connection has ended; log in again and reconnect";
    private static final org.apache.logging.log4j.Logger CACHE_DOWN = ThrottledLogs.cacheDown();

    private final ConnectionStore store;
    private final LivePresence presence;
    private final SessionService sessions;
    private final SearchService search;
    private final MessageBudget budget;

    public LiveService(ConnectionStore store, LivePresence presence, SessionService sessions, SearchService search,
                       MessageBudget budget) {
        this.store = store;
        this.presence = presence;
        this.sessions = sessions;
        this.search = search;
        this.budget = budget;
    }

    /** Opens a connection: a token must name an active session (else refused); without one it is anonymous. */
    public LiveConnection connect(String connectionId, Optional<String> token, Instant connectedAt) {
        Optional<Session> session = Optional.empty();
        if (token.isPresent()) {
            session = Optional.of(sessions.authenticate(token.get())
                    .orElseThrow(() -> new NotAuthenticatedException(INVALID_TOKEN)));
        }
        var connection = LiveConnection.opened(connectionId, session, connectedAt);
        store.putConnection(connection);
        return connection;
    }

    /**
     * Counts a message of the connection against its budget, before anything reads it; refused past the budget.
     */
    public void admit(String connectionId) {
        budget.spend(connectionId).ifPresent(wait -> {
            throw new TooManyRequestsException(SPENT, wait);
        });
    }

    /**
     * Listens to a stream (again: nothing changes); a search is answered with its first page, the others with an ack.
     * A full connection's new stream is refused before any write or search.
     */
    public LiveMessage subscribe(String connectionId, String streamName) {
        LiveStream stream = parse(streamName);
        LiveConnection connection = connection(connectionId);
        if (stream.kind().needsUser() && connection.userId().isEmpty()) {
            throw new NotAuthenticatedException(stream.name() + " needs a signed-in connection: connect with"
                    + " ?token=<session token>");
        }
        var subscription = LiveSubscription.of(connection, stream);
        if (connection.isFull()) {
            // refused before any write or search, unless it is a stream the connection has
            if (store.subscriptions(connectionId).stream().noneMatch(s -> s.stream().equals(stream.name()))) {
                throw InvalidInputException.because(TOO_MANY);
            }
        } else {
            switch (store.putSubscription(subscription, LiveConnection.MAX_SUBSCRIPTIONS)) {
                case ADDED -> updatePresence(presence, p -> p.add(subscription));
                case ALREADY -> { }
                case FULL -> throw InvalidInputException.because(TOO_MANY);
                case NO_CONNECTION -> throw gone();
            }
        }
        if (stream.kind().needsUser()) {
            requireSession(connection, subscription);
        }
        return stream.query()
                .<LiveMessage>map(query -> new LiveMessage.SearchPage(stream.name(),
                        search.search(Optional.of(query), SearchService.MAX_LIMIT, Optional.empty())))
                .orElseGet(() -> new LiveMessage.Subscribed(stream.name()));
    }

    /**
     * A private stream is heard only while the connection's session lasts. Checked after the subscription is stored,
     * so that a logout at the same moment either finds the subscription (and removes it) or is seen here.
     */
    private void requireSession(LiveConnection connection, LiveSubscription subscription) {
        try {
            sessions.actor(connection.userId(), Optional.empty(), connection.sessionId());
        } catch (NotAuthenticatedException loggedOut) {
            store.deleteSubscription(subscription.connectionId(), subscription.stream())
                    .ifPresent(removed -> updatePresence(presence, p -> p.remove(removed)));
            throw new NotAuthenticatedException(SESSION_ENDED);
        }
    }

    /** Stops listening to a stream (one it was not listening to: nothing changes). */
    public LiveMessage unsubscribe(String connectionId, String streamName) {
        LiveStream stream = parse(streamName);
        store.deleteSubscription(connectionId, stream.name())
                .ifPresent(removed -> updatePresence(presence, p -> p.remove(removed)));
        return new LiveMessage.Unsubscribed(stream.name());
    }

    /** The connection closed: it and its subscriptions go. */
    public void disconnect(String connectionId) {
        forget(store, presence, connectionId);
    }

    /** Removes a connection's items and their presence (also a pusher's work, for a gone connection). */
    static void forget(ConnectionStore store, LivePresence presence, String connectionId) {
        for (LiveSubscription removed : store.deleteConnection(connectionId)) {
            updatePresence(presence, p -> p.remove(removed));
        }
    }

    /** A presence write that fails is logged: the periodic rebuild adds what it missed (see {@link LivePresence}). */
    static void updatePresence(LivePresence presence, java.util.function.Consumer<LivePresence> change) {
        try {
            change.accept(presence);
        } catch (RuntimeException cacheDown) {
            CACHE_DOWN.warn("live presence not updated; the pushers' next rebuild brings it back", cacheDown);
        }
    }

    private LiveConnection connection(String connectionId) {
        return store.connection(connectionId).orElseThrow(LiveService::gone);
    }

    private static NotFoundException gone() {
        return new NotFoundException("this connection is not known (it expired or never opened); connect again");
    }

    private static LiveStream parse(String streamName) {
        try {
            return LiveStream.parse(streamName);
        } catch (LiveStream.Invalid e) {
            throw InvalidInputException.because(e.getMessage());
        }
    }
}
