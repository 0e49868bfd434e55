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
 * percent-encoding, a head over what it reads): the gateway's JSON {@code {"message"}}, as every other gateway error,
 * not an HTML page, with a request id and a line in the gateway's log as its other own answers.
 */
final class JsonErrors extends ErrorHandler {
    private final GatewayLog log;

    JsonErrors(GatewayLog log) {
        this.log = log;
    }

    @Override
    protected void generateResponse(Request request, Response response, int code, String message, Throwable cause,
                                    Callback callback) {
        String requestId = LocalHttpApi.newRequestId();
        log.answered(code, "refused by the HTTP server", String.valueOf(message),
                () -> "none (refused before route selection)", requestId);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
        response.getHeaders().put("X-Content-Type-Options", "nosniff"); // as every answer of the API
        response.getHeaders().put("apigw-requestid", requestId);
        byte[] body = Json.write(Map.of("message", HttpStatus.getMessage(code))).getBytes(StandardCharsets.UTF_8);
        response.write(true, ByteBuffer.wrap(body), callback);
    }
}
