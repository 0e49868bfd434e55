package com.scaleout.local.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * HTTP/1.1 written and read as bytes, for what java.net.http will not send: malformed targets, heads of any size,
 * heads sent a byte at a time.
 */
public final class RawHttp {
    private RawHttp() {
    }

    public static Socket connect(int port) throws IOException {
        var socket = new Socket(InetAddress.getLoopbackAddress(), port);
        socket.setSoTimeout(60_000);
        return socket;
    }

    /** One request with {@code headers} (lines without their CRLF), closing: the whole answer as text. */
    static String send(int port, String method, String target, String... headers) throws IOException {
        var head = new StringBuilder(method).append(' ').append(target).append(" HTTP/1.1\r\nHost: localhost\r\n");
        for (String header : headers) {
            head.append(header).append("\r\n");
        }
        head.append("Connection: close\r\n\r\n");
        try (var socket = connect(port)) {
            socket.getOutputStream().write(head.toString().getBytes(StandardCharsets.UTF_8));
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** One answer off a kept-alive connection: its head and its body (by Content-Length). */
    public static String readAnswer(InputStream in) throws IOException {
        var head = new ByteArrayOutputStream();
        while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("closed before an answer: " + head.toString(StandardCharsets.ISO_8859_1));
            }
            head.write(b);
        }
        String text = head.toString(StandardCharsets.ISO_8859_1);
        int length = text.toLowerCase(Locale.ROOT).lines().filter(line -> line.startsWith("content-length:"))
                .mapToInt(line -> Integer.parseInt(line.substring("content-length:".length()).trim()))
                .findFirst().orElse(0);
        return text + new String(in.readNBytes(length), StandardCharsets.UTF_8);
    }

    /** Blocks until the server closes the connection (true), or the socket's read timeout passes (false). */
    public static boolean closedByServer(Socket socket) throws IOException {
        try {
            return socket.getInputStream().read() < 0;
        } catch (java.net.SocketTimeoutException stillOpen) {
            return false;
        } catch (SocketException reset) {
            return true; // closed while the client was still writing
        }
    }
}
