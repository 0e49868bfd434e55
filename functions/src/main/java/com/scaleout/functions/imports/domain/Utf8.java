package com.scaleout.functions.imports.domain;

/** Sizes of text as stored (UTF-8), counted without encoding it. */
public final class Utf8 {
    private Utf8() {
    }

    public static long length(CharSequence text) {
        long bytes = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                bytes += 1;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < text.length()
                    && Character.isLowSurrogate(text.charAt(i + 1))) {
                bytes += 4; // a supplementary code point: two chars, four bytes
                i++;
            } else {
                bytes += 3; // a lone surrogate is counted as 3 too: an upper bound, which is what limits need
            }
        }
        return bytes;
    }
}
