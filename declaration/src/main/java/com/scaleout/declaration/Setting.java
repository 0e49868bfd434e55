package com.scaleout.declaration;

import java.util.Objects;
import java.util.Optional;

/**
 * One environment variable that configures code: its name, the value that holds when it is unset, who sets it
 * and what it means. The function settings are catalogued in {@link Settings}; the local runtime declares its own
 * knobs beside it the same way.
 */
public record Setting(String name, Optional<String> defaultValue, Source source, String description) {

    /** Who gives the variable its value. */
    public enum Source {
        /** The CDK app and the local runtime, from the declaration: physical names, the stage, the cache. */
        DEPLOYMENT,
        /** Lambda's runtime, in AWS; the process environment locally. */
        LAMBDA,
        /** Only the local runtime (emulator endpoints, the local admin key); unset in AWS. */
        LOCAL,
        /** Nobody by default (the default holds); a test, a benchmark or an operator may set it. */
        TUNING,
        /** Read by the local runtime itself, never by a function. */
        LOCAL_RUNTIME
    }

    public Setting {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(defaultValue, "defaultValue");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(description, "description");
        if (!name.matches("[A-Z][A-Z0-9_]*")) {
            throw new IllegalArgumentException("a setting is an UPPER_SNAKE environment variable, was " + name);
        }
    }

    public static Setting of(String name, Source source, String description) {
        return new Setting(name, Optional.empty(), source, description);
    }

    public static Setting of(String name, String defaultValue, Source source, String description) {
        return new Setting(name, Optional.of(defaultValue), source, description);
    }

    /** The default as a number, for the settings that are counts. */
    public int defaultInt() {
        return Integer.parseInt(defaultValue.orElseThrow(() -> new IllegalStateException(name + " has no default")));
    }
}
