package com.scaleout.local.websocket;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class LiveConnectionTest {

    @Test
    void aMessageIsCutIntoFramesOfAtMostTheLimitInUtf8NeverInsideACharacter() {
        String text = "a" + "é".repeat(5) + "😀".repeat(3); // 1 + 10 + 12 bytes

        var frames = LiveConnection.frames(text, 4);

        assertThat(String.join("", frames)).isEqualTo(text);
        assertThat(frames).allSatisfy(frame -> assertThat(frame.getBytes(StandardCharsets.UTF_8).length)
                .isBetween(1, 4));
        assertThat(frames).contains("😀");
        assertThat(LiveConnection.frames("short", 32 * 1024)).containsExactly("short");
        assertThat(LiveConnection.frames("", 4)).containsExactly("");
    }
}
