package com.scaleout.local.http;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.FutureCallback;

/**
 * One request to the gateway and its one answer, as the HTTP server hands them over: what the gateway reads (raw
 * path and query, headers as sent, the body) and how it answers, whatever server carries them.
 */
final class GatewayExchange {
    private final Request request;
    private final Response response;
    private final Callback done;

    GatewayExchange(Request request, Response response, Callback done) {
        this.request = request;
        this.response = response;
        this.done = done;
    }

    String method() {
        return request.getMethod();
    }

    /** The path as sent, still percent-encoded. */
    String rawPath() {
        return request.getHttpURI().getPath();
    }

    /** The query as sent, still percent-encoded; null without one. */
    String rawQuery() {
        return request.getHttpURI().getQuery();
    }

    String protocol() {
        return request.getConnectionMetaData().getProtocol();
    }

    /** Headers with their names as sent, repeated ones kept in order. */
    Map<String, List<String>> headers() {
        var headers = new LinkedHashMap<String, List<String>>();
        for (HttpField field : request.getHeaders()) {
            headers.computeIfAbsent(field.getName(), name -> new ArrayList<>()).add(field.getValue());
        }
        return headers;
    }

    /**
     * The head as API Gateway measures it for its quota: the request line and the header values, in bytes (header
     * names, separators and line ends do not count).
     */
    int headBytes() {
        String target = request.getHttpURI().getPathQuery();
        int bytes = utf8Length(method()) + 1 + utf8Length(target == null ? "" : target) + 1 + utf8Length(protocol());
        for (HttpField field : request.getHeaders()) {
            bytes += utf8Length(field.getValue() == null ? "" : field.getValue());
        }
        return bytes;
    }

    private static int utf8Length(String text) {
        return text.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
    }

    /** The Content-Length the client declared, or -1. */
    long declaredLength() {
        return request.getHeaders().getLongField(HttpHeader.CONTENT_LENGTH);
    }

    String remoteAddress() {
        return Request.getRemoteAddr(request);
    }

    InputStream body() {
        return Content.Source.asInputStream(request);
    }

    /** Sends the answer (no body for a HEAD) and waits until it is written. */
    void respond(int status, Map<String, List<String>> headers, List<String> cookies, byte[] body)
            throws IOException {
        response.setStatus(status);
        var fields = response.getHeaders();
        headers.forEach((name, values) -> values.forEach(value -> fields.add(name, value)));
        cookies.forEach(cookie -> fields.add(HttpHeader.SET_COOKIE, cookie));
        // one last write before anything is sent: Jetty sets Content-Length from it
        var written = new FutureCallback();
        response.write(true, method().equals("HEAD") ? ByteBuffer.allocate(0) : ByteBuffer.wrap(body), written);
        try {
            written.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while answering");
        } catch (ExecutionException e) {
            throw new IOException("the answer could not be written", e.getCause());
        }
    }

    /** The exchange is over: answered, or failed when the answer could not be written. */
    void finish(Throwable failure) {
        if (failure == null) {
            done.succeeded();
        } else {
            done.failed(failure);
        }
    }
}
