package com.scaleout.client;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/** One exchange with the stack: the request sent, its answer read whole (a test's fake answers in memory). */
@FunctionalInterface
public interface Transport {
    ApiResponse exchange(HttpRequest request) throws IOException, InterruptedException;

    /** Over the JDK's HTTP client. */
    static Transport over(HttpClient http) {
        return request -> {
            var response = http.send(request, HttpResponse.BodyHandlers.ofString());
            return new ApiResponse(request, response.statusCode(), response.headers(), response.body());
        };
    }
}
