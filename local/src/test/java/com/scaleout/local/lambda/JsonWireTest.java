package com.scaleout.local.lambda;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.amazonaws.services.lambda.runtime.events.SimpleIAMPolicyResponse;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.amazonaws.services.lambda.runtime.tests.EventLoader;
import com.scaleout.local.testing.EchoHandler;
import com.scaleout.local.testing.RecordingStreamHandler;
import com.scaleout.local.testing.TokenAuthorizer;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every kind of event our handlers take, and every kind of answer they give, survives Lambda's JSON wire whole. */
class JsonWireTest {
    private static final ClassLoader LOADER = JsonWireTest.class.getClassLoader();

    private static JsonWire wireOf(Class<?> handler) {
        return JsonWire.of(handler, LOADER, LOADER);
    }

    @Test
    void anHttpApiEventAndResponseCrossWhole() {
        var event = EventLoader.loadApiGatewayHttpEvent("events/http/health-get.json");
        var response = APIGatewayV2HTTPResponse.builder().withStatusCode(201).withIsBase64Encoded(true)
                .withBody("aGk=").withHeaders(Map.of("content-type", "image/png"))
                .withCookies(List.of("a=b; Secure")).build();
        var wire = wireOf(EchoHandler.class);

        assertThat(wire.event(JsonWire.eventJson(event))).isNotSameAs(event).isEqualTo(event);
        assertThat(wire.answer(wire.answerJson(response))).isNotSameAs(response).isEqualTo(response);
    }

    @Test
    void anAuthorizerEventAndSimpleResponseCrossWhole() {
        var event = EventLoader.loadEvent("events/social/authorizer-request.json",
                com.amazonaws.services.lambda.runtime.events.APIGatewayV2CustomAuthorizerEvent.class);
        var response = SimpleIAMPolicyResponse.builder().withIsAuthorized(true)
                .withContext(Map.of("userId", "u-1", "sessionId", "s-1")).build();
        var wire = wireOf(TokenAuthorizer.class);

        assertThat(wire.event(JsonWire.eventJson(event))).isNotSameAs(event).isEqualTo(event);
        assertThat(wire.answer(wire.answerJson(response))).isNotSameAs(response).isEqualTo(response);
    }

    @Test
    void aStreamBatchAndItsPartialFailuresCrossWhole() {
        var event = EventLoader.loadDynamoDbEvent("events/streams/items-insert-modify-remove.json");
        var response = StreamsEventResponse.builder().withBatchItemFailures(List.of(
                StreamsEventResponse.BatchItemFailure.builder().withItemIdentifier("200").build())).build();
        var wire = wireOf(RecordingStreamHandler.class);

        assertThat(wire.event(JsonWire.eventJson(event))).isNotSameAs(event).isEqualTo(event);
        assertThat(wire.answer(wire.answerJson(response))).isNotSameAs(response).isEqualTo(response);
    }

    /** As in an environment of its own: the handler's event classes are the artifact's, not the runtime's. */
    @Test
    void aStreamBatchCrossesWholeIntoAnArtifactsOwnEventClasses(@TempDir Path dir) throws Exception {
        var event = EventLoader.loadDynamoDbEvent("events/streams/items-insert-modify-remove.json");
        var handlerJar = TestArtifact.jar(dir, RecordingStreamHandler.class);
        var eventsJar = Path.of(DynamodbEvent.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        try (var environment = EnvironmentClassLoader.overArtifact("Recorder", LOADER, handlerJar.toUri().toURL(),
                eventsJar.toUri().toURL())) {
            var handler = Class.forName(RecordingStreamHandler.class.getName(), false, environment);
            var wire = JsonWire.of(handler, environment, LOADER);

            Object received = wire.event(JsonWire.eventJson(event));

            assertThat(received.getClass().getClassLoader()).isSameAs(environment);
            assertThat(received.toString()).isEqualTo(event.toString()); // every field, across the two loaders
        }
    }

    /**
     * Not a check: what the round trip costs per invocation (event to JSON and back, answer to JSON and back), printed
     * for the report. Run it alone to read the figure.
     */
    @Test
    void printsTheRoundTripsCost() {
        var event = EventLoader.loadApiGatewayHttpEvent("events/http/health-get.json");
        var response = APIGatewayV2HTTPResponse.builder().withStatusCode(200).withBody("{\"status\":\"ok\"}")
                .withHeaders(Map.of("content-type", "application/json")).build();
        var stream = EventLoader.loadDynamoDbEvent("events/streams/items-insert-modify-remove.json");
        var http = wireOf(EchoHandler.class);
        var streams = wireOf(RecordingStreamHandler.class);
        for (int round = 0; round < 3; round++) { // the first rounds warm the JIT up
            int n = 20_000;
            long start = System.nanoTime();
            for (int i = 0; i < n; i++) {
                http.answer(http.answerJson(response));
                http.event(JsonWire.eventJson(event));
            }
            double httpMicros = (System.nanoTime() - start) / 1e3 / n;
            start = System.nanoTime();
            for (int i = 0; i < n; i++) {
                streams.event(JsonWire.eventJson(stream));
            }
            double streamMicros = (System.nanoTime() - start) / 1e3 / n;
            System.out.printf(Locale.ROOT, "JSON wire round %d: HTTP event + response %.1f µs, stream batch of %d "
                    + "records %.1f µs per invocation%n", round, httpMicros, stream.getRecords().size(), streamMicros);
        }
    }
}
