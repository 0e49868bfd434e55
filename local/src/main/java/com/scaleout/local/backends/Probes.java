package com.scaleout.local.backends;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** Cheap "does it answer" checks for the backends, and free loopback ports for them. */
public final class Probes {
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofMillis(500)).build();

    private Probes() {
    }

    public static int freePort() {
        try (var socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException("no free loopback port", e);
        }
    }

    /** Any HTTP answer counts: moto_server answers its root with 200. */
    public static boolean httpAnswers(URI uri) {
        try {
            var request = HttpRequest.newBuilder(uri).timeout(Duration.ofMillis(800)).GET().build();
            HTTP.send(request, HttpResponse.BodyHandlers.discarding());
            return true;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Whether the DynamoDB endpoint is moto with the project's patch layer (its answers carry the layer's marker
     * header): then a cancelled transaction never shows in, or rewinds, the stream.
     */
    public static boolean isPatchedMoto(URI uri) {
        try {
            var request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).GET().build();
            return HTTP.send(request, HttpResponse.BodyHandlers.discarding()).headers()
                    .firstValue(MotoServer.MARKER_HEADER).isPresent();
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Redis answers an inline PING with +PONG. */
    public static boolean redisAnswers(String host, int port) {
        try (var socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), 500);
            socket.setSoTimeout(800);
            OutputStream out = socket.getOutputStream();
            out.write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            byte[] answer = in.readNBytes(7);
            return new String(answer, StandardCharsets.US_ASCII).startsWith("+PONG");
        } catch (IOException e) {
            return false;
        }
    }
}
