package com.scaleout.local.admin;

import java.net.URI;
import java.util.Locale;
import java.util.Set;

/** Whether a stack's URL is this machine's (a local runtime), where a reset destroys nothing anyone else uses. */
final class LocalUrl {
    private static final Set<String> LOCAL_HOSTS = Set.of("127.0.0.1", "localhost", "[::1]", "::1");

    private LocalUrl() {
    }

    static boolean isLocal(String url) {
        try {
            String host = URI.create(url).getHost();
            return host != null && LOCAL_HOSTS.contains(host.toLowerCase(Locale.ROOT));
        } catch (IllegalArgumentException notAUrl) {
            return false;
        }
    }
}
