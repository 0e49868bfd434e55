package com.scaleout.local.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Which file a request path names under the web client's directory, and that nothing outside it is reachable. */
class StaticFilesTest {
    @TempDir
    Path dir;
    private StaticFiles files;

    @BeforeEach
    void layout() throws Exception {
        Files.writeString(dir.resolve("secret.txt"), "outside");
        Path dist = Files.createDirectories(dir.resolve("dist"));
        Files.writeString(dist.resolve("index.html"), "<!doctype html>");
        Files.createDirectories(dist.resolve("assets"));
        Files.writeString(dist.resolve("assets/index-abc.js"), "console.log(1)");
        Files.writeString(dist.resolve("assets/index-abc.css"), "body{}");
        Files.writeString(dist.resolve("assets/a b+c.svg"), "<svg/>");
        Files.writeString(dist.resolve("robots"), "x");
        Files.createDirectories(dist.resolve("empty"));
        files = StaticFiles.at(dist).orElseThrow();
    }

    @Test
    void theRootIsIndexHtml() throws Exception {
        var index = files.resolve("/").orElseThrow();
        assertThat(index.contentType()).isEqualTo("text/html; charset=utf-8");
        assertThat(new String(index.read(), StandardCharsets.UTF_8)).isEqualTo("<!doctype html>");
        assertThat(index.cacheControl()).isEqualTo("no-cache");
        assertThat(files.resolve("/index.html")).contains(index);
    }

    @Test
    void assetsHaveTheirContentTypeAndAreImmutable() {
        var js = files.resolve("/assets/index-abc.js").orElseThrow();
        assertThat(js.contentType()).isEqualTo("text/javascript; charset=utf-8");
        assertThat(js.cacheControl()).contains("immutable");
        assertThat(files.resolve("/assets/index-abc.css").orElseThrow().contentType())
                .isEqualTo("text/css; charset=utf-8");
        assertThat(files.resolve("/assets/a%20b+c.svg").orElseThrow().contentType()).isEqualTo("image/svg+xml");
        assertThat(files.resolve("/robots").orElseThrow().contentType()).isEqualTo("application/octet-stream");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/missing.js", "/assets/", "/assets", "/empty/", "/assets//index-abc.js", "/%zz",
        "relative", "/assets/index-abc.js%00", ""})
    void nothingForAMissingFileOrAMalformedPath(String rawPath) {
        assertThat(files.resolve(rawPath)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"/../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E%2Fsecret.txt", "/assets/../../secret.txt",
        "/assets/%2e%2e/%2e%2e/secret.txt", "/..%5csecret.txt", "/assets\\..\\..\\secret.txt", "/./index.html",
        "/assets/./index-abc.js", "/%2fetc/passwd", "//etc/passwd"})
    void noPathLeavesTheDirectory(String rawPath) {
        assertThat(files.resolve(rawPath)).isEmpty();
    }

    @Test
    void aSymbolicLinkOutOfTheDirectoryIsNotFollowed() throws Exception {
        Files.createSymbolicLink(files.root().resolve("link.txt"), dir.resolve("secret.txt"));
        Files.createSymbolicLink(files.root().resolve("out"), dir);
        assertThat(files.resolve("/link.txt")).isEmpty();
        assertThat(files.resolve("/out/secret.txt")).isEmpty();
    }

    @Test
    void noFilesWithoutTheDirectory() {
        assertThat(StaticFiles.at(dir.resolve("absent"))).isEmpty();
        assertThat(StaticFiles.at(dir.resolve("secret.txt"))).isEmpty();
    }
}
