package com.scaleout.local.iam;

/**
 * IAM's wildcard match: {@code *} is any run of characters (across {@code /} and {@code :} too), {@code ?} any one
 * character. Greedy with one back-tracking point, so a match takes time linear in the pattern times the text at
 * worst, never the exponential back-tracking a regular expression built from a policy could take.
 */
final class Wildcard {
    private Wildcard() {
    }

    static boolean matches(String pattern, String text, boolean ignoreCase) {
        int p = 0;
        int t = 0;
        int starAt = -1;
        int resumeAt = 0;
        while (t < text.length()) {
            if (p < pattern.length() && pattern.charAt(p) == '*') {
                starAt = p++;
                resumeAt = t;
            } else if (p < pattern.length()
                    && (pattern.charAt(p) == '?' || same(pattern.charAt(p), text.charAt(t), ignoreCase))) {
                p++;
                t++;
            } else if (starAt >= 0) {
                p = starAt + 1;
                t = ++resumeAt;
            } else {
                return false;
            }
        }
        while (p < pattern.length() && pattern.charAt(p) == '*') {
            p++;
        }
        return p == pattern.length();
    }

    private static boolean same(char a, char b, boolean ignoreCase) {
        return a == b || ignoreCase && Character.toLowerCase(a) == Character.toLowerCase(b);
    }
}
