package com.scaleout.local.http;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.internal.HttpConnection;
import org.eclipse.jetty.util.thread.Scheduler;

/**
 * HTTP/1.1 connections whose every request head must arrive whole within {@code limit} of its first byte, else the
 * connection is closed unanswered (slowloris). Jetty's idle timeout starts again with every byte, so a client that
 * trickles a header line every few seconds held a connection, a parser and a buffer for as long as it liked. The time
 * between requests of a kept-alive connection does not count (the idle timeout governs it), nor does the time a
 * request takes once its head is in.
 */
final class HeadDeadline extends HttpConnectionFactory {
    private final Duration limit;
    private final GatewayLog log;

    HeadDeadline(HttpConfiguration http, Duration limit, GatewayLog log) {
        super(http);
        this.limit = limit;
        this.log = log;
    }

    @Override
    public Connection newConnection(Connector connector, EndPoint endPoint) {
        var connection = new TimedConnection(getHttpConfiguration(), connector, endPoint);
        connection.setTransferEncodingChunkMaxLength(getTransferEncodingChunkMaxLength()); // as Jetty's own factory
        return configure(connection, connector, endPoint);
    }

    /** Jetty's HTTP/1.1 connection, which parses every request head in {@link #onFillable()}. */
    private final class TimedConnection extends HttpConnection {
        private Scheduler.Task expiry; // guarded by this

        TimedConnection(HttpConfiguration http, Connector connector, EndPoint endPoint) {
            super(http, connector, endPoint);
        }

        @Override
        public void onFillable() {
            super.onFillable();
            // back here, everything read is parsed: either a head is still partial, or none has begun, or it is whole
            if (getParser().inHeaderState() && !getParser().isStart()) {
                arm();
            } else {
                disarm();
            }
        }

        @Override
        public void onClose(Throwable cause) {
            disarm();
            super.onClose(cause);
        }

        private synchronized void arm() {
            if (expiry == null) {
                expiry = getConnector().getScheduler().schedule(this::expire, limit.toNanos(), TimeUnit.NANOSECONDS);
            }
        }

        private synchronized void disarm() {
            if (expiry != null) {
                expiry.cancel();
                expiry = null;
            }
        }

        private void expire() {
            synchronized (this) {
                if (expiry == null) {
                    return; // the head completed as the deadline came
                }
                expiry = null;
            }
            log.closed("request head not complete within " + limit.toMillis() / 1000.0 + " s",
                    String.valueOf(getEndPoint().getRemoteSocketAddress()));
            getEndPoint().close();
        }
    }
}
