package com.scaleout.functions.shared.text;

/** What every text a client sends must be: Unicode, which a Java string holding a lone surrogate is not. */
public final class Unicode {
    private Unicode() {
    }

    /**
     * Whether every surrogate is paired. A lone one (half an emoji, cut by a client, or sent as a JSON escape such
     * as {@code "\ud83d"}) is not Unicode: UTF-8 has no form for it, and encoders replace it with '?', which would
     * change the data or make two different texts one (two passwords, two keys).
     */
    public static boolean isWellFormed(CharSequence text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return false;
            }
        }
        return true;
    }
}
