package com.scaleout.local.admin;

import com.scaleout.functions.shared.config.RuntimeEnvironment;
import com.scaleout.local.LocalSettings;
import com.scaleout.local.StackUrlFile;
import java.util.Optional;

/**
 * The stack an admin command talks to without {@code --url}: the one {@code ./scaleout up} says it runs (its
 * {@link StackUrlFile}), else the local runtime on {@code PORT}, else on 3000. Every admin command finds it this one
 * way.
 */
final class DefaultStack {
    private DefaultStack() {
    }

    static String url(Optional<String> writtenByUp, String port) {
        return writtenByUp.orElseGet(() -> "http://127.0.0.1:" + port);
    }

    static String fromEnvironment() {
        return url(StackUrlFile.fromEnvironment().read(), RuntimeEnvironment.variable(LocalSettings.PORT).orElseThrow());
    }
}
