package com.scaleout.local.http;

import static com.scaleout.declaration.HttpMethod.GET;
import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.declaration.FunctionSpec;
import com.scaleout.declaration.RouteSpec;
import com.scaleout.local.lambda.FunctionPool;
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
        try (var function = new FunctionPool(slow, getClass().getClassLoader());
             var api = new LocalHttpApi(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                     new RouteTable(List.of(RouteSpec.publicRoute(GET, "/slow", "Slow"))), Map.of("Slow", function),
                     Map.of(), Clock.systemUTC(), Optional.empty(), Duration.ofSeconds(1))) {
            api.start();
            var client = HttpClient.newHttpClient();
            var request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + api.port() + "/slow?ms=20000"))
                    .timeout(Duration.ofSeconds(15)).build();

            long start = System.nanoTime();
            var response = client.send(request, HttpResponse.BodyHandlers.ofString());
            Duration took = Duration.ofNanos(System.nanoTime() - start);

            assertThat(response.statusCode()).isEqualTo(503);
            assertThat(response.body()).isEqualTo("{\"message\":\"Service Unavailable\"}");
            assertThat(response.headers().firstValue("retry-after")).isPresent();
            assertThat(took).as("answered at the gateway's deadline, not the function's 20 s")
                    .isLessThan(Duration.ofSeconds(15));
            assertThat(api.integrationTimeouts()).isEqualTo(1);
            assertThat(function.environments()).as("the function runs on, as Lambda's does").isEqualTo(1);
        }
    }

    @Test
    void requestsBeyondWhatTheStackAnswersInTimeAreAnswered429AtOnceAndTheOthersServed() throws Exception {
        var slow = FunctionSpec.of("Slow", SlowHandler.class.getName()).timeoutSeconds(60);
        try (var function = new FunctionPool(slow, getClass().getClassLoader());
             var api = new LocalHttpApi(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                     new RouteTable(List.of(RouteSpec.publicRoute(GET, "/slow", "Slow"))), Map.of("Slow", function),
                     Map.of(), Clock.systemUTC())) {
            api.start();
            var client = HttpClient.newHttpClient();
            var request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + api.port() + "/slow?ms=10000"))
                    .timeout(Duration.ofSeconds(60)).build();
            int sent = Admission.MIN_IN_FLIGHT + 50;
            var answers = new java.util.ArrayList<java.util.concurrent.CompletableFuture<HttpResponse<String>>>();
            for (int i = 0; i < sent; i++) {
                answers.add(client.sendAsync(request, HttpResponse.BodyHandlers.ofString()));
            }

            var statuses = answers.stream().map(java.util.concurrent.CompletableFuture::join)
                    .collect(java.util.stream.Collectors.groupingBy(HttpResponse::statusCode,
                            java.util.stream.Collectors.counting()));

            assertThat(statuses).as("nothing else than served or shed").containsOnlyKeys(200, 429);
            assertThat(statuses.get(429)).as("shed").isEqualTo(api.shedRequests()).isPositive();
            assertThat(statuses.get(200)).as("served").isGreaterThanOrEqualTo(Admission.MIN_IN_FLIGHT);
            answers.stream().map(java.util.concurrent.CompletableFuture::join).filter(r -> r.statusCode() == 429)
                    .forEach(r -> assertThat(r.headers().firstValue("retry-after")).isPresent());
        }
    }
}
