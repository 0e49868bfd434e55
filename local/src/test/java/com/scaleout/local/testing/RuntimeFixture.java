package com.scaleout.local.testing;

import com.scaleout.declaration.Declaration;
import com.scaleout.local.LocalConfig;
import com.scaleout.local.LocalRuntime;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.UnaryOperator;

/** Starts a {@link LocalRuntime} on a free port over the shared, freshly emptied backends. */
public final class RuntimeFixture implements AutoCloseable {
    private final LocalRuntime runtime;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final Path dataDir;
    /** Whether the declaration is the documented API, whose every exchange is checked against the contract. */
    private final boolean contractChecked;

    private RuntimeFixture(LocalRuntime runtime, Path dataDir, boolean contractChecked) {
        this.runtime = runtime;
        this.dataDir = dataDir;
        this.contractChecked = contractChecked;
    }

    public static RuntimeFixture start(Declaration declaration) throws Exception {
        return start(declaration, SharedBackends.get().redisUrl());
    }

    /** Over the shared, freshly emptied backends, configured as the environment says and then {@code change} says. */
    public static RuntimeFixture start(Declaration declaration, UnaryOperator<LocalConfig> change) throws Exception {
        return start(declaration, SharedBackends.get().redisUrl(), change);
    }

    /** Over the shared, freshly emptied moto_server, with a Redis of the test's own (one it may stop). */
    public static RuntimeFixture start(Declaration declaration, String redisUrl) throws Exception {
        return start(declaration, redisUrl, UnaryOperator.identity());
    }

    public static RuntimeFixture start(Declaration declaration, String redisUrl, UnaryOperator<LocalConfig> change)
            throws Exception {
        SharedBackends.reset();
        var backends = SharedBackends.get();
        Path dataDir = Files.createTempDirectory(Files.createDirectories(SharedBackends.dataDir()), "runtime-");
        var config = LocalConfig.fromEnvironment().withPort(0)
                .withBackends(backends.dynamoDbEndpoint().toString(), redisUrl)
                .withDataDir(dataDir);
        return new RuntimeFixture(LocalRuntime.start(declaration, change.apply(config)), dataDir,
                OpenApiConformance.contract().documentsEveryRouteOf(declaration));
    }

    public LocalRuntime runtime() {
        return runtime;
    }

    public Path dataDir() {
        return dataDir;
    }

    public URI uri(String pathAndQuery) {
        return URI.create(runtime.url() + pathAndQuery);
    }

    public HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return checked(request, HttpResponse.BodyHandlers.ofString());
    }

    public HttpResponse<byte[]> sendForBytes(HttpRequest.Builder request) throws IOException, InterruptedException {
        return checked(request, HttpResponse.BodyHandlers.ofByteArray());
    }

    private <T> HttpResponse<T> checked(HttpRequest.Builder builder, HttpResponse.BodyHandler<T> body)
            throws IOException, InterruptedException {
        HttpRequest request = builder.timeout(Duration.ofSeconds(30)).build();
        HttpResponse<T> response = http.send(request, body);
        if (contractChecked) {
            OpenApiConformance.contract().check(request, response);
        }
        return response;
    }

    public HttpResponse<String> get(String pathAndQuery) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(uri(pathAndQuery)).GET());
    }

    @Override
    public void close() {
        runtime.close();
    }
}
