package com.scaleout.local.faults;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.scaleout.local.backends.HttpExchanges;
import com.scaleout.functions.shared.json.Json;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * DynamoDB's front door when its capacity runs out: an attempt {@link DynamoDbThrottling} picks is answered the way
 * DynamoDB answers a throttled request (HTTP 400, an {@code x-amz-json-1.0} error body whose {@code __type} is
 * ProvisionedThroughputExceededException, ThrottlingException or RequestLimitExceeded, in turn; for a transaction,
 * also TransactionCanceledException with a ThrottlingError cancellation reason), so the SDK's own error
 * unmarshalling and retry policy see a real throttle, and nothing is written. Other attempts are forwarded to the
 * DynamoDB endpoint the client was configured with (the target header goes along; DynamoDB ignores it).
 */
final class ThrottlingProxy {
    /** The endpoint the call was meant for, set by {@link ThrottlingInterceptor}. */
    static final String TARGET_HEADER = "x-scaleout-throttling-target";
    private static final List<Throttle> THROTTLES = List.of(
            new Throttle("com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException",
                    "The level of configured provisioned throughput for the table was exceeded."),
            new Throttle("com.amazon.coral.availability#ThrottlingException",
                    "Rate of requests exceeds the allowed throughput."),
            new Throttle("com.amazonaws.dynamodb.v20120810#RequestLimitExceeded",
                    "Throughput exceeds the current throughput limit for your account."));

    private record Throttle(String type, String message) {
    }

    private final HttpServer server;
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private final HttpClient client = HttpClient.newBuilder().executor(executor)
            .connectTimeout(Duration.ofSeconds(2)).version(HttpClient.Version.HTTP_1_1).build();
    private final AtomicLong answered = new AtomicLong();

    private ThrottlingProxy() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 256);
        server.createContext("/", this::serve);
        server.setExecutor(executor);
    }

    static ThrottlingProxy start() throws IOException {
        var proxy = new ThrottlingProxy();
        proxy.server.start();
        return proxy;
    }

    URI uri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    private void serve(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] body;
            try (InputStream in = exchange.getRequestBody()) {
                body = in.readAllBytes();
            }
            if (DynamoDbThrottling.throttlesAttempt(new String(body, StandardCharsets.UTF_8))) {
                String target = exchange.getRequestHeaders().getFirst("x-amz-target");
                answer(exchange, 400, throttleBody(target != null && target.endsWith(".TransactWriteItems"), body));
            } else {
                forward(exchange, body);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The error body, in turn; a transaction's every other throttle is a cancellation, as DynamoDB reports it. */
    private byte[] throttleBody(boolean transaction, byte[] request) throws IOException {
        long turn = answered.getAndIncrement();
        ObjectNode error = Json.MAPPER.createObjectNode();
        if (transaction && turn % 2 == 0) {
            error.put("__type", "com.amazonaws.dynamodb.v20120810#TransactionCanceledException");
            error.put("Message", "Transaction cancelled, please refer cancellation reasons for specific reasons "
                    + "[ThrottlingError]");
            var reasons = error.putArray("CancellationReasons");
            JsonNode items = Json.MAPPER.readTree(request).path("TransactItems");
            for (int i = 0; i < Math.max(1, items.size()); i++) {
                // the first item ran out of capacity; the others were not the reason
                var reason = reasons.addObject().put("Code", i == 0 ? "ThrottlingError" : "None");
                if (i == 0) {
                    reason.put("Message", "Throughput exceeds the current capacity of your table or index.");
                }
            }
        } else {
            Throttle throttle = THROTTLES.get((int) (turn % THROTTLES.size()));
            error.put("__type", throttle.type());
            error.put("message", throttle.message());
        }
        return Json.write(error).getBytes(StandardCharsets.UTF_8);
    }

    private static void answer(HttpExchange exchange, int status, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("content-type", "application/x-amz-json-1.0");
        exchange.getResponseHeaders().set("x-amzn-requestid", UUID.randomUUID().toString());
        exchange.sendResponseHeaders(status, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    private void forward(HttpExchange exchange, byte[] body) throws IOException, InterruptedException {
        URI target = URI.create(exchange.getRequestHeaders().getFirst(TARGET_HEADER));
        HttpExchanges.relay(client.send(HttpExchanges.requestTo(target, exchange, body),
                HttpResponse.BodyHandlers.ofByteArray()), exchange);
    }
}
