package com.scaleout.admin.seed;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

class FolloweePickerTest {
    private final FolloweePicker picker = new FolloweePicker(new Random(7));

    @Test
    void picksDistinctAccountsOtherThanItself() {
        for (long self = 0; self < 200; self++) {
            var picked = picker.pick(self, 200, 20);
            assertThat(picked).hasSize(20).doesNotContain(self).allMatch(i -> i >= 0 && i < 200);
        }
    }

    @Test
    void aSmallPopulationGivesEveryoneElse() {
        assertThat(picker.pick(2, 4, 10)).containsExactlyInAnyOrder(0L, 1L, 3L);
        assertThat(picker.pick(0, 1, 10)).isEmpty();
    }

    @Test
    void aFewAccountsGetVeryManyFollowersAndMostGetFew() {
        int population = 10_000;
        var followers = new int[population];
        for (long self = 0; self < population; self++) {
            picker.pick(self, population, 10).forEach(i -> followers[(int) (long) i]++);
        }
        var sorted = java.util.Arrays.stream(followers).sorted().toArray();
        int median = sorted[population / 2];
        // the class comment's figures: the first account ~4,600 followers, the median ~5
        assertThat(followers[0]).isBetween(3_500, 6_000);
        assertThat(median).isBetween(2, 10);
        assertThat(followers[99]).isGreaterThan(10 * median);
    }
}
