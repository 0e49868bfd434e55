package com.scaleout.local.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.local.testing.ApiClient;
import com.scaleout.local.testing.OpenApiConformance;
import com.scaleout.local.testing.RuntimeFixture;
import com.scaleout.functions.shared.json.Json;
import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.GenerationMode;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import net.jqwik.api.statistics.Statistics;

/**
 * Requests generated from docs/openapi.yaml, for every operation it documents, sent to a local runtime serving the
 * production declaration: whatever the values, types and credentials, the answer is never a 5xx and always one the
 * document declares (checked by {@link RuntimeFixture#send}, which validates every exchange).
 *
 * <p>Bounded for the 2-core machine: 400 tries (about ten per operation) run in well under 90 s.
 */
class OpenApiPropertiesIT {
    /** failsafe's SCALEOUT_ADMIN_KEY (local/pom.xml). */
    private static final String ADMIN_KEY = "it-admin-key";
    private static final int SPARE_SESSIONS = 12;

    private static RuntimeFixture fixture;
    private static List<DocumentedOperation> operations;
    private static RequestGenerator generator;
    private static Callers callers;

    @BeforeContainer
    static void start() throws Exception {
        fixture = RuntimeFixture.start(ScaleoutDeclaration.declaration());
        operations = DocumentedOperation.all(OpenApiConformance.contract().api());
        var api = new ApiClient(fixture.runtime().url());
        String username = "prop" + UUID.randomUUID().toString().replace("-", "").substring(0, 11);
        var credentials = Map.of("username", username, "password", "password-" + username);
        retried(() -> api.post("/users", null, credentials), 201, 409);
        String session = retried(() -> api.post("/sessions", null, credentials), 201).text("token");
        var spares = new ArrayList<String>();
        for (int i = 0; i < SPARE_SESSIONS; i++) {
            spares.add(retried(() -> api.post("/sessions", null, credentials), 201).text("token"));
        }
        var tweet = retried(() -> api.post("/tweets", session,
                Map.of("text", "generated requests meet #orders and @" + username)), 201);
        long clientId = 424_242L;
        var key = fixture.send(HttpRequest.newBuilder(fixture.uri("/admin/import-keys"))
                .header("x-admin-key", ADMIN_KEY).header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"clientId\": " + clientId + ", \"name\": \"properties\"}")));
        assertThat(key.statusCode()).isEqualTo(201);
        callers = new Callers(username, session, spares, Json.MAPPER.readTree(key.body()).get("token").asText(),
                clientId, ADMIN_KEY, tweet.text("id"));
        generator = new RequestGenerator(callers);
    }

    /**
     * The setup's calls, retried while the gateway answers 503 (a cold function past its timeout on a busy
     * machine), as a client would; {@code accepted} also takes a register whose first, timed-out try was stored.
     */
    private static ApiClient.Reply retried(Supplier<ApiClient.Reply> call, int... accepted) {
        for (int attempt = 1; ; attempt++) {
            var reply = call.get();
            if (Arrays.stream(accepted).anyMatch(status -> status == reply.status())) {
                return reply;
            }
            if (reply.status() != 503 || attempt == 5) {
                throw new IllegalStateException("setup: " + reply.status() + " " + reply.body());
            }
        }
    }

    @AfterContainer
    static void stop() {
        if (fixture != null) {
            fixture.close();
        }
    }

    @Property(tries = 400, generation = GenerationMode.RANDOMIZED, edgeCases = EdgeCasesMode.NONE,
            shrinking = ShrinkingMode.BOUNDED)
    void everyGeneratedRequestGetsADeclaredAnswerAndNeverA5xx(@ForAll("requests") GeneratedRequest request)
            throws Exception {
        Statistics.label("operation").collect(request.operation().operationId());
        Statistics.label("credential").collect(request.credential().kind());

        // RuntimeFixture.send fails on any answer the document does not declare for the request
        var response = fixture.send(request.toHttp(fixture.runtime().url(), callers));

        assertThat(response.statusCode()).as("%s answered %s", request, response.body()).isLessThan(500);
        Statistics.label("status").collect(response.statusCode());
        Statistics.label("operation").coverage(coverage -> operations.forEach(operation ->
                coverage.check(operation.operationId()).count(count -> count > 0)));
    }

    /** Operations in turn (so each gets its share of the tries), each with requests generated from its schemas. */
    @Provide
    Arbitrary<GeneratedRequest> requests() {
        var next = new AtomicInteger();
        return Arbitraries.create(() -> operations.get(next.getAndIncrement() % operations.size()))
                .flatMap(generator::requestsFor);
    }
}
