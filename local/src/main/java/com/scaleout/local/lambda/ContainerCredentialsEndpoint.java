package com.scaleout.local.lambda;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;

/**
 * The local twin of the endpoint a SnapStart function's credentials come from in Lambda: answers a GET with the JSON
 * the SDK's {@code ContainerCredentialsProvider} reads (AccessKeyId, SecretAccessKey, Token, Expiration), and only
 * to the authorization token the function's environment was given. The credentials are fixed local ones (moto_server
 * accepts any); which function calls is known to the runtime by its class loader, not by its credentials.
 */
public final class ContainerCredentialsEndpoint implements AutoCloseable {
    /** The JVM-wide settings the SDK's container provider reads (SdkSystemSetting), before the environment. */
    static final String SDK_FULL_URI_PROPERTY = "aws.containerCredentialsFullUri";
    static final String SDK_TOKEN_PROPERTY = "aws.containerAuthorizationToken";
    static final String PATH = "/2021-04-23/credentials";
    /** Lambda's are valid for hours; the SDK refreshes some minutes before the expiry it is told. */
    private static final Duration VALIDITY = Duration.ofHours(6);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final SecureRandom RANDOM = new SecureRandom();

    private final HttpServer server;
    private final String token;
    private final Clock clock;

    private ContainerCredentialsEndpoint(HttpServer server, String token, Clock clock) {
        this.server = server;
        this.token = token;
        this.clock = clock;
    }

    /** On a free loopback port, with a fresh random token. */
    public static ContainerCredentialsEndpoint start(Clock clock) {
        byte[] secret = new byte[24];
        RANDOM.nextBytes(secret);
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            var endpoint = new ContainerCredentialsEndpoint(server, HexFormat.of().formatHex(secret), clock);
            server.createContext(PATH, endpoint::answer);
            server.start();
            return endpoint;
        } catch (IOException e) {
            throw new UncheckedIOException("could not start the container credentials endpoint", e);
        }
    }

    public URI uri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + PATH);
    }

    public String authorizationToken() {
        return token;
    }

    public String accessKeyId() {
        return "ASIALOCALLAMBDA";
    }

    public String secretAccessKey() {
        return "local";
    }

    public String sessionToken() {
        return "local-session";
    }

    /**
     * The SDK is shared by every environment of the local runtime and reads the endpoint and its token JVM-wide
     * only (in Lambda, one process is one environment, so that is its environment): set them for the whole JVM.
     * Every environment is given the same URI and token through its own variables.
     */
    public void publishToSdk() {
        System.setProperty(SDK_FULL_URI_PROPERTY, uri().toString());
        System.setProperty(SDK_TOKEN_PROPERTY, token);
    }

    private void answer(HttpExchange exchange) throws IOException {
        try (exchange) {
            boolean authorized = "GET".equals(exchange.getRequestMethod())
                    && token.equals(exchange.getRequestHeaders().getFirst("Authorization"));
            Map<String, String> body = authorized
                    ? Map.of("AccessKeyId", accessKeyId(), "SecretAccessKey", secretAccessKey(),
                            "Token", sessionToken(), "Expiration", clock.instant().plus(VALIDITY).toString())
                    : Map.of("message", "missing or wrong Authorization token");
            byte[] bytes = JSON.writeValueAsBytes(body);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(authorized ? 200 : 403, bytes.length);
            exchange.getResponseBody().write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
