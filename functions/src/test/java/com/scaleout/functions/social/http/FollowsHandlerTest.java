package com.scaleout.functions.social.http;

import static com.scaleout.functions.social.http.ApiJson.assertUser;
import static com.scaleout.functions.social.http.ApiJson.itemIds;
import static com.scaleout.functions.social.http.ApiJson.next;
import static com.scaleout.functions.social.http.ApiJson.ok;
import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.tests.annotations.Event;
import com.scaleout.functions.social.domain.User;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;

/** Follow, unfollow (both idempotent) and the follower and following lists, from the samples of events/social/. */
class FollowsHandlerTest {
    private final SocialWorld world = SocialWorld.seeded();

    private List<Long> counts(String userId) {
        User user = world.users.findById(userId).orElseThrow();
        return List.of(user.followers(), user.following());
    }

    @ParameterizedTest
    @Event(value = "events/social/put-following.json", type = APIGatewayV2HTTPEvent.class)
    void followsOnceHoweverOftenAsked(APIGatewayV2HTTPEvent event) {
        assertThat(world.handle(event).getStatusCode()).isEqualTo(204);
        assertThat(world.handle(event).getStatusCode()).isEqualTo(204);

        assertThat(counts(Seed.ALICE)).containsExactly(2L, 2L);
        assertThat(counts(Seed.CAROL)).containsExactly(1L, 1L);
    }

    @ParameterizedTest
    @Event(value = "events/social/delete-following.json", type = APIGatewayV2HTTPEvent.class)
    void unfollowsIdempotently(APIGatewayV2HTTPEvent event) {
        assertThat(world.handle(event).getStatusCode()).isEqualTo(204);
        assertThat(world.handle(event).getStatusCode()).isEqualTo(204);

        assertThat(counts(Seed.ALICE)).containsExactly(2L, 0L);
        assertThat(counts(Seed.BOB)).containsExactly(0L, 1L);
    }

    @ParameterizedTest
    @Event(value = "events/social/put-following-self.json", type = APIGatewayV2HTTPEvent.class)
    void refusesToFollowYourselfWhateverTheCase(APIGatewayV2HTTPEvent event) {
        assertThat(event.getPathParameters()).containsEntry("username", "Alice");

        assertThat(world.handle(event).getStatusCode()).isEqualTo(400);
        assertThat(counts(Seed.ALICE)).containsExactly(2L, 1L);
    }

    @ParameterizedTest
    @Event(value = "events/social/delete-following-self.json", type = APIGatewayV2HTTPEvent.class)
    void unfollowingYourselfChangesNothing(APIGatewayV2HTTPEvent event) {
        var before = counts(Seed.ALICE);

        assertThat(world.handle(event).getStatusCode()).as("nobody follows themselves: nothing to undo")
                .isEqualTo(204);
        assertThat(counts(Seed.ALICE)).isEqualTo(before);
    }

    @ParameterizedTest
    @Event(value = "events/social/get-user-followers.json", type = APIGatewayV2HTTPEvent.class)
    void listsFollowersNewestFirstAsUsers(APIGatewayV2HTTPEvent event) {
        var page = ok(world.handle(event), 200);

        assertThat(itemIds(page)).containsExactly(Seed.CAROL, Seed.BOB);
        assertUser(page.get("items").get(0), Seed.CAROL, "carol");
        assertUser(page.get("items").get(1), Seed.BOB, "bob");
        assertThat(next(page)).isNull();
    }

    @ParameterizedTest
    @Event(value = "events/social/get-user-following.json", type = APIGatewayV2HTTPEvent.class)
    void listsWhomAUserFollows(APIGatewayV2HTTPEvent event) {
        var page = ok(world.handle(event), 200);

        assertThat(itemIds(page)).containsExactly(Seed.BOB);
        assertUser(page.get("items").get(0), Seed.BOB, "bob");
        assertThat(next(page)).isNull();
    }

    @ParameterizedTest
    @Event(value = "events/social/put-following.json", type = APIGatewayV2HTTPEvent.class)
    void showsANewFollowInBothLists(APIGatewayV2HTTPEvent event) {
        world.handle(event);

        var followers = Samples.http("get-user-followers");
        followers.getPathParameters().put("username", "carol");
        assertThat(itemIds(ok(world.handle(followers), 200))).containsExactly(Seed.ALICE);
        var following = Samples.http("get-user-following");
        assertThat(itemIds(ok(world.handle(following), 200))).containsExactlyInAnyOrder(Seed.BOB, Seed.CAROL);
    }
}
