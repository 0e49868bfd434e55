package com.scaleout.functions.social.application;

import com.scaleout.functions.shared.failure.InvalidInputException;
import com.scaleout.functions.shared.failure.NotFoundException;
import com.scaleout.functions.shared.failure.NotAuthenticatedException;
import com.scaleout.functions.shared.paging.Page;
import com.scaleout.functions.shared.paging.PageRequest;
import com.scaleout.functions.shared.ids.Ids;
import com.scaleout.functions.social.domain.Times;
import com.scaleout.functions.social.domain.User;
import java.time.Clock;
import java.util.function.Function;

/** Follow and unfollow (both idempotent), and the follower and following lists, newest first. */
public final class FollowService {
    private final FollowStore follows;
    private final UserStore users;
    private final Clock clock;

    public FollowService(FollowStore follows, UserStore users, Clock clock) {
        this.follows = follows;
        this.users = users;
        this.clock = clock;
    }

    public void follow(Actor actor, String username) {
        String followee = idOf(username);
        if (followee.equals(actor.userId())) {
            throw InvalidInputException.field("username", "you cannot follow yourself");
        }
        try {
            follows.follow(new FollowStore.Edge(actor.userId(), followee, Ids.newId(),
                    Times.format(clock.instant())));
        } catch (AccountMissing e) {
            throw refusal(actor, e);
        }
    }

    public void unfollow(Actor actor, String username) {
        String followee = idOf(username);
        if (followee.equals(actor.userId())) {
            return; // nobody follows themselves, so there is nothing to undo (and one transaction cannot update the
                    // same user's two counters: DynamoDB refused it, a 500)
        }
        try {
            follows.unfollow(actor.userId(), followee);
        } catch (AccountMissing e) {
            throw refusal(actor, e);
        }
    }

    /** The caller's own account gone is a 401, as for a tweet; the other account gone, an unknown user. */
    private static RuntimeException refusal(Actor actor, AccountMissing e) {
        return e.userId().equals(actor.userId()) ? new NotAuthenticatedException("Account no longer exists")
                : new NotFoundException("No such user");
    }

    public Page<User> followers(String username, PageRequest page) {
        return usersOf(follows.followers(idOf(username), page), FollowStore.Edge::followerId, page);
    }

    public Page<User> following(String username, PageRequest page) {
        return usersOf(follows.following(idOf(username), page), FollowStore.Edge::followeeId, page);
    }

    private Page<User> usersOf(Slice<FollowStore.Edge> edges, Function<FollowStore.Edge, String> other,
                               PageRequest page) {
        var people = users.findByIds(edges.items().stream().map(other).toList());
        String next = edges.items().isEmpty() ? null : page.nextCursor(edges.items().getLast().edgeId(),
                edges.more());
        return new Page<>(people, next);
    }

    /**
     * Whose the username is (404 for nobody's). The id alone: the follow's transaction checks the account exists,
     * and the lists read the profiles they show anyway.
     */
    private String idOf(String username) {
        return users.findIdByUsername(username).orElseThrow(() -> new NotFoundException("No such user"));
    }
}
