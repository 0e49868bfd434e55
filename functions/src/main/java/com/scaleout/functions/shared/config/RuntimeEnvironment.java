package com.scaleout.functions.shared.config;

import com.scaleout.declaration.Setting;
import com.scaleout.declaration.Settings;
import java.util.Map;
import java.util.Optional;

/**
 * Configuration the way a function sees it: the declared {@link Settings}, never a name of its own. In Lambda that
 * is the process environment. The local runtime gives each execution environment its own copy of this class (its
 * own class loader) and hands it that environment's variables through {@link #useOnly(Map)}; a function run on the
 * runtime's own class loader (test declarations) reads JVM system properties first, then the process environment.
 */
public final class RuntimeEnvironment {
    /** This execution environment's variables, when the local runtime gave them; null: the process's. */
    private static volatile Map<String, String> environmentVariables;

    private RuntimeEnvironment() {
    }

    /**
     * The local runtime's hook, called reflectively on an execution environment's own copy of this class before its
     * handler is loaded: from then on its code sees exactly {@code variables}, as a Lambda function sees exactly
     * its process environment (a variable missing there is missing here, whatever the runtime's JVM holds).
     */
    public static void useOnly(Map<String, String> variables) {
        environmentVariables = Map.copyOf(variables);
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

    /** Whether the environment itself (not a system property) holds the setting. */
    public static boolean inProcessEnvironment(Setting setting) {
        return processVariable(setting.name()) != null;
    }

    public static String region() {
        return variable(Settings.AWS_REGION).orElseThrow();
    }

    /** The setting's value when it is given (not blank), ignoring its default. */
    public static Optional<String> given(Setting setting) {
        String value = environmentVariables == null ? System.getProperty(setting.name()) : null;
        if (value == null || value.isBlank()) {
            value = processVariable(setting.name());
        }
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(value);
    }

    private static String processVariable(String name) {
        Map<String, String> own = environmentVariables;
        return own != null ? own.get(name) : System.getenv(name);
    }
}
