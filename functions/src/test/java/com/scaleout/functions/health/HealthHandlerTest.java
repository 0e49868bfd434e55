package com.scaleout.functions.health;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.tests.annotations.Event;
import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.functions.shared.json.Json;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;

class HealthHandlerTest {

    private static DependencyProbe probe(String name, boolean up) {
        return new DependencyProbe() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public void check() {
                if (!up) {
                    throw new IllegalStateException(name + " is unreachable");
                }
            }
        };
    }

    @ParameterizedTest
    @Event(value = "events/http/health-get.json", type = APIGatewayV2HTTPEvent.class)
    void answersOkWhenEveryDependencyAnswers(APIGatewayV2HTTPEvent event) throws Exception {
        var handler = new HealthHandler(new HealthCheck(List.of(probe("dynamodb", true), probe("redis", true))));

        var response = handler.handleRequest(event, null);

        assertThat(response.getStatusCode()).isEqualTo(200);
        assertThat(response.getHeaders()).containsEntry("content-type", "application/json")
                .containsEntry("x-content-type-options", "nosniff");
        JsonNode body = Json.MAPPER.readTree(response.getBody());
        assertThat(body.get("status").asText()).isEqualTo("ok");
        assertThat(body.get("dynamodb").asText()).isEqualTo("ok");
        assertThat(body.get("redis").asText()).isEqualTo("ok");
    }

    @ParameterizedTest
    @Event(value = "events/http/health-get.json", type = APIGatewayV2HTTPEvent.class)
    void answers503NamingTheFailingPart(APIGatewayV2HTTPEvent event) throws Exception {
        var handler = new HealthHandler(new HealthCheck(List.of(probe("dynamodb", true), probe("redis", false))));

        var response = handler.handleRequest(event, null);

        assertThat(response.getStatusCode()).isEqualTo(503);
        JsonNode body = Json.MAPPER.readTree(response.getBody());
        assertThat(body.get("status").asText()).isEqualTo("unavailable");
        assertThat(body.get("redis").asText()).isEqualTo("down");
        assertThat(body.get("dynamodb").asText()).isEqualTo("ok");
        assertThat(body.get("failing").toString()).isEqualTo("[\"redis\"]");
        assertThat(response.getBody()).doesNotContain("unreachable");
    }
}
