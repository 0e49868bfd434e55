package com.scaleout.functions.social.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scaleout.functions.shared.failure.InvalidInputException;
import com.scaleout.functions.shared.paging.Cursors;
import com.scaleout.functions.social.domain.TimelinePaging;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The home timeline's cursor: what a page answers reads back; anything else is the caller's 400. */
class TimelineCursorsTest {
    private static final String BEFORE = "01M8MRGYS0000000000000000A";
    private static final String SHOWN = "01M8MRGYS00000000000000009";

    private static String base64(String json) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aPositionReadsBackAsItWasWritten() {
        var position = new TimelinePaging.Position(Optional.of(BEFORE), List.of(SHOWN));

        assertThat(TimelineCursors.decode(TimelineCursors.encode(position))).isEqualTo(position);
    }

    @Test
    void aCursorOfTheSharedShapeFromBeforeStillReads() {
        assertThat(TimelineCursors.decode(Cursors.encode(BEFORE)))
                .isEqualTo(new TimelinePaging.Position(Optional.of(BEFORE), List.of()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"{}", "{\"b\":\"nope\"}", "{\"b\":\"" + BEFORE + "\",\"t\":\"" + SHOWN + "\"}",
            "{\"b\":\"" + BEFORE + "\",\"t\":[\"nope\"]}", "{\"b\":\"" + BEFORE + "\",\"t\":[1]}", "[]", "null"})
    void anythingElseIsAnInvalidCursor(String json) {
        assertThatThrownBy(() -> TimelineCursors.decode(base64(json))).isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> TimelineCursors.decode("%%" + json)).isInstanceOf(InvalidInputException.class);
    }

    @Test
    void moreShownTweetsThanAPositionCarriesIsAnInvalidCursor() {
        String ids = String.join(",", Collections.nCopies(TimelinePaging.MAX_CARRIED + 1, "\"" + SHOWN + "\""));

        assertThatThrownBy(() -> TimelineCursors.decode(base64("{\"b\":\"" + BEFORE + "\",\"t\":[" + ids + "]}")))
                .isInstanceOf(InvalidInputException.class);
    }
}
