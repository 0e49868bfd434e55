package com.scaleout.functions.social.http;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.scaleout.functions.shared.http.ApiHandler;
import com.scaleout.functions.shared.http.PageRequest;
import com.scaleout.functions.social.SocialComponents;
import com.scaleout.functions.social.application.AccountService;
import com.scaleout.functions.social.application.FollowService;
import com.scaleout.functions.social.application.PasswordHasher;
import com.scaleout.functions.social.application.SessionService;
import com.scaleout.functions.social.application.TweetService;
import com.scaleout.functions.social.fakes.InMemoryFollowStore;
import com.scaleout.functions.social.fakes.InMemoryRetweetStore;
import com.scaleout.functions.social.fakes.InMemorySessionCache;
import com.scaleout.functions.social.fakes.InMemorySessionStore;
import com.scaleout.functions.social.fakes.InMemoryTweetIndexStore;
import com.scaleout.functions.social.fakes.InMemoryTweetStore;
import com.scaleout.functions.social.fakes.InMemoryUserStore;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The social handlers as Lambda would run them, with the real services over in-memory stores. A fresh world per
 * test: the samples change it (registering, posting, following).
 */
final class SocialWorld {
    /** BCrypt's lowest cost: the hashing is real, only cheap. */
    private static final PasswordHasher PASSWORDS = new PasswordHasher(4);

    final InMemoryUserStore users = new InMemoryUserStore();
    final InMemorySessionStore sessions = new InMemorySessionStore();
    final InMemorySessionCache sessionCache = new InMemorySessionCache();
    final InMemoryTweetStore tweets = new InMemoryTweetStore(users);
    final InMemoryTweetIndexStore index = new InMemoryTweetIndexStore();
    final InMemoryRetweetStore retweets = new InMemoryRetweetStore(tweets);
    final InMemoryFollowStore follows = new InMemoryFollowStore(users);

    final SessionService sessionService;
    final AccountsHandler accountsHandler;
    final TweetsHandler tweetsHandler;
    final FollowsHandler followsHandler;
    final SessionAuthorizer authorizer;

    private SocialWorld(Clock clock) {
        sessionService = new SessionService(users, sessions, sessionCache, PASSWORDS, clock,
                SocialComponents.REVOCATION_TTL);
        accountsHandler = new AccountsHandler(new AccountService(users, PASSWORDS, clock), sessionService);
        tweetsHandler = new TweetsHandler(new TweetService(tweets, index, retweets, users, clock), sessionService);
        followsHandler = new FollowsHandler(new FollowService(follows, users, clock), sessionService);
        authorizer = new SessionAuthorizer(sessionService);
    }

    /** The seeded world, its clock stopped at the samples' request time. */
    static SocialWorld seeded() {
        return seededAt(Clock.fixed(Seed.NOW, ZoneOffset.UTC));
    }

    static SocialWorld seededAt(Clock clock) {
        var world = new SocialWorld(clock);
        Seed.plant(world, PASSWORDS);
        return world;
    }

    List<ApiHandler> handlers() {
        return List.of(accountsHandler, tweetsHandler, followsHandler);
    }

    /** Everything the samples could change, as comparable values: equal states, equal worlds. */
    List<Object> state() {
        var everyone = List.of(Seed.ALICE, Seed.BOB, Seed.CAROL);
        var all = new PageRequest(PageRequest.MAX_LIMIT, Optional.empty());
        var state = new ArrayList<Object>(users.findByIds(everyone));
        state.add(users.findByUsername("dave_01"));
        state.add(tweets.findMany(List.of(Seed.ALICE_FIRST, Seed.BOB_FIRST, Seed.ALICE_REPLY, Seed.ALICE_SECOND)));
        for (String user : everyone) {
            state.add(tweets.byAuthor(user, all));
            state.add(follows.following(user, all));
            state.add(follows.followers(user, all));
        }
        state.add(retweets.retweeters(Seed.ALICE_FIRST, all));
        state.add(retweets.retweeters(Seed.BOB_FIRST, all));
        state.add(index.snapshot());
        for (String token : List.of(Seed.ALICE_TOKEN, Seed.BOB_TOKEN)) {
            state.add(sessions.find(Seed.sessionIdOf(token)));
            state.add(sessionCache.isRevoked(Seed.sessionIdOf(token)));
        }
        return state;
    }

    /** What API Gateway does: the route key picks the function. */
    APIGatewayV2HTTPResponse handle(APIGatewayV2HTTPEvent event) {
        return handlers().stream().filter(h -> h.routes().containsKey(event.getRouteKey())).findFirst()
                .orElseThrow(() -> new AssertionError("no handler serves " + event.getRouteKey()))
                .handleRequest(event, null);
    }
}
