package com.scaleout.functions.social.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.scaleout.functions.shared.http.ApiHandler;
import com.scaleout.functions.shared.paging.Page;
import com.scaleout.functions.shared.paging.PageRequest;
import com.scaleout.functions.social.SocialComponents;
import com.scaleout.functions.social.application.AccountService;
import com.scaleout.functions.social.application.AuthorNames;
import com.scaleout.functions.social.application.Actor;
import com.scaleout.functions.social.application.FanoutService;
import com.scaleout.functions.social.application.FollowService;
import com.scaleout.functions.social.application.LikeService;
import com.scaleout.functions.social.application.LoginThrottle;
import com.scaleout.functions.social.application.PasswordHasher;
import com.scaleout.functions.social.application.RecommendationService;
import com.scaleout.functions.social.application.RetweetStore;
import com.scaleout.functions.social.application.SearchService;
import com.scaleout.functions.social.application.SessionService;
import com.scaleout.functions.social.application.SocialGraph;
import com.scaleout.functions.social.application.TimelineCache;
import com.scaleout.functions.social.application.TimelineService;
import com.scaleout.functions.social.application.TimelineSource;
import com.scaleout.functions.social.application.TweetBodies;
import com.scaleout.functions.social.application.TweetService;
import com.scaleout.functions.social.domain.TimelineEntry;
import com.scaleout.functions.social.fakes.InMemoryAuthorNameCache;
import com.scaleout.functions.social.fakes.InMemoryCallerStates;
import com.scaleout.functions.social.fakes.InMemoryFollowGraphCache;
import com.scaleout.functions.social.fakes.InMemoryLikeStore;
import com.scaleout.functions.social.fakes.InMemoryFollowStore;
import com.scaleout.functions.social.fakes.InMemoryRecommendationCache;
import com.scaleout.functions.social.fakes.InMemoryRetweetStore;
import com.scaleout.functions.social.fakes.InMemorySearchCache;
import com.scaleout.functions.social.fakes.InMemorySearchIndexStore;
import com.scaleout.functions.social.fakes.InMemorySessionCache;
import com.scaleout.functions.social.fakes.InMemorySessionStore;
import com.scaleout.functions.social.fakes.InMemoryTimelineCache;
import com.scaleout.functions.social.fakes.InMemoryTweetCache;
import com.scaleout.functions.social.fakes.InMemoryTweetIndexStore;
import com.scaleout.functions.social.fakes.InMemoryTweetStore;
import com.scaleout.functions.social.fakes.InMemoryUserStore;
import com.scaleout.functions.social.fakes.StreamRecorder;
import com.scaleout.functions.social.fakes.StreamRecorder.Change;
import com.scaleout.functions.social.fakes.TweetsStreamEvents;
import com.scaleout.functions.social.streams.FanoutHandler;
import com.scaleout.functions.social.streams.SearchIndexHandler;
import com.scaleout.functions.social.streams.StreamHandlers;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The social handlers as Lambda would run them, with the real services over in-memory stores and caches. A fresh
 * world per test: the samples change it (registering, posting, following). The services write through a
 * {@link StreamRecorder}, so a test decides when (and how often) the streams reach the indexer and fanout.
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
    final InMemoryLikeStore likes = new InMemoryLikeStore(tweets);
    final InMemoryCallerStates callerStates = new InMemoryCallerStates(retweets, likes);
    final InMemoryFollowStore follows = new InMemoryFollowStore(users);
    final InMemorySearchIndexStore searchIndex = new InMemorySearchIndexStore();

    final InMemoryTimelineCache timelineCache = new InMemoryTimelineCache();
    final InMemoryFollowGraphCache graphCache = new InMemoryFollowGraphCache();
    final InMemoryTweetCache tweetCache = new InMemoryTweetCache();
    final InMemoryAuthorNameCache authorNameCache = new InMemoryAuthorNameCache();
    final InMemoryRecommendationCache recommendationCache = new InMemoryRecommendationCache();
    final InMemorySearchCache searchCache = new InMemorySearchCache();
    final StreamRecorder streams = new StreamRecorder();
    private final RetweetStore recordedRetweets = streams.retweets(retweets, tweets);

    final SessionService sessionService;
    final AuthorNames authorNames;
    final TweetService tweetService;
    final LikeService likeService;
    final FollowService followService;
    final TimelineService timelines;
    final RecommendationService recommendations;
    final FanoutService fanout;
    final SearchService search;
    final AccountsHandler accountsHandler;
    final TweetsHandler tweetsHandler;
    final FollowsHandler followsHandler;
    final TimelineHandler timelineHandler;
    final SearchHandler searchHandler;
    final SessionAuthorizer authorizer;
    final FanoutHandler fanoutHandler;
    final SearchIndexHandler searchIndexer;

    private SocialWorld(Clock clock, int maxFanoutFollowers) {
        sessionService = new SessionService(users, sessions, sessionCache, PASSWORDS, clock,
                SocialComponents.REVOCATION_TTL);
        var graph = new SocialGraph(graphCache, follows);
        var source = new TimelineSource(tweets, retweets, index);
        timelines = new TimelineService(timelineCache, graph, new TweetBodies(tweetCache, tweets), source);
        recommendations = new RecommendationService(recommendationCache, graph, users);
        fanout = new FanoutService(timelineCache, graph, tweetCache, users, tweets, source,
                maxFanoutFollowers);
        authorNames = new AuthorNames(authorNameCache, users);
        accountsHandler = new AccountsHandler(new AccountService(users, authorNames, PASSWORDS, clock), sessionService,
                timelines::warm, LoginThrottle.NONE);
        tweetService = new TweetService(streams.tweets(tweets), index, recordedRetweets, users, callerStates,
                clock);
        followService = new FollowService(streams.follows(follows), users, clock);
        likeService = new LikeService(streams.likes(likes, tweets), tweets, users, callerStates, clock);
        tweetsHandler = new TweetsHandler(tweetService, likeService, sessionService, callerStates, authorNames);
        followsHandler = new FollowsHandler(followService, sessionService);
        timelineHandler = new TimelineHandler(timelines, recommendations, sessionService, callerStates, authorNames);
        search = new SearchService(searchIndex, searchCache, new TweetBodies(tweetCache, tweets));
        searchHandler = new SearchHandler(search, sessionService, callerStates, authorNames);
        authorizer = new SessionAuthorizer(sessionService);
        fanoutHandler = StreamHandlers.fanout(fanout, Seed.TABLES);
        searchIndexer = StreamHandlers.searchIndex(searchIndex, searchCache);
    }

    /** The seeded world, its clock stopped at the samples' request time. */
    static SocialWorld seeded() {
        return seededAt(Clock.fixed(Seed.NOW, ZoneOffset.UTC));
    }

    static SocialWorld seededAt(Clock clock) {
        return seeded(clock, com.scaleout.declaration.Settings.FANOUT_MAX_FOLLOWERS.defaultInt());
    }

    /** The seeded world where an account with more than {@code maxFanoutFollowers} followers is merged at read. */
    static SocialWorld seededWithMaxFanout(int maxFanoutFollowers) {
        return seeded(Clock.fixed(Seed.NOW, ZoneOffset.UTC), maxFanoutFollowers);
    }

    private static SocialWorld seeded(Clock clock, int maxFanoutFollowers) {
        var world = new SocialWorld(clock, maxFanoutFollowers);
        Seed.plant(world, PASSWORDS);
        return world;
    }

    List<ApiHandler> handlers() {
        return List.of(accountsHandler, tweetsHandler, followsHandler, timelineHandler, searchHandler);
    }

    /** Builds the seeded users' timelines, as their logins would, so that fanout has lists to write to. */
    SocialWorld warmTimelines() {
        List.of(Seed.ALICE, Seed.BOB, Seed.CAROL).forEach(timelines::warm);
        return this;
    }

    /** Redis going down, or coming back: every cache at once. */
    void setCachesAvailable(boolean available) {
        timelineCache.setAvailable(available);
        graphCache.setAvailable(available);
        tweetCache.setAvailable(available);
        authorNameCache.setAvailable(available);
        recommendationCache.setAvailable(available);
        searchCache.setAvailable(available);
    }

    /** Redis flushed (or everything evicted): every timeline, set, body and list is missing again. */
    void flushCaches() {
        timelineCache.flush();
        graphCache.flush();
        tweetCache.flush();
        authorNameCache.flush();
        recommendationCache.flush();
        searchCache.flush();
    }

    /**
     * The streams catching up: every change recorded since the last delivery goes to the tweet indexer, to
     * fanout and (as a Tweets stream batch) to the search indexer, until none is left (a removed tweet's retweet rows, dropped by the indexer, come round on the
     * Retweets stream). Returns what was delivered, for a test to deliver again.
     */
    List<Change> deliverStreams() {
        var delivered = new ArrayList<Change>();
        for (var batch = streams.drain(); !batch.isEmpty(); batch = streams.drain()) {
            deliver(batch);
            delivered.addAll(batch);
        }
        return delivered;
    }

    /** These records, in order, to every consumer, as a (re)delivery does. */
    void deliver(List<Change> changes) {
        for (Change change : changes) {
            var failures = searchIndexer.handleRequest(TweetsStreamEvents.of(List.of(change)), null)
                    .getBatchItemFailures();
            assertThat(failures).as("search indexer failures on %s", change).isEmpty();
            switch (change) {
                case StreamRecorder.TweetInserted(var tweet) -> {
                    index.add(tweet);
                    fanout.tweetCreated(tweet);
                }
                case StreamRecorder.TweetModified(var tweet) -> fanout.tweetChanged(tweet);
                case StreamRecorder.TweetRemoved(var tweet) -> {
                    index.remove(tweet);
                    recordedRetweets.removeAll(tweet.id());
                    fanout.tweetDeleted(tweet);
                }
                case StreamRecorder.RetweetInserted(var retweet) -> fanout.retweeted(retweet);
                case StreamRecorder.RetweetRemoved(var retweet) -> fanout.unretweeted(retweet);
                case StreamRecorder.FollowInserted(var edge) -> fanout.followed(edge);
                case StreamRecorder.FollowRemoved(var edge) -> fanout.unfollowed(edge);
            }
        }
    }

    Actor actor(String userId) {
        return new Actor(userId, users.findById(userId).orElseThrow().username(), "session of " + userId);
    }

    Page<TimelineService.Item> timeline(String userId, int limit) {
        return timelines.timeline(actor(userId), limit, Optional.empty());
    }

    /** The timeline as the cache holds it (not merged, not resolved), newest first; empty if it is missing. */
    Optional<List<TimelineEntry>> cachedTimeline(String userId) {
        return timelineCache.timeline(userId, Optional.empty(), TimelineCache.CAPACITY);
    }

    String post(String authorId, String text) {
        return tweetService.post(actor(authorId), new TweetService.NewTweet(text, null)).id();
    }

    /**
     * Each user's timeline is built and reads (first page, bodies and all) as a cold cache would build it from the
     * stores: fanout kept it right.
     */
    void assertTimelinesAsTheStoresHaveThem(String... userIds) {
        for (String user : userIds) {
            assertThat(cachedTimeline(user)).as("timeline of %s built", user).isPresent();
            assertThat(timeline(user, PageRequest.MAX_LIMIT).items()).as("timeline of %s", user)
                    .isEqualTo(timelineFromStores(user, PageRequest.MAX_LIMIT).items());
        }
    }

    /** The page a cold cache would serve: built from the stores alone, leaving this world's caches untouched. */
    Page<TimelineService.Item> timelineFromStores(String userId, int limit) {
        var graph = new SocialGraph(new InMemoryFollowGraphCache(), follows);
        var cold = new TimelineService(new InMemoryTimelineCache(), graph, new TweetBodies(new InMemoryTweetCache(), tweets),
                new TimelineSource(tweets, retweets, index));
        return cold.timeline(actor(userId), limit, Optional.empty());
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
        state.add(searchIndex.snapshot());
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
