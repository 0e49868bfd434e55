package com.scaleout.functions.social.application;

import com.scaleout.functions.social.domain.LiveStream;
import com.scaleout.functions.social.domain.LiveSubscription;
import java.util.Optional;

/**
 * A logout ends its session's private live streams ({@link LiveStream#PRIVATE}): their subscriptions, found by the
 * user's keys and kept where their session is the one that ended, are removed with their presence, so that no
 * pusher sends the user's tweets to a connection whose session is over. The connection itself stays open (API
 * Gateway closes it within two hours); it keeps its public streams, and a new private subscription on it is
 * refused ({@link LiveService#subscribe}).
 */
public final class LiveLogout implements SessionEnd {
    private final ConnectionStore store;
    private final LivePresence presence;

    public LiveLogout(ConnectionStore store, LivePresence presence) {
        this.store = store;
        this.presence = presence;
    }

    @Override
    public void ended(Actor actor) {
        Optional<String> session = Optional.of(actor.sessionId());
        for (LiveStream stream : LiveStream.PRIVATE) {
            for (LiveSubscription listener : store.listeners(stream.keyFor(Optional.of(actor.userId())))) {
                if (listener.sessionId().equals(session)) {
                    store.deleteSubscription(listener.connectionId(), listener.stream())
                            .ifPresent(removed -> LiveService.updatePresence(presence, p -> p.remove(removed)));
                }
            }
        }
    }
}
