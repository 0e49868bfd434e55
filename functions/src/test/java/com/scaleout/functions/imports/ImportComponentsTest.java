package com.scaleout.functions.imports;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The import function's HTTP keep-alive pool is sized for its writers, unless the environment chose. */
class ImportComponentsTest {
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
    void keepsAnIdleConnectionForEveryWriterAndSomeToSpare() {
        ImportComponents.keepAliveConnections(32);

        assertThat(System.getProperty("http.maxConnections")).isEqualTo("40");
    }

    @Test
    void leavesAChoiceOfTheEnvironmentAlone() {
        System.setProperty("http.maxConnections", "7");

        ImportComponents.keepAliveConnections(32);

        assertThat(System.getProperty("http.maxConnections")).isEqualTo("7");
    }
}
