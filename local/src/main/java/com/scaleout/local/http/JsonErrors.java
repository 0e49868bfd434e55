package com.scaleout.local.http;

import com.scaleout.functions.shared.json.Json;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * What the HTTP server answers itself, before any route is chosen (a malformed request line, an undecodable
 * percent-encoding, headers too large): the gateway's JSON {@code {"message"}}, as every other gateway error, not
 * an HTML page.
 */
final class JsonErrors extends ErrorHandler {
    @Override
    protected void generateResponse(Request request, Response response, int code, String message, Throwable cause,
                                    Callback callback) {
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
        response.getHeaders().put("X-Content-Type-Options", "nosniff"); // as every answer of the API
        byte[] body = Json.write(Map.of("message", HttpStatus.getMessage(code))).getBytes(StandardCharsets.UTF_8);
        response.write(true, ByteBuffer.wrap(body), callback);
    }
}
