package com.scaleout.local.logs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The credential scan finds what leaks look like and passes the run's ordinary lines (it read a full run clean). */
class SecretScanTest {
    @TempDir
    Path dir;

    private List<String> rulesFound(String line) throws Exception {
        Path log = Files.writeString(dir.resolve("run.log"), "INFO: before\n" + line + "\nINFO: after\n");
        return SecretScan.scan(log).stream().map(SecretScan.Finding::rule).toList();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "WARNING: request failed: Authorization: Bearer Zm9vYmFyYmF6cXV4cXV1eDEyMzQ1Njc4OTA",
        "INFO: pushing with kH3sd9_Lq0Zr-Tx1.u8JnQw4Zr1yPp0cT5mW2vA7xK9bH3dF6gS0lQe8rYt1",
        "DEBUG: body {\"username\":\"ann\",\"password\":\"hunter22-hunter\"}",
        "DEBUG: session {\"token\":\"abcdefghij\",\"expiresAt\":\"2026-12-30T00:00:00Z\"}",
        "INFO: GET /v2/client/42/authenticate?apikey=kH3sd9_Lq0Zr-Tx1.abc",
        "INFO: stored $2a$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy",
        "FINE: registering with password-alice_42",
        "FINE: logging in with seeded-password",
        "INFO: X-Admin-Key it-admin-key",
        "INFO: checking local-admin-key in a request",
        // JSON log lines: a logged JSON body's quotes are escaped inside the message
        "{\"level\":\"DEBUG\",\"message\":\"body {\\\"username\\\":\\\"ann\\\",\\\"password\\\":\\\"hunter22-hunter\\\"}\"}",
        "{\"level\":\"DEBUG\",\"message\":\"session {\\\"token\\\": \\\"abcdefghij\\\"}\",\"functionName\":\"SocialAccounts\"}",
        "{\"level\":\"WARN\",\"message\":\"failed\",\"exception\":\"java.lang.IllegalStateException: Bearer Zm9vYmFyYmF6cXV4cXV1eDEyMzQ1Njc4OTA\\n\\tat com.scaleout.X.y(X.java:1)\"}"})
    void findsWhatALeakLooksLike(String line) throws Exception {
        assertThat(rulesFound(line)).isNotEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "\tat com.scaleout.functions.social.http.HybridFanoutTest.theMergedAuthorsTweetsStillShowWithTheCacheDown(HybridFanoutTest.java:84)",
        "INFO: REPORT RequestId: c857e508-8c0c-4472-9388-ba055a0df2c1 Function: SocialTweets Duration: 113.25 ms",
        "INFO: tweet 01KB2ZK3Q8M4V6W7X9Y0Z1A2B3 by 01KB2ZK3Q8M4V6W7X9Y0Z1A2B4",
        "INFO: record 3f2a9c0d1e4b5a6978c0d1e2f3a4b5c6d7e8f90123456789abcdef0123456789",
        "WARNING: request 7iP0PToEMEHDNfaE: SocialAuthorizer: rate exceeded (10 concurrent executions)",
        "  Admin key local-admin-key   (X-Admin-Key; SCALEOUT_ADMIN_KEY sets it)",
        "  Admin key from SCALEOUT_ADMIN_KEY   (X-Admin-Key; SCALEOUT_ADMIN_KEY sets it)",
        "INFO: POST /sessions 401 {\"message\":\"Invalid username or password\"}",
        "{\"timestamp\":\"2026-12-03T13:00:00.000Z\",\"level\":\"ERROR\",\"logger\":\"com.scaleout.functions.shared.http.ApiHandler\",\"message\":\"POST /tweets failed\",\"exception\":\"java.lang.IllegalStateException: boom\\n\\tat com.scaleout.functions.social.http.HybridFanoutTest.theMergedAuthorsTweetsStillShowWithTheCacheDown(HybridFanoutTest.java:84)\\n\",\"coldStart\":\"false\",\"functionName\":\"SocialTweets\",\"lambdaRequestId\":\"c857e508-8c0c-4472-9388-ba055a0df2c1\",\"apiRequestId\":\"7iP0PToEMEHDNfaE\",\"route\":\"POST /tweets\"}",
        "{\"level\":\"INFO\",\"message\":\"POST /sessions 401 {\\\"message\\\":\\\"Invalid username or password\\\"}\"}"})
    void passesOrdinaryLines(String line) throws Exception {
        assertThat(rulesFound(line)).isEmpty();
    }

    @Test
    void aFindingNamesFileLineAndRuleButNotTheSecret() throws Exception {
        Path log = Files.writeString(dir.resolve("run.log"), "ok\nBearer Zm9vYmFyYmF6cXV4cXV1eDEyMzQ1Njc4OTA\n");

        var finding = SecretScan.scan(log).getFirst();

        assertThat(finding.toString()).isEqualTo(log + ":2: bearer token").doesNotContain("Zm9v");
    }
}
