package com.scaleout.functions.shared.aws;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The HTTP keep-alive pool is sized for a function's concurrent calls, unless the environment chose. */
class KeepAliveConnectionsTest {
    private String before;

    @BeforeEach
    void remember() {
        before = System.getProperty("http.maxConnections");
        System.clearProperty("http.maxConnections");
    }

    @AfterEach
    void restore() {
        if (before == null) {
            System.clearProperty("http.maxConnections");
        } else {
            System.setProperty("http.maxConnections", before);
        }
    }

    @Test
    void keepsAnIdleConnectionForEveryConcurrentCallAndSomeToSpare() {
        AwsClients.keepAliveConnections(32);

        assertThat(System.getProperty("http.maxConnections")).isEqualTo("40");
    }

    @Test
    void leavesAChoiceOfTheEnvironmentAlone() {
        System.setProperty("http.maxConnections", "7");

        AwsClients.keepAliveConnections(32);

        assertThat(System.getProperty("http.maxConnections")).isEqualTo("7");
    }
}
