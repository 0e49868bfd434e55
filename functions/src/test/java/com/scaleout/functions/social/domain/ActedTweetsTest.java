package com.scaleout.functions.social.domain;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.functions.shared.ids.Ids;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What a bounded copy of a user's acts can say of a tweet: a kept id, none, or unknown below its floor. */
class ActedTweetsTest {
    private static final Instant FLOOR_AT = Instant.parse("2026-12-01T12:00:00Z");
    private static final String FLOOR = Ids.idAt(FLOOR_AT);

    private static String tweetAt(Duration afterFloor) {
        return Ids.idAt(FLOOR_AT.plus(afterFloor));
    }

    @Test
    void aCompleteCopySaysYesForAKeptIdAndNoForAnyOther() {
        String kept = tweetAt(Duration.ofDays(-30));
        var complete = ActedTweets.complete(Set.of(kept));

        assertThat(complete.actedOn(kept)).contains(true);
        assertThat(complete.actedOn(tweetAt(Duration.ofDays(-60)))).contains(false);
    }

    @Test
    void aPartialCopyKnowsTweetsPostedAfterItsFloorAndNotThoseBefore() {
        String keptOld = tweetAt(Duration.ofDays(-30));
        var partial = new ActedTweets(Set.of(keptOld), Optional.of(FLOOR));

        assertThat(partial.actedOn(keptOld)).as("kept, whatever its age").contains(true);
        assertThat(partial.actedOn(tweetAt(Duration.ofHours(1)))).as("posted after the floor: an act would be kept")
                .contains(false);
        assertThat(partial.actedOn(tweetAt(Duration.ofDays(-1)))).as("posted before: its act may be below the floor")
                .isEmpty();
        assertThat(partial.actedOn(tweetAt(Duration.ofSeconds(30))))
                .as("within the clocks' skew of the floor: not trusted").isEmpty();
    }
}
