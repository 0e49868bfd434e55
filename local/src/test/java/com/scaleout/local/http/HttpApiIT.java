package com.scaleout.local.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.local.testing.HoldingHandler;
import com.scaleout.local.testing.RuntimeFixture;
import com.scaleout.local.testing.TestDeclaration;
import com.scaleout.local.testing.TokenAuthorizer;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The local HTTP API against API Gateway HTTP API semantics, over real moto_server and redis-server. */
class HttpApiIT {
    private static RuntimeFixture api;

    @BeforeAll
    static void start() throws Exception {
        api = RuntimeFixture.start(TestDeclaration.declaration());
    }

    @AfterAll
    static void stop() {
        api.close();
    }

    private static JsonNode json(HttpResponse<String> response) throws Exception {
        return Json.MAPPER.readTree(response.body());
    }

    @Test
    void mapsTheRequestToAFullPayload2Event() throws Exception {
        long before = System.currentTimeMillis();
        var response = api.send(HttpRequest.newBuilder(api.uri("/echo/a%20b?x=1&x=2&y=hello%20world&flag"))
                .header("X-Custom", "v1").header("X-Custom", "v2")
                .header("Cookie", "a=1; b=2")
                .header("User-Agent", "scaleout-test")
                .GET());

        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode body = json(response);
        JsonNode event = body.get("event");
        assertThat(event.get("version").asText()).isEqualTo("2.0");
        assertThat(event.get("routeKey").asText()).isEqualTo("GET /echo/{id}");
        assertThat(event.get("rawPath").asText()).isEqualTo("/echo/a%20b");
        assertThat(event.get("rawQueryString").asText()).isEqualTo("x=1&x=2&y=hello%20world&flag");
        assertThat(event.get("headers").get("x-custom").asText()).isEqualTo("v1,v2");
        assertThat(event.get("headers").has("cookie")).isFalse();
        assertThat(event.get("headers").has("X-Custom")).isFalse();
        assertThat(event.get("cookies")).extracting(JsonNode::asText).containsExactly("a=1", "b=2");
        assertThat(event.get("queryStringParameters").get("x").asText()).isEqualTo("1,2");
        assertThat(event.get("queryStringParameters").get("y").asText()).isEqualTo("hello world");
        assertThat(event.get("queryStringParameters").get("flag").asText()).isEmpty();
        assertThat(event.get("pathParameters").get("id").asText()).isEqualTo("a b");
        assertThat(event.get("isBase64Encoded").asBoolean()).isFalse();

        JsonNode context = event.get("requestContext");
        assertThat(context.get("routeKey").asText()).isEqualTo("GET /echo/{id}");
        assertThat(context.get("stage").asText()).isEqualTo("$default");
        assertThat(context.get("requestId").asText()).isEqualTo(response.headers().firstValue("apigw-requestid")
                .orElseThrow());
        assertThat(context.get("timeEpoch").asLong()).isBetween(before, System.currentTimeMillis());
        assertThat(context.get("time").asText()).matches("\\d{2}/[A-Z][a-z]{2}/\\d{4}:\\d{2}:\\d{2}:\\d{2} \\+0000");
        assertThat(context.get("http").get("method").asText()).isEqualTo("GET");
        assertThat(context.get("http").get("path").asText()).isEqualTo("/echo/a%20b");
        assertThat(context.get("http").get("sourceIp").asText()).isEqualTo("127.0.0.1");
        assertThat(context.get("http").get("userAgent").asText()).isEqualTo("scaleout-test");

        assertThat(body.get("functionName").asText()).isEqualTo("Echo");
        assertThat(body.get("remainingMillis").asInt()).isBetween(1, 10_000);
        assertThat(response.headers().allValues("set-cookie")).containsExactly("session=abc; Path=/; HttpOnly");
        assertThat(response.headers().allValues("x-multi")).containsExactly("one", "two");
    }

    @Test
    void selectsTheMostSpecificRoute() throws Exception {
        assertThat(json(api.get("/echo/special")).get("event").get("routeKey").asText())
                .isEqualTo("GET /echo/special");
        JsonNode greedy = json(api.get("/files/a/b%2Fc/d.txt")).get("event");
        assertThat(greedy.get("routeKey").asText()).isEqualTo("GET /files/{path+}");
        assertThat(greedy.get("pathParameters").get("path").asText()).isEqualTo("a/b/c/d.txt");
    }

    @Test
    void passesTextBodiesAsTextAndTheMethodsRoute() throws Exception {
        var response = api.send(HttpRequest.newBuilder(api.uri("/echo/7"))
                .header("content-type", "application/json; charset=utf-8")
                .POST(HttpRequest.BodyPublishers.ofString("{\"text\":\"héllo #tag\"}")));

        JsonNode event = json(response).get("event");
        assertThat(event.get("routeKey").asText()).isEqualTo("POST /echo/{id}");
        assertThat(event.get("body").asText()).isEqualTo("{\"text\":\"héllo #tag\"}");
        assertThat(event.get("isBase64Encoded").asBoolean()).isFalse();
    }

    @Test
    void roundTripsBinaryBodiesAsBase64() throws Exception {
        byte[] image = new byte[300_000];
        new Random(42).nextBytes(image);

        var response = api.sendForBytes(HttpRequest.newBuilder(api.uri("/binary"))
                .header("content-type", "image/png")
                .POST(HttpRequest.BodyPublishers.ofByteArray(image)));

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("x-was-base64")).contains("true");
        assertThat(response.body()).isEqualTo(image);
    }

    @Test
    void answers404ForUnmatchedRoutesAndMethods() throws Exception {
        var unknown = api.get("/nothing/here");
        var wrongMethod = api.send(HttpRequest.newBuilder(api.uri("/echo/1")).DELETE());

        for (var response : java.util.List.of(unknown, wrongMethod)) {
            assertThat(response.statusCode()).isEqualTo(404);
            assertThat(response.body()).isEqualTo("{\"message\":\"Not Found\"}");
            assertThat(response.headers().firstValue("content-type")).contains("application/json");
        }
    }

    @Test
    void aRouteOverItsDeclaredThrottleIsAnswered429ByTheGatewayAndOtherRoutesAreNot() throws Exception {
        for (int i = 0; i < TestDeclaration.THROTTLED_BURST; i++) {
            assertThat(api.send(HttpRequest.newBuilder(api.uri("/throttled")).GET()).statusCode()).isEqualTo(200);
        }

        var throttled = api.send(HttpRequest.newBuilder(api.uri("/throttled")).GET());

        assertThat(throttled.statusCode()).isEqualTo(429);
        assertThat(throttled.body()).isEqualTo("{\"message\":\"Too Many Requests\"}");
        assertThat(api.send(HttpRequest.newBuilder(api.uri("/echo/free")).GET()).statusCode()).isEqualTo(200);
    }

    @Test
    void answers413OverTheSixMegabytePayloadLimit() throws Exception {
        byte[] tooLarge = new byte[LocalHttpApi.MAX_PAYLOAD_BYTES + 1];
        var text = api.send(HttpRequest.newBuilder(api.uri("/echo/1")).header("content-type", "text/plain")
                .POST(HttpRequest.BodyPublishers.ofByteArray(tooLarge)));
        // 5 MB of binary is 6.7 MB once API Gateway base64-encodes it into the event.
        byte[] binary = new byte[5 * 1024 * 1024];
        var inflated = api.send(HttpRequest.newBuilder(api.uri("/binary")).header("content-type", "image/png")
                .POST(HttpRequest.BodyPublishers.ofByteArray(binary)));

        assertThat(text.statusCode()).isEqualTo(413);
        assertThat(json(text).get("message").asText()).isEqualTo("Request Entity Too Large");
        assertThat(inflated.statusCode()).isEqualTo(413);
    }

    @Test
    void handlerExceptionsBecomeAFixed500WithoutDetails() throws Exception {
        var response = api.get("/slow?fail=true");

        assertThat(response.statusCode()).isEqualTo(500);
        assertThat(response.body()).isEqualTo("{\"message\":\"Internal Server Error\"}");
    }

    @Test
    void aFunctionPastItsTimeoutAnswers503() throws Exception {
        var response = api.get("/slow?ms=6000");

        assertThat(response.statusCode()).isEqualTo(503);
        assertThat(response.body()).isEqualTo("{\"message\":\"Service Unavailable\"}");
    }

    @Test
    void authorizerRejectsMissingIdentityWith401WithoutCallingTheFunction() throws Exception {
        int calls = TokenAuthorizer.CALLS.get();

        var response = api.get("/private/1");

        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(response.body()).isEqualTo("{\"message\":\"Unauthorized\"}");
        assertThat(TokenAuthorizer.CALLS.get()).isEqualTo(calls);
    }

    @Test
    void authorizerDenialIs403() throws Exception {
        var response = api.send(HttpRequest.newBuilder(api.uri("/private/1"))
                .header("Authorization", "Bearer forged").GET());

        assertThat(response.statusCode()).isEqualTo(403);
        assertThat(response.body()).isEqualTo("{\"message\":\"Forbidden\"}");
    }

    @Test
    void allowedRequestsCarryTheAuthorizerContextAndDecisionsAreCachedPerIdentity() throws Exception {
        int calls = TokenAuthorizer.CALLS.get();

        var first = api.send(HttpRequest.newBuilder(api.uri("/private/1"))
                .header("Authorization", "Bearer good-alice").GET());
        var second = api.send(HttpRequest.newBuilder(api.uri("/private/2"))
                .header("Authorization", "Bearer good-alice").GET());
        var otherIdentity = api.send(HttpRequest.newBuilder(api.uri("/private/3"))
                .header("Authorization", "Bearer good-bob").GET());

        assertThat(first.statusCode()).isEqualTo(200);
        JsonNode authorizer = json(first).get("event").get("requestContext").get("authorizer");
        assertThat(authorizer.get("lambda").get("userId").asText()).isEqualTo("alice");
        assertThat(json(second).get("event").get("requestContext").get("authorizer").get("lambda")
                .get("userId").asText()).isEqualTo("alice");
        assertThat(json(otherIdentity).get("event").get("requestContext").get("authorizer").get("lambda")
                .get("userId").asText()).isEqualTo("bob");
        assertThat(TokenAuthorizer.CALLS.get() - calls).as("alice once (then cached), bob once").isEqualTo(2);
    }

    @Test
    void throttlesWith429WhenEveryEnvironmentOfTheFunctionIsBusy() throws Exception {
        var callers = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor();
        var calls = new java.util.ArrayList<java.util.concurrent.Future<HttpResponse<String>>>();
        for (int i = 0; i < TestDeclaration.SLOW_CONCURRENCY + 1; i++) {
            calls.add(callers.submit(() -> api.get("/slow?ms=1500")));
        }
        var statuses = new java.util.ArrayList<Integer>();
        for (var call : calls) {
            statuses.add(call.get().statusCode());
        }
        callers.shutdown();

        assertThat(statuses).containsOnly(200, 429);
        assertThat(statuses).filteredOn(s -> s == 429).hasSize(1);
    }

    @Test
    void fiftyConcurrentRequestsToAFunctionWithoutReservationAreAllServed() throws Exception {
        int clients = 50; // 92% of them were throttled when every function had a pool of 10
        var hold = HoldingHandler.newHold();
        var callers = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor();
        var calls = new java.util.ArrayList<java.util.concurrent.Future<HttpResponse<String>>>();
        for (int i = 0; i < clients; i++) {
            calls.add(callers.submit(() -> api.get("/held?hold=" + hold.name())));
        }
        // each request either runs (held) or has been answered already (throttled)
        await().atMost(Duration.ofSeconds(120)).until(() -> hold.held()
                + calls.stream().filter(java.util.concurrent.Future::isDone).count() == clients);
        int heldAtOnce = hold.held();
        hold.release();
        var statuses = new java.util.ArrayList<Integer>();
        for (var call : calls) {
            statuses.add(call.get().statusCode());
        }
        callers.shutdown();

        assertThat(statuses).containsOnly(200);
        assertThat(heldAtOnce).as("all ran at once").isEqualTo(clients);
        assertThat(api.runtime().function("Held").coldStarts()).isEqualTo(clients);
    }

    @Test
    void aFunctionWithAReservationIsThrottledPastItAndServesAgainOnceFree() throws Exception {
        var hold = HoldingHandler.newHold();
        var callers = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor();
        var calls = new java.util.ArrayList<java.util.concurrent.Future<HttpResponse<String>>>();
        for (int i = 0; i < TestDeclaration.HELD_RESERVATION; i++) {
            calls.add(callers.submit(() -> api.get("/held/reserved?hold=" + hold.name())));
        }
        await().atMost(Duration.ofSeconds(60)).until(() -> hold.held() == TestDeclaration.HELD_RESERVATION);

        var past = api.get("/held/reserved"); // would be served at once if there were room
        hold.release();
        var statuses = new java.util.ArrayList<Integer>();
        for (var call : calls) {
            statuses.add(call.get().statusCode());
        }
        callers.shutdown();

        assertThat(past.statusCode()).isEqualTo(429);
        assertThat(json(past).get("message").asText()).isEqualTo("Too Many Requests");
        assertThat(statuses).containsOnly(200);
        assertThat(api.get("/held/reserved").statusCode()).as("the reservation is free again").isEqualTo(200);
    }

    @Test
    void healthReportsBothBackends() throws Exception {
        var response = api.get("/health");

        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode body = json(response);
        assertThat(body.get("status").asText()).isEqualTo("ok");
        assertThat(body.get("dynamodb").asText()).isEqualTo("ok");
        assertThat(body.get("redis").asText()).isEqualTo("ok");
    }
}
