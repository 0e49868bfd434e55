package com.scaleout.local.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.local.LocalConfig;
import com.scaleout.local.LocalRuntime;
import com.scaleout.local.testing.SharedBackends;
import com.scaleout.local.testing.TestDeclaration;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The web client's files through the local runtime: served at / for GETs that match no route; routes win. */
class StaticFilesIT {
    private static LocalRuntime runtime;
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    @BeforeAll
    static void start() throws Exception {
        SharedBackends.reset();
        var backends = SharedBackends.get();
        Path root = Files.createTempDirectory("static-it");
        Files.writeString(root.resolve("secret.txt"), "outside");
        Path web = Files.createDirectories(root.resolve("dist"));
        Files.writeString(web.resolve("index.html"), "<!doctype html><title>Scaleout</title>");
        Files.createDirectories(web.resolve("assets"));
        Files.writeString(web.resolve("assets/app-1.js"), "export {}");
        Files.createDirectories(web.resolve("echo"));
        Files.writeString(web.resolve("echo/x"), "a file shadowed by the route GET /echo/{id}");
        var config = LocalConfig.fromEnvironment().withPort(0)
                .withBackends(backends.dynamoDbEndpoint().toString(), backends.redisUrl())
                .withDataDir(Files.createTempDirectory("static-it-data"))
                .withWebDir(Optional.of(web));
        runtime = LocalRuntime.start(TestDeclaration.declaration(), config);
    }

    @AfterAll
    static void stop() {
        runtime.close();
    }

    private static HttpResponse<String> send(String method, String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(runtime.url() + path)).method(method,
                HttpRequest.BodyPublishers.noBody()).timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void theRootAnswersTheHtml() throws Exception {
        var response = send("GET", "/");
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("content-type")).contains("text/html; charset=utf-8");
        // the deployed site's policy, so the browser tests meet what CloudFront will send
        assertThat(response.headers().firstValue("content-security-policy")).hasValueSatisfying(policy ->
                assertThat(policy).contains("script-src 'self'").contains("connect-src 'self';"));
        assertThat(response.headers().firstValue("x-frame-options")).contains("DENY");
        assertThat(response.body()).startsWith("<!doctype html>");
    }

    @Test
    void assetsHaveTheirContentType() throws Exception {
        var response = send("GET", "/assets/app-1.js");
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("content-type")).contains("text/javascript; charset=utf-8");
        assertThat(response.body()).isEqualTo("export {}");
    }

    @Test
    void missingFilesAndTraversalAreRefused() throws Exception {
        assertThat(send("GET", "/nope.js").statusCode()).isEqualTo(404);
        // a target that climbs above the root is no target at all: the HTTP server's own 400, in the gateway's JSON
        var aboveTheRoot = send("GET", "/%2e%2e/secret.txt");
        assertThat(aboveTheRoot.statusCode()).isEqualTo(400);
        assertThat(aboveTheRoot.body()).isEqualTo("{\"message\":\"Bad Request\"}");
        assertThat(send("GET", "/assets/%2e%2e%2f%2e%2e%2fsecret.txt").statusCode()).isEqualTo(404);
        assertThat(send("POST", "/").statusCode()).isEqualTo(404);
    }

    @Test
    void apiRoutesWin() throws Exception {
        var echo = send("GET", "/echo/x");
        assertThat(echo.statusCode()).isEqualTo(200);
        assertThat(echo.body()).contains("\"routeKey\":\"GET /echo/{id}\"");
        var health = send("GET", "/health");
        assertThat(health.headers().firstValue("content-type").orElse("")).startsWith("application/json");
    }
}
