package com.scaleout.functions.shared.ids;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class IdsTest {

    @Test
    void makesUlidsThatSortInCreationOrder() {
        var ids = new ArrayList<String>();
        for (int i = 0; i < 1000; i++) {
            ids.add(Ids.newId()); // many within one millisecond: monotonic, not random, within it
        }

        assertThat(ids).allSatisfy(id -> assertThat(Ids.isId(id)).as(id).isTrue());
        assertThat(ids).isSorted().doesNotHaveDuplicates();
    }

    @ParameterizedTest
    @ValueSource(strings = {"01M6B5CJM0A11CE00000000000", "00000000000000000000000000", "7ZZZZZZZZZZZZZZZZZZZZZZZZZ"})
    void acceptsUlids(String id) {
        assertThat(Ids.isId(id)).isTrue();
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {"01m6b5cjm0a11ce00000000000", "01M6B5CJM0A11CE0000000000", "01M6B5CJM0A11CE000000000000",
            "01M6B5CJM0A11CE0000000000I", "01M6B5CJM0A11CE0000000000L", "01M6B5CJM0A11CE0000000000O",
            "01M6B5CJM0A11CE0000000000U", "01M6B5CJM0A11CE00000000-00", "not-a-tweet-id"})
    void refusesWhatIsNotAnUppercaseUlid(String id) {
        assertThat(Ids.isId(id)).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"8ZZZZZZZZZZZZZZZZZZZZZZZZZ", "ZZZZZZZZZZZZZZZZZZZZZZZZZZ"})
    void refusesUlidsPastTheLargestOne(String id) {
        assertThat(Ids.isId(id)).isFalse();
    }
}
