package com.scaleout.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.local.backends.Probes;
import com.scaleout.local.testing.OpenApiConformance;
import com.scaleout.local.testing.SharedBackends;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/** GET /health of the production declaration when a dependency is unreachable. */
class HealthIT {

    @Test
    void answers503NamingRedisWhenRedisIsUnreachable() throws Exception {
        SharedBackends.reset();
        var backends = SharedBackends.get();
        String deadRedis = "redis://127.0.0.1:" + Probes.freePort(); // nothing listens there
        var config = LocalConfig.fromEnvironment().withPort(0)
                .withBackends(backends.dynamoDbEndpoint().toString(), deadRedis)
                .withDataDir(Files.createTempDirectory("health-it"));

        try (var runtime = LocalRuntime.start(ScaleoutDeclaration.declaration(), config)) {
            var request = HttpRequest.newBuilder(URI.create(runtime.url() + "/health")).GET().build();
            var response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
            OpenApiConformance.contract().check(request, response);

            assertThat(response.statusCode()).isEqualTo(503);
            JsonNode body = Json.MAPPER.readTree(response.body());
            assertThat(body.get("status").asText()).isEqualTo("unavailable");
            assertThat(body.get("redis").asText()).isEqualTo("down");
            assertThat(body.get("dynamodb").asText()).isEqualTo("ok");
            assertThat(body.get("failing").toString()).isEqualTo("[\"redis\"]");
        }
    }
}
