package com.scaleout.declaration;

import java.util.regex.Pattern;

/** Naming rules shared by every declared thing, and the environment variable names derived from them. */
public final class Names {
    private static final Pattern LOGICAL_NAME = Pattern.compile("[A-Z][A-Za-z0-9]{0,63}");

    private Names() {
    }

    /** Logical names are PascalCase so that CDK construct ids and environment variables derive from them. */
    static void requireLogicalName(String name, String what) {
        if (name == null || !LOGICAL_NAME.matcher(name).matches()) {
            throw new IllegalArgumentException(what + " name must be PascalCase [A-Z][A-Za-z0-9]*, was " + name);
        }
    }

    /** {@code ImportRecords} becomes {@code IMPORT_RECORDS}. */
    public static String upperSnake(String logicalName) {
        return logicalName.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toUpperCase(java.util.Locale.ROOT);
    }
}
