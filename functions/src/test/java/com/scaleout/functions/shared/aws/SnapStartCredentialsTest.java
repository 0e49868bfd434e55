package com.scaleout.functions.shared.aws;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.declaration.Settings;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;

/**
 * With SnapStart, Lambda's Java runtime sets no AWS_ACCESS_KEY_ID: a function's credentials come from the container
 * credentials endpoint (AWS_CONTAINER_CREDENTIALS_FULL_URI, with AWS_CONTAINER_AUTHORIZATION_TOKEN). A provider
 * that reads only the keys fails every call after deploy ("Unable to load credentials from system settings").
 */
class SnapStartCredentialsTest {
    private static final String TOKEN = "snapstart-test-token";
    /** What the function's environment shows, and the JVM-wide settings the SDK's container provider reads. */
    private static final Map<String, String> SNAPSTART_ENVIRONMENT = Map.of(
            Settings.AWS_CONTAINER_AUTHORIZATION_TOKEN.name(), TOKEN,
            "aws.containerAuthorizationToken", TOKEN);

    private final AtomicInteger authorizedRequests = new AtomicInteger();
    private HttpServer endpoint;

    @BeforeEach
    void startEndpoint() throws IOException {
        endpoint = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        endpoint.createContext("/credentials", exchange -> {
            boolean authorized = TOKEN.equals(exchange.getRequestHeaders().getFirst("Authorization"));
            byte[] body = (authorized ? """
                    {"AccessKeyId":"ASIASNAPSTART","SecretAccessKey":"secret","Token":"session",\
                    "Expiration":"%s"}""".formatted(Instant.now().plus(6, ChronoUnit.HOURS))
                    : "{\"message\":\"bad token\"}").getBytes(StandardCharsets.UTF_8);
            if (authorized) {
                authorizedRequests.incrementAndGet();
            }
            exchange.sendResponseHeaders(authorized ? 200 : 403, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        endpoint.start();
        String uri = "http://127.0.0.1:" + endpoint.getAddress().getPort() + "/credentials";
        System.setProperty(Settings.AWS_CONTAINER_CREDENTIALS_FULL_URI.name(), uri);
        System.setProperty("aws.containerCredentialsFullUri", uri);
        SNAPSTART_ENVIRONMENT.forEach(System::setProperty);
    }

    @AfterEach
    void stopEndpoint() {
        System.clearProperty(Settings.AWS_CONTAINER_CREDENTIALS_FULL_URI.name());
        System.clearProperty("aws.containerCredentialsFullUri");
        SNAPSTART_ENVIRONMENT.keySet().forEach(System::clearProperty);
        endpoint.stop(0);
    }

    @Test
    void withOnlyTheContainerVariablesTheCredentialsComeFromTheEndpointWithTheToken() {
        var credentials = AwsClients.credentialsProvider().resolveCredentials();

        assertThat(credentials).isInstanceOf(AwsSessionCredentials.class);
        assertThat(credentials.accessKeyId()).isEqualTo("ASIASNAPSTART");
        assertThat(((AwsSessionCredentials) credentials).sessionToken()).isEqualTo("session");
        assertThat(authorizedRequests).hasValue(1);
    }
}
