package com.scaleout.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;

/** The repository's {@code scaleout} script, read by the tests that check what it does or enforces. */
final class ScaleoutScript {
    private ScaleoutScript() {
    }

    static String text() {
        try {
            return Files.readString(Markdown.ROOT.resolve("scaleout"), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A function's whole definition, {@code name() {} to the closing brace at a line's start and its newline. */
    static String function(String name) {
        String script = text();
        int start = script.indexOf("\n" + name + "() {");
        assertThat(start).as("./scaleout defines " + name + "()").isNotNegative();
        return script.substring(start + 1, script.indexOf("\n}\n", start) + 3);
    }
}
