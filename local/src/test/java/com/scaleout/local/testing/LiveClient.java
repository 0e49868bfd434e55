package com.scaleout.local.testing;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.net.http.WebSocketHandshakeException;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A client of a local WebSocket API, on the JDK's {@link WebSocket}: each connection carries a header {@code X-Test}
 * of its own (so that a test finds its CONNECT event and, in it, its connection id), keeps the messages it receives
 * in order, and the close it sees.
 */
public final class LiveClient implements WebSocket.Listener, AutoCloseable {
    /** Generous: the machine is slow and shared. */
    private static final long WAIT_SECONDS = 30;
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    public record Close(int status, String reason) {
    }

    private final String tag = UUID.randomUUID().toString();
    private final BlockingQueue<String> messages = new LinkedBlockingQueue<>();
    private final CompletableFuture<Close> closed = new CompletableFuture<>();
    private final StringBuilder partial = new StringBuilder();
    private WebSocket socket;

    private LiveClient() {
    }

    public static LiveClient connect(URI uri) throws Exception {
        var client = new LiveClient();
        client.socket = HTTP.newWebSocketBuilder().header("X-Test", client.tag).buildAsync(uri, client)
                .get(WAIT_SECONDS, TimeUnit.SECONDS);
        return client;
    }

    /** The HTTP status a refused handshake was answered with; fails when the handshake succeeds. */
    public static int refusal(URI uri) throws Exception {
        try {
            connect(uri).close();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof WebSocketHandshakeException refused) {
                return refused.getResponse().statusCode();
            }
            throw e;
        }
        throw new AssertionError("the handshake to " + uri + " was accepted");
    }

    /** The value of this connection's {@code X-Test} header. */
    public String tag() {
        return tag;
    }

    public WebSocket socket() {
        return socket;
    }

    public void send(String text) throws Exception {
        socket.sendText(text, true).get(WAIT_SECONDS, TimeUnit.SECONDS);
    }

    /** One frame of a message; {@code last} ends it. */
    public void sendFrame(String text, boolean last) throws Exception {
        socket.sendText(text, last).get(WAIT_SECONDS, TimeUnit.SECONDS);
    }

    /** The next message received, waiting for it. */
    public String next() throws InterruptedException {
        return next(java.time.Duration.ofSeconds(WAIT_SECONDS));
    }

    /** The next message received, waiting for it at most {@code wait}. */
    public String next(java.time.Duration wait) throws InterruptedException {
        String message = messages.poll(wait.toMillis(), TimeUnit.MILLISECONDS);
        if (message == null) {
            throw new AssertionError("no message within " + wait.toSeconds() + " s");
        }
        return message;
    }

    /** The close the server sent, waiting for it. */
    public Close awaitClose() throws Exception {
        return closed.get(WAIT_SECONDS, TimeUnit.SECONDS);
    }

    public boolean isClosed() {
        return closed.isDone();
    }

    @Override
    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
        partial.append(data);
        if (last) {
            messages.add(partial.toString());
            partial.setLength(0);
        }
        webSocket.request(1);
        return null;
    }

    @Override
    public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
        closed.complete(new Close(statusCode, reason));
        return null;
    }

    @Override
    public void onError(WebSocket webSocket, Throwable error) {
        closed.completeExceptionally(error);
    }

    @Override
    public void close() {
        if (socket != null && !socket.isOutputClosed()) {
            socket.sendClose(WebSocket.NORMAL_CLOSURE, "done");
        }
    }

    /**
     * A listener for Jetty's WebSocket client, which sends a frame as large as asked (the JDK's client splits a
     * message into frames of its own size): it hears the close. Public: Jetty calls it through method handles.
     */
    public static final class CloseWatcher implements org.eclipse.jetty.websocket.api.Session.Listener.AutoDemanding {
        private final CompletableFuture<Close> closed = new CompletableFuture<>();

        @Override
        public void onWebSocketClose(int statusCode, String reason) {
            closed.complete(new Close(statusCode, reason));
        }

        public Close awaitClose() throws Exception {
            return closed.get(WAIT_SECONDS, TimeUnit.SECONDS);
        }
    }
}
