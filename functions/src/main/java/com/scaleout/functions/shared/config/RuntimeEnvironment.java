package com.scaleout.functions.shared.config;

import com.scaleout.declaration.Setting;
import com.scaleout.declaration.Settings;
import java.util.Optional;

/**
 * Configuration the way a function sees it: the declared {@link Settings}, never a name of its own. In Lambda that
 * is the process environment. The local runtime runs every function in one JVM and learns its endpoints (free
 * ports) only after start-up, so a JVM system property of the same name takes precedence.
 */
public final class RuntimeEnvironment {

    private RuntimeEnvironment() {
    }

    /** The setting's value, or its declared default when it is unset (or blank). */
    public static Optional<String> variable(Setting setting) {
        return given(setting).or(setting::defaultValue);
    }

    /** A count: its value or default, which must be a number. */
    public static int integer(Setting setting) {
        return Integer.parseInt(variable(setting).orElseThrow(
                () -> new IllegalStateException(setting.name() + " is unset and has no default")));
    }

    /** Whether the process environment itself (not a system property) holds the setting. */
    public static boolean inProcessEnvironment(Setting setting) {
        return System.getenv(setting.name()) != null;
    }

    public static String region() {
        return variable(Settings.AWS_REGION).orElseThrow();
    }

    /** The setting's value when it is given (not blank), ignoring its default. */
    public static Optional<String> given(Setting setting) {
        String value = System.getProperty(setting.name());
        if (value == null || value.isBlank()) {
            value = System.getenv(setting.name());
        }
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(value);
    }
}
