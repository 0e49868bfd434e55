package com.scaleout.local.websocket;

import com.scaleout.declaration.WebSocketApiSpec;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Base64;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.jetty.websocket.api.Callback;
import org.eclipse.jetty.websocket.api.Session;

/**
 * One client's connection, as Jetty's WebSocket server hands its frames over: what it sends goes to the gateway
 * (one message at a time, the frames of a message already joined by Jetty), and its close, whoever closed it, to
 * the gateway once. Public because Jetty calls its listener methods through method handles.
 */
public final class LiveConnection implements Session.Listener.AutoDemanding {
    private static final Logger LOG = Logger.getLogger(LiveConnection.class.getName());

    private final LiveGateway gateway;
    private final WebSocketEvents.Caller caller;
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile Session session;
    private volatile Instant lastActiveAt;
    /** The close at the connection's maximum duration, cancelled by an earlier close. */
    private volatile java.util.concurrent.Future<?> expiry;

    LiveConnection(LiveGateway gateway, WebSocketEvents.Caller caller) {
        this.gateway = gateway;
        this.caller = caller;
        this.lastActiveAt = caller.connectedAt();
    }

    WebSocketEvents.Caller caller() {
        return caller;
    }

    String id() {
        return caller.connectionId();
    }

    Instant lastActiveAt() {
        return lastActiveAt;
    }

    @Override
    public void onWebSocketOpen(Session opened) {
        this.session = opened;
        opened.setIdleTimeout(gateway.limits().idleTimeout());
        // the gateway closes an idle connection itself, as API Gateway does (1001 "Going away")
        opened.addIdleTimeoutListener(timeout -> {
            close(org.eclipse.jetty.websocket.api.StatusCode.SHUTDOWN, "Going away");
            return false;
        });
        gateway.opened(this);
    }

    @Override
    public void onWebSocketText(String message) {
        lastActiveAt = gateway.now();
        gateway.received(this, message, false);
    }

    /** A binary message has no action to route by: it goes to $default, base64 encoded. */
    @Override
    public void onWebSocketBinary(ByteBuffer payload, Callback callback) {
        lastActiveAt = gateway.now();
        var bytes = new byte[payload.remaining()];
        payload.get(bytes);
        callback.succeed();
        gateway.received(this, Base64.getEncoder().encodeToString(bytes), true);
    }

    @Override
    public void onWebSocketClose(int statusCode, String reason, Callback callback) {
        callback.succeed();
        var scheduled = expiry;
        if (scheduled != null) {
            scheduled.cancel(false);
        }
        if (closed.compareAndSet(false, true)) {
            gateway.closed(this, statusCode, reason);
        }
    }

    @Override
    public void onWebSocketError(Throwable cause) {
        // Jetty closes the connection after an error (a message too large: 1009), and onWebSocketClose follows
        LOG.log(Level.FINE, () -> "connection " + id() + ": " + cause);
    }

    /**
     * Sends one text message, in frames of at most API Gateway's frame size (Jetty refuses larger frames both ways,
     * so that a client's are refused); completes when it is written, fails when the connection is gone.
     */
    CompletableFuture<Void> send(String message) {
        var sent = new CompletableFuture<Void>();
        Session current = session;
        if (current == null || !current.isOpen()) {
            sent.completeExceptionally(new IllegalStateException("connection " + id() + " is closed"));
            return sent;
        }
        lastActiveAt = gateway.now();
        List<String> frames = frames(message, WebSocketApiSpec.MAX_FRAME_BYTES);
        synchronized (this) { // one message's frames are queued together, never between another's
            for (int i = 0; i < frames.size(); i++) {
                boolean last = i == frames.size() - 1;
                current.sendPartialText(frames.get(i), last,
                        last ? Callback.from(() -> sent.complete(null), sent::completeExceptionally) : Callback.NOOP);
            }
        }
        return sent;
    }

    /** The text cut into pieces of at most {@code maxBytes} in UTF-8, never inside a character. */
    static List<String> frames(String text, int maxBytes) {
        var frames = new ArrayList<String>();
        int start = 0;
        int bytes = 0;
        for (int i = 0; i < text.length(); ) {
            int codePoint = text.codePointAt(i);
            int size = codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
            if (bytes + size > maxBytes) {
                frames.add(text.substring(start, i));
                start = i;
                bytes = 0;
            }
            bytes += size;
            i += Character.charCount(codePoint);
        }
        frames.add(text.substring(start));
        return frames;
    }

    void expiresWith(java.util.concurrent.Future<?> scheduledClose) {
        this.expiry = scheduledClose;
    }

    void close(int statusCode, String reason) {
        Session current = session;
        if (current != null && current.isOpen()) {
            current.close(statusCode, reason, Callback.NOOP);
        }
    }
}
