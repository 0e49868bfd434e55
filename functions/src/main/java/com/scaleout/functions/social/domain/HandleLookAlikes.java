package com.scaleout.functions.social.domain;

import com.ibm.icu.text.SpoofChecker;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;

/**
 * The look-alike policy: a display name may not pass for another account's handle. The handles a name could pass
 * for are the name itself (a leading {@code @} dropped) and its confusable skeleton (Unicode TR39, ICU's
 * {@link SpoofChecker}), which maps look-alikes from other scripts to the Latin letters they imitate
 * ({@code аlice} with a Cyrillic а is {@code alice}); a handle among them that names an account confusable with
 * the name (the same skeleton) is refused, unless it is the caller's own. Handles that differ by a confusable
 * digit ({@code bob1} and {@code bobl}) are caught only when the name is one of them exactly: finding every
 * account whose skeleton matches would take an index of skeletons, which the users table does not have.
 */
public final class HandleLookAlikes {
    /** Immutable once built, and thread-safe. */
    private static final SpoofChecker CONFUSABLES = new SpoofChecker.Builder().build();

    private HandleLookAlikes() {
    }

    /** The handles {@code displayName} could pass for, valid usernames only. */
    public static Set<String> candidates(String displayName) {
        String name = asHandle(displayName);
        var candidates = new LinkedHashSet<String>();
        for (String candidate : new String[] {name, skeleton(name.toLowerCase(Locale.ROOT)),
                skeleton(name).toLowerCase(Locale.ROOT)}) {
            if (Usernames.isValid(candidate)) {
                candidates.add(Usernames.normalize(candidate));
            }
        }
        return candidates;
    }

    /** Whether {@code displayName} is confusable with the handle {@code username}. */
    public static boolean confusable(String displayName, String username) {
        String name = asHandle(displayName);
        String handle = Usernames.normalize(username);
        return name.equalsIgnoreCase(username)
                || skeleton(name.toLowerCase(Locale.ROOT)).equals(skeleton(handle))
                || skeleton(name).toLowerCase(Locale.ROOT).equals(skeleton(handle));
    }

    /** The name as a handle would be written: trimmed, a leading {@code @} dropped. */
    private static String asHandle(String displayName) {
        String name = displayName.strip();
        return name.startsWith("@") ? name.substring(1).strip() : name;
    }

    private static String skeleton(String text) {
        return CONFUSABLES.getSkeleton(text);
    }
}
