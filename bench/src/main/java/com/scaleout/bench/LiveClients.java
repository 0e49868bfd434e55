package com.scaleout.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.functions.shared.json.Json;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.net.http.WebSocketHandshakeException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import java.util.function.LongSupplier;

/**
 * Clients of the Live WebSocket API as a browser would be, with the JDK's {@link java.net.http.WebSocket}: each
 * connects with its user's token, subscribes to one stream and counts its {@code subscribed}; then every {@code
 * tweet} message that reaches it is stamped on arrival ({@link System#nanoTime()}), the first copy per tweet kept
 * and any further copy counted as a duplicate. One HTTP client carries every connection.
 */
final class LiveClients implements AutoCloseable {
    /** A handshake refused with 429 (the account's new-connection quota) is tried again, this many times at most. */
    private static final int HANDSHAKE_ATTEMPTS = 5;
    private static final Duration HANDSHAKE_TIMEOUT = Duration.ofSeconds(60);
    private static final long CLOSE_POLL_MILLIS = 5;

    private final HttpClient http = HttpClient.newHttpClient();
    private final List<Connection> connections = new ArrayList<>();
    /** Guards {@link #reached}; notified on each arrival. */
    private final Object arrival = new Object();
    /** Connections each tweet (by id) reached, first copies only. */
    private final Map<String, Integer> reached = new HashMap<>();
    /** What went wrong on the connections (errors, closes by the server): the benchmark reports it. */
    private final ConcurrentLinkedQueue<String> problems = new ConcurrentLinkedQueue<>();

    /**
     * Opens a connection per token at {@code url}, {@code inFlight} handshakes at a time, each subscribed to
     * {@code stream}; returns once every one has its {@code subscribed} (else throws, saying how many had not).
     */
    void open(String url, List<String> tokens, String stream, int inFlight, IntConsumer progress)
            throws InterruptedException {
        var slots = new Semaphore(inFlight);
        var done = new ArrayList<CompletableFuture<WebSocket>>();
        var subscribed = new AtomicInteger();
        String subscribe = Json.write(Map.of("action", "subscribe", "stream", stream));
        for (String token : tokens) {
            slots.acquire();
            var connection = new Connection();
            connections.add(connection);
            URI uri = URI.create(url + "?token=" + URLEncoder.encode(token, StandardCharsets.UTF_8));
            var opened = connect(uri, connection, HANDSHAKE_ATTEMPTS)
                    .thenCompose(socket -> socket.sendText(subscribe, true))
                    .thenCompose(socket -> connection.subscribed)
                    .whenComplete((ok, failure) -> {
                        slots.release();
                        if (failure == null) {
                            progress.accept(subscribed.incrementAndGet());
                        }
                    });
            done.add(opened);
        }
        var all = CompletableFuture.allOf(done.toArray(CompletableFuture[]::new));
        try {
            all.get(HANDSHAKE_TIMEOUT.toSeconds() + tokens.size() / 10, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            long failed = done.stream().filter(f -> !f.isDone() || f.isCompletedExceptionally()).count();
            throw new IllegalStateException(failed + " of " + tokens.size() + " connections not subscribed; first "
                    + "problems: " + problems.stream().limit(5).toList(), e);
        }
    }

    private CompletableFuture<WebSocket> connect(URI uri, Connection connection, int attemptsLeft) {
        return http.newWebSocketBuilder().connectTimeout(HANDSHAKE_TIMEOUT).buildAsync(uri, connection)
                .handle((socket, failure) -> {
                    if (failure == null) {
                        return CompletableFuture.completedFuture(socket);
                    }
                    Throwable cause = failure.getCause() == null ? failure : failure.getCause();
                    if (attemptsLeft > 1 && cause instanceof WebSocketHandshakeException refused
                            && refused.getResponse().statusCode() == 429) {
                        return CompletableFuture.supplyAsync(() -> null,
                                        CompletableFuture.delayedExecutor(200, TimeUnit.MILLISECONDS))
                                .thenCompose(ignored -> connect(uri, connection, attemptsLeft - 1));
                    }
                    problems.add("handshake failed: " + cause);
                    return CompletableFuture.<WebSocket>failedFuture(cause);
                }).thenCompose(future -> future);
    }

    int size() {
        return connections.size();
    }

    /**
     * Waits until {@code tweetId} has reached {@code count} connections or {@code budget} is spent; answers how many
     * it reached.
     */
    int awaitReached(String tweetId, int count, Duration budget) throws InterruptedException {
        long giveUp = System.nanoTime() + budget.toNanos();
        synchronized (arrival) {
            while (reached.getOrDefault(tweetId, 0) < count) {
                long left = TimeUnit.NANOSECONDS.toMillis(giveUp - System.nanoTime());
                if (left <= 0) {
                    break;
                }
                arrival.wait(left);
            }
            return reached.getOrDefault(tweetId, 0);
        }
    }

    /** When {@code tweetId} arrived at each connection ({@link System#nanoTime()}), where it did. */
    List<Long> arrivals(String tweetId) {
        return connections.stream().map(c -> c.arrivals.get(tweetId)).filter(java.util.Objects::nonNull).toList();
    }

    /** Copies of {@code tweetId} beyond the first, over every connection. */
    int duplicates(String tweetId) {
        return connections.stream().mapToInt(c -> c.copies.getOrDefault(tweetId, 1) - 1)
                .filter(extra -> extra > 0).sum();
    }

    /** Connections the server closed, and the errors it sent (bad JSON, a refused subscription, ...). */
    List<String> problems() {
        return List.copyOf(problems);
    }

    /**
     * Closes every connection normally, one after another, but never with more than {@code inFlight} of them whose
     * {@code $disconnect} has not run yet ({@code disconnects}: how many have), so that the closes do not start a
     * Live environment each; then waits for the last ones' (within {@code budget}). Answers whether all ran.
     */
    boolean closeGently(int inFlight, LongSupplier disconnects, Duration budget) throws InterruptedException {
        long giveUp = System.nanoTime() + budget.toNanos();
        int closed = 0;
        for (var connection : connections) {
            while (closed - disconnects.getAsLong() >= inFlight && System.nanoTime() < giveUp) {
                Thread.sleep(CLOSE_POLL_MILLIS);
            }
            connection.closing = true;
            connection.socket().ifPresent(socket -> socket.sendClose(WebSocket.NORMAL_CLOSURE, "benchmark done"));
            closed++;
        }
        while (disconnects.getAsLong() < closed && System.nanoTime() < giveUp) {
            Thread.sleep(CLOSE_POLL_MILLIS);
        }
        return disconnects.getAsLong() >= closed;
    }

    @Override
    public void close() {
        for (var connection : connections) {
            connection.socket().ifPresent(WebSocket::abort);
        }
        http.shutdownNow();
    }

    private void arrived(String tweetId) {
        synchronized (arrival) {
            reached.merge(tweetId, 1, Integer::sum);
            arrival.notifyAll();
        }
    }

    /** One connection: its listener, which sees its messages one at a time. */
    private final class Connection implements WebSocket.Listener {
        final CompletableFuture<WebSocket> subscribed = new CompletableFuture<>();
        final Map<String, Long> arrivals = new ConcurrentHashMap<>();
        final Map<String, Integer> copies = new ConcurrentHashMap<>();
        private final StringBuilder partial = new StringBuilder();
        private volatile WebSocket socket;
        /** Set when the benchmark closes it: the server's answer to that close is not a problem. */
        volatile boolean closing;

        Optional<WebSocket> socket() {
            return Optional.ofNullable(socket);
        }

        @Override
        public void onOpen(WebSocket webSocket) {
            socket = webSocket;
            webSocket.request(1);
        }

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            long now = System.nanoTime();
            partial.append(data);
            if (last) {
                String text = partial.toString();
                partial.setLength(0);
                received(webSocket, text, now);
            }
            webSocket.request(1);
            return null;
        }

        private void received(WebSocket webSocket, String text, long now) {
            JsonNode message;
            try {
                message = Json.MAPPER.readTree(text);
            } catch (IOException e) {
                problems.add("not JSON: " + text);
                return;
            }
            switch (message.path("type").asText()) {
                case "subscribed" -> subscribed.complete(webSocket);
                case "tweet" -> {
                    String id = message.path("data").path("id").asText();
                    if (copies.merge(id, 1, Integer::sum) == 1) {
                        arrivals.put(id, now);
                        arrived(id);
                    }
                }
                case "error" -> {
                    problems.add("error message: " + text);
                    subscribed.completeExceptionally(new IllegalStateException(text));
                }
                default -> {
                    // deletes and other streams' messages are not measured
                }
            }
        }

        @Override
        public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
            if (!closing) {
                problems.add("closed by the server: " + statusCode + " " + reason);
            }
            subscribed.completeExceptionally(new IllegalStateException("closed: " + statusCode + " " + reason));
            return null;
        }

        @Override
        public void onError(WebSocket webSocket, Throwable error) {
            problems.add("connection failed: " + error);
            subscribed.completeExceptionally(error);
        }
    }
}
