package com.scaleout.functions.social.http;

import static com.scaleout.functions.social.http.ApiJson.ok;
import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.functions.shared.snapstart.Primed;
import com.scaleout.functions.testing.PrimingLog;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The social functions' SnapStart hooks, on the in-memory world: the warm-ups run through without a failure, change
 * nothing (stores, caches, stream records), and the handlers serve real requests correctly afterwards.
 */
class SocialPrimingTest {
    private final SocialWorld world = SocialWorld.seeded().warmTimelines();

    private List<Primed> primed() {
        return List.of(world.accountsHandler, world.tweetsHandler, world.followsHandler, world.timelineHandler,
                world.searchHandler, world.authorizer, world.fanoutHandler, world.searchIndexer);
    }

    @Test
    void primingRunsEveryHandlersWarmUpWithoutWritingAnything() {
        var state = world.state();
        var timelines = world.timelineCache.snapshot();
        world.streams.drain(); // the seed's own

        try (var log = new PrimingLog()) {
            for (Primed handler : primed()) {
                handler.priming().beforeCheckpoint(null);
                handler.priming().afterRestore(null);
            }
            assertThat(log.warnings()).isEmpty();
            assertThat(log.messages()).hasSize(primed().size()).allMatch(message -> message.contains(" primed in "));
        }

        assertThat(world.state()).isEqualTo(state);
        assertThat(world.timelineCache.snapshot()).isEqualTo(timelines);
        assertThat(world.streams.drain()).as("stream records of writes").isEmpty();
    }

    @Test
    void afterTheHooksTheHandlersServeRequestsCorrectly() {
        primed().forEach(handler -> {
            handler.priming().beforeCheckpoint(null);
            handler.priming().afterRestore(null);
        });

        var posted = ok(world.handle(Samples.http("post-tweets")), 201);
        var get = Samples.withToken(Samples.http("get-tweet"), Seed.ALICE_TOKEN);
        get.getPathParameters().put("id", posted.get("id").asText());
        assertThat(ok(world.handle(get), 200)).isEqualTo(posted);

        var allowed = world.authorizer.handleRequest(Samples.authorizer("authorizer-request"), null);
        assertThat(allowed.getIsAuthorized()).isTrue();
        assertThat(ok(world.handle(Samples.http("get-me")), 200).get("username").asText()).isEqualTo("alice");
    }
}
