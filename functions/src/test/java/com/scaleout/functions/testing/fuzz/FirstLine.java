package com.scaleout.functions.testing.fuzz;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A fuzz input of two parts, the first line (text, e.g. a content type) and the rest (bytes as they are): seeds
 * stay readable, and a mutation lands on one part or the other.
 */
public record FirstLine(String line, byte[] rest) {

    public static FirstLine of(byte[] input) {
        int end = 0;
        while (end < input.length && input[end] != '\n') {
            end++;
        }
        return new FirstLine(new String(input, 0, end, StandardCharsets.UTF_8),
                Arrays.copyOfRange(input, Math.min(end + 1, input.length), input.length));
    }

    public String restAsText() {
        return new String(rest, StandardCharsets.UTF_8);
    }
}
