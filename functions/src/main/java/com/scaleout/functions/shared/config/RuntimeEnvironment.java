package com.scaleout.functions.shared.config;

import java.util.Optional;

/**
 * Configuration the way a function sees it. In Lambda that is the process environment. The local runtime runs
 * every function in one JVM and learns its endpoints (free ports) only after start-up, so a JVM system property
 * of the same name takes precedence.
 */
public final class RuntimeEnvironment {
    public static final String AWS_REGION = "AWS_REGION";
    public static final String DYNAMODB_ENDPOINT = "DYNAMODB_ENDPOINT";
    public static final String REDIS_URL = "REDIS_URL";

    private RuntimeEnvironment() {
    }

    public static Optional<String> variable(String name) {
        String value = System.getProperty(name);
        if (value == null || value.isBlank()) {
            value = System.getenv(name);
        }
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(value);
    }

    public static String region() {
        return variable(AWS_REGION).orElse("us-east-1");
    }
}
