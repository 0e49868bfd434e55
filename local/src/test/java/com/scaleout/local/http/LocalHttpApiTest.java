package com.scaleout.local.http;

import static com.scaleout.declaration.HttpMethod.GET;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.scaleout.declaration.FunctionSpec;
import com.scaleout.declaration.RouteSpec;
import com.scaleout.local.lambda.FunctionCode;
import com.scaleout.local.lambda.FunctionPool;
import com.scaleout.local.lambda.InvocationPayload;
import com.scaleout.local.limits.RouteThrottles;
import com.scaleout.local.testing.SizedResponseHandler;
import com.scaleout.local.testing.HoldingHandler;
import com.scaleout.local.testing.SlowHandler;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The gateway in process, with a function of its own: what no backend is needed for. */
class LocalHttpApiTest {
    @Test
    void aFunctionStillRunningAtTheIntegrationTimeoutIsAnswered503ThenAndRunsOn() throws Exception {
        var slow = FunctionSpec.of("Slow", SlowHandler.class.getName()).timeoutSeconds(60);
        try (var function = new FunctionPool(slow, FunctionCode.shared());
             var api = new LocalHttpApi(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                     new RouteTable(List.of(RouteSpec.publicRoute(GET, "/slow", "Slow"))), Map.of("Slow", function),
                     Map.of(), Clock.systemUTC(), Optional.empty(), Duration.ofSeconds(1),
                     new ExecutionSlots(ExecutionSlots.PER_CORE))) {
            api.start();
            var client = HttpClient.newHttpClient();
            var request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + api.port() + "/slow?ms=20000"))
                    .timeout(Duration.ofSeconds(15)).build();

            long start = System.nanoTime();
            HttpResponse<String> response;
            try (var lines = new GatewayLines()) {
                response = client.send(request, HttpResponse.BodyHandlers.ofString());
                assertThat(lines.saying("request " + requestId(response) + ": the gateway answered 503 itself "
                        + "(integration timeout")).singleElement().asString().contains("route GET /slow");
            }
            Duration took = Duration.ofNanos(System.nanoTime() - start);

            assertThat(response.statusCode()).isEqualTo(503);
            assertThat(response.body()).isEqualTo("{\"message\":\"Service Unavailable\"}");
            assertThat(response.headers().firstValue("retry-after")).isPresent();
            assertThat(response.headers().firstValue("x-content-type-options")).contains("nosniff");
            assertThat(took).as("answered at the gateway's deadline, not the function's 20 s")
                    .isLessThan(Duration.ofSeconds(15));
            assertThat(api.integrationTimeouts()).isEqualTo(1);
            assertThat(function.environments()).as("the function runs on, as Lambda's does").isEqualTo(1);
        }
    }

    @Test
    void theGatewaysOwnAnswersAreMarkedNosniff() throws Exception {
        var slow = FunctionSpec.of("Slow", SlowHandler.class.getName());
        try (var function = new FunctionPool(slow, FunctionCode.shared());
             var api = new LocalHttpApi(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                     new RouteTable(List.of(RouteSpec.publicRoute(GET, "/slow", "Slow"))), Map.of("Slow", function),
                     Map.of(), Clock.systemUTC())) {
            api.start();
            var client = HttpClient.newHttpClient();
            var noRoute = client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + api.port() + "/nowhere"))
                    .build(), HttpResponse.BodyHandlers.ofString());
            try (var lines = new GatewayLines()) {
                var tooLarge = client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + api.port()
                        + "/slow")).method("GET", HttpRequest.BodyPublishers.ofByteArray(
                                new byte[LocalHttpApi.MAX_PAYLOAD_BYTES + 1])).build(),
                        HttpResponse.BodyHandlers.ofString());

                assertThat(tooLarge.statusCode()).isEqualTo(413);
                assertThat(tooLarge.headers().firstValue("x-content-type-options")).contains("nosniff");
                assertThat(lines.saying("request " + requestId(tooLarge) + ": the gateway answered 413 itself "
                        + "(event over Lambda's payload limit")).singleElement().asString()
                        .contains("route GET /slow");
            }
            assertThat(noRoute.statusCode()).isEqualTo(404);
            assertThat(noRoute.headers().firstValue("x-content-type-options")).contains("nosniff");
        }
    }

    /** The route's throttle answers 429 before the function runs, and says so in the gateway's log. */
    @Test
    void aRouteThrottlesAnswerIsLoggedWithItsRouteAndRequestId() throws Exception {
        var slow = FunctionSpec.of("Slow", SlowHandler.class.getName());
        try (var function = new FunctionPool(slow, FunctionCode.shared());
             var lines = new GatewayLines();
             var api = new LocalHttpApi(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                     new RouteTable(List.of(RouteSpec.publicRoute(GET, "/slow", "Slow"))), Map.of("Slow", function),
                     Map.of(), Clock.systemUTC(), Optional.empty(), ExecutionSlots.MIN_SLOTS,
                     new RouteThrottles(List.of(), Optional.of(new RouteThrottles.StageDefault(0.001, 1))))) {
            api.start();
            var client = HttpClient.newHttpClient();
            var request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + api.port() + "/slow")).build();

            var first = client.send(request, HttpResponse.BodyHandlers.ofString());
            var throttled = client.send(request, HttpResponse.BodyHandlers.ofString());

            assertThat(first.statusCode()).isEqualTo(200);
            assertThat(throttled.statusCode()).isEqualTo(429);
            assertThat(lines.lines()).singleElement().asString().startsWith("request " + requestId(throttled)
                    + ": the gateway answered 429 itself (throttle").endsWith("route GET /slow");
        }
    }

    @Test
    void requestsBeyondWhatTheStackAnswersInTimeAreAnswered429AtOnceAndTheOthersServed() throws Exception {
        var slow = FunctionSpec.of("Slow", SlowHandler.class.getName()).timeoutSeconds(60);
        try (var function = new FunctionPool(slow, FunctionCode.shared());
             var api = new LocalHttpApi(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                     new RouteTable(List.of(RouteSpec.publicRoute(GET, "/slow", "Slow"))), Map.of("Slow", function),
                     // admission alone: as many slots as requests, so that every admitted one runs at once
                     Map.of(), Clock.systemUTC(), Optional.empty(), Admission.MIN_IN_FLIGHT + 50)) {
            api.start();
            var client = HttpClient.newHttpClient();
            var request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + api.port() + "/slow?ms=10000"))
                    .timeout(Duration.ofSeconds(60)).build();
            int sent = Admission.MIN_IN_FLIGHT + 50;
            var answers = new java.util.ArrayList<java.util.concurrent.CompletableFuture<HttpResponse<String>>>();
            var statuses = new java.util.HashMap<Integer, Long>();
            try (var lines = new GatewayLines()) {
                for (int i = 0; i < sent; i++) {
                    answers.add(client.sendAsync(request, HttpResponse.BodyHandlers.ofString()));
                }
                statuses.putAll(answers.stream().map(java.util.concurrent.CompletableFuture::join)
                        .collect(java.util.stream.Collectors.groupingBy(HttpResponse::statusCode,
                                java.util.stream.Collectors.counting())));

                var shedIds = answers.stream().map(java.util.concurrent.CompletableFuture::join)
                        .filter(r -> r.statusCode() == 429).map(LocalHttpApiTest::requestId).toList();
                assertThat(lines.saying("(admission")).as("a line for each shed request, fewer than a second's")
                        .hasSize(shedIds.size()).allSatisfy(line -> assertThat(line).contains("route GET /slow"));
                shedIds.forEach(id -> assertThat(lines.saying("request " + id + ": ")).hasSize(1));
            }

            assertThat(statuses).as("nothing else than served or shed").containsOnlyKeys(200, 429);
            assertThat(statuses.get(429)).as("shed").isEqualTo(api.shedRequests()).isPositive();
            assertThat(statuses.get(200)).as("served").isGreaterThanOrEqualTo(Admission.MIN_IN_FLIGHT);
            answers.stream().map(java.util.concurrent.CompletableFuture::join).filter(r -> r.statusCode() == 429)
                    .forEach(r -> assertThat(r.headers().firstValue("retry-after")).isPresent());
        }
    }

    @Test
    void requestsBeyondTheExecutionSlotsWaitForOneAndAreAllServed() throws Exception {
        var held = FunctionSpec.of("Held", HoldingHandler.class.getName()).timeoutSeconds(60);
        var hold = HoldingHandler.newHold();
        try (var function = new FunctionPool(held, FunctionCode.shared());
             var api = new LocalHttpApi(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                     new RouteTable(List.of(RouteSpec.publicRoute(GET, "/held", "Held"))), Map.of("Held", function),
                     Map.of(), Clock.systemUTC(), Optional.empty(), 2)) {
            api.start();
            var client = HttpClient.newHttpClient();
            var request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + api.port() + "/held?hold="
                    + hold.name())).timeout(Duration.ofSeconds(120)).build();
            var answers = new java.util.ArrayList<java.util.concurrent.CompletableFuture<HttpResponse<String>>>();
            for (int i = 0; i < 6; i++) {
                answers.add(client.sendAsync(request, HttpResponse.BodyHandlers.ofString()));
            }

            await().atMost(Duration.ofSeconds(60)).until(() -> api.slotWaits() == 4 && hold.held() == 2);
            int runningWhileFourWait = hold.held();
            hold.release();

            assertThat(runningWhileFourWait).as("two run, four wait for a slot").isEqualTo(2);
            assertThat(answers.stream().map(a -> a.join().statusCode())).as("all served, none throttled")
                    .containsOnly(200).hasSize(6);
            assertThat(function.environments()).as("environments for the slots, not for the waiting").isEqualTo(2);
        }
    }

    @Test
    void aRequestStillWaitingForASlotAtTheIntegrationTimeoutIsAnswered503AndNeverRuns() throws Exception {
        var held = FunctionSpec.of("Held", HoldingHandler.class.getName()).timeoutSeconds(60);
        var hold = HoldingHandler.newHold();
        try (var function = new FunctionPool(held, FunctionCode.shared());
             var api = new LocalHttpApi(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                     new RouteTable(List.of(RouteSpec.publicRoute(GET, "/held", "Held"))), Map.of("Held", function),
                     Map.of(), Clock.systemUTC(), Optional.empty(), Duration.ofSeconds(1), new ExecutionSlots(1))) {
            api.start();
            var client = HttpClient.newHttpClient();
            var holding = client.sendAsync(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + api.port()
                    + "/held?hold=" + hold.name())).timeout(Duration.ofSeconds(120)).build(),
                    HttpResponse.BodyHandlers.ofString());
            await().atMost(Duration.ofSeconds(60)).until(() -> hold.held() == 1);

            var waiting = client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + api.port()
                    + "/held?hold=" + hold.name())).timeout(Duration.ofSeconds(60)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(waiting.statusCode()).isEqualTo(503);
            assertThat(waiting.headers().firstValue("retry-after")).isPresent();
            // it leaves the line at its deadline, while the slot is still taken: the slot's next holder is never it
            await().atMost(Duration.ofSeconds(30)).until(() -> api.slotsAwaited() == 0);
            assertThat(hold.held()).as("the first request still holds the only slot").isEqualTo(1);
            hold.release();
            assertThat(holding.join().statusCode()).as("answered at its own integration timeout").isEqualTo(503);
        }
    }

    /**
     * A path whose percent-encoding is malformed is answered as every other gateway error is, JSON with a message
     * (the JDK's server answered an HTML page naming URISyntaxException); a malformed escape in the query reaches
     * the route undecoded, as API Gateway passes it (the function judges it: search answers its own 400).
     */
    @Test
    void aMalformedPercentEncodingIsAJson400() throws Exception {
        var echo = FunctionSpec.of("Slow", SlowHandler.class.getName());
        try (var function = new FunctionPool(echo, FunctionCode.shared());
             var api = new LocalHttpApi(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                     new RouteTable(List.of(RouteSpec.publicRoute(GET, "/users/{username}", "Slow"),
                             RouteSpec.publicRoute(GET, "/search", "Slow"))), Map.of("Slow", function),
                     Map.of(), Clock.systemUTC(), Optional.empty(), Duration.ofSeconds(10),
                     new ExecutionSlots(ExecutionSlots.PER_CORE))) {
            api.start();
            for (String target : List.of("/users/%zz", "/users/%E", "/users/a%zzb?q=1")) {
                String answer = rawGet(api.port(), target);

                assertThat(answer).as(target).startsWith("HTTP/1.1 400 ");
                assertThat(answer.toLowerCase(java.util.Locale.ROOT)).as(target)
                        .contains("content-type: application/json").contains("x-content-type-options: nosniff");
                assertThat(answer).as(target).endsWith("{\"message\":\"Bad Request\"}");
            }
            for (String target : List.of("/search?q=%", "/search?q=%zz%")) {
                assertThat(rawGet(api.port(), target)).as(target).startsWith("HTTP/1.1 200 ");
            }
        }
    }

    /**
     * Lambda's response limit (6 MiB and 100 bytes of the response's JSON) fails the invocation after the function ran;
     * an HTTP API answers that as every failed Lambda integration: 500 with its fixed body.
     */
    @Test
    void aResponseOverLambdasPayloadLimitIsAnswered500ByTheGateway() throws Exception {
        try (var sized = sizedFunction(); var api = sizedApi(sized)) {
            var client = HttpClient.newHttpClient();

            var under = client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + api.port()
                    + "/sized?bytes=6000000")).build(), HttpResponse.BodyHandlers.ofString());
            var over = client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + api.port()
                    + "/sized?bytes=" + (InvocationPayload.MAX_RESPONSE_BYTES + 1))).build(),
                    HttpResponse.BodyHandlers.ofString());

            assertThat(under.statusCode()).isEqualTo(200);
            assertThat(under.body()).hasSize(6_000_000);
            assertThat(over.statusCode()).isEqualTo(500);
            assertThat(over.body()).isEqualTo("{\"message\":\"Internal Server Error\"}");
        }
    }

    /**
     * Lambda measures the event as the JSON it carries, so a body under 6 MiB can make an event over it: here 3.5 MB
     * of quotes, each escaped to two bytes in the event. The invoke is refused (RequestEntityTooLargeException) and
     * the function never runs; the gateway answers 413.
     */
    @Test
    void anEventOverLambdasPayloadLimitIsAnswered413EvenWhenItsBodyIsUnder() throws Exception {
        try (var sized = sizedFunction(); var api = sizedApi(sized)) {
            var client = HttpClient.newHttpClient();
            byte[] quotes = "\"".repeat(3_500_000).getBytes(java.nio.charset.StandardCharsets.UTF_8);

            var answer = client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + api.port()
                            + "/sized?bytes=2")).header("content-type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(quotes)).build(), HttpResponse.BodyHandlers.ofString());

            assertThat(answer.statusCode()).isEqualTo(413);
            assertThat(answer.body()).isEqualTo("{\"message\":\"Request Entity Too Large\"}");
            assertThat(sized.environments()).as("the function never ran").isZero();
        }
    }

    private static FunctionPool sizedFunction() {
        return new FunctionPool(FunctionSpec.of("Sized", SizedResponseHandler.class.getName()),
                FunctionCode.shared());
    }

    private static LocalHttpApi sizedApi(FunctionPool sized) throws java.io.IOException {
        var api = new LocalHttpApi(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                new RouteTable(List.of(RouteSpec.publicRoute(GET, "/sized", "Sized"),
                        RouteSpec.publicRoute(com.scaleout.declaration.HttpMethod.POST, "/sized", "Sized"))),
                Map.of("Sized", sized), Map.of(), Clock.systemUTC());
        api.start();
        return api;
    }

    /** One GET written as bytes: java.net.URI, and so HttpClient, refuses to send a malformed target. */
    private static String rawGet(int port, String target) throws java.io.IOException {
        return RawHttp.send(port, "GET", target);
    }

    private static String requestId(HttpResponse<?> response) {
        return response.headers().firstValue("apigw-requestid").orElseThrow();
    }
}
