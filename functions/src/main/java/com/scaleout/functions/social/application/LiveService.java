package com.scaleout.functions.social.application;

import com.scaleout.functions.shared.failure.InvalidInputException;
import com.scaleout.functions.shared.failure.NotAuthenticatedException;
import com.scaleout.functions.shared.failure.NotFoundException;
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
    private static final org.apache.logging.log4j.Logger CACHE_DOWN = ThrottledLogs.cacheDown();

    private final ConnectionStore store;
    private final LivePresence presence;
    private final SessionService sessions;
    private final SearchService search;

    public LiveService(ConnectionStore store, LivePresence presence, SessionService sessions, SearchService search) {
        this.store = store;
        this.presence = presence;
        this.sessions = sessions;
        this.search = search;
    }

    /** Opens a connection: a token must name an active session (else refused); without one it is anonymous. */
    public LiveConnection connect(String connectionId, Optional<String> token, Instant connectedAt) {
        Optional<String> userId = Optional.empty();
        if (token.isPresent()) {
            userId = Optional.of(sessions.authenticate(token.get()).map(Session::userId)
                    .orElseThrow(() -> new NotAuthenticatedException(INVALID_TOKEN)));
        }
        var connection = new LiveConnection(connectionId, userId, connectedAt);
        store.putConnection(connection);
        return connection;
    }

    /**
     * Listens to a stream (again: nothing changes); a search is answered with its first page, the others with an ack.
     */
    public LiveMessage subscribe(String connectionId, String streamName) {
        LiveStream stream = parse(streamName);
        LiveConnection connection = connection(connectionId);
        if (stream.kind().needsUser() && connection.userId().isEmpty()) {
            throw new NotAuthenticatedException(stream.name() + " needs a signed-in connection: connect with"
                    + " ?token=<session token>");
        }
        var subscription = LiveSubscription.of(connection, stream);
        switch (store.putSubscription(subscription, LiveConnection.MAX_SUBSCRIPTIONS)) {
            case ADDED -> updatePresence(presence, p -> p.add(subscription));
            case ALREADY -> { }
            case FULL -> throw InvalidInputException.because(TOO_MANY);
            case NO_CONNECTION -> throw gone();
        }
        return stream.query()
                .<LiveMessage>map(query -> new LiveMessage.SearchPage(stream.name(),
                        search.search(Optional.of(query), SearchService.MAX_LIMIT, Optional.empty())))
                .orElseGet(() -> new LiveMessage.Subscribed(stream.name()));
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
    private static void updatePresence(LivePresence presence, java.util.function.Consumer<LivePresence> change) {
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
