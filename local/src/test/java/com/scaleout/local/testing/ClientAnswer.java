package com.scaleout.local.testing;

import com.scaleout.client.ApiResponse;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Optional;
import javax.net.ssl.SSLSession;

/** An answer of the API client as the JDK's client would have returned it, for the contract check. */
record ClientAnswer(ApiResponse answer) implements HttpResponse<String> {
    @Override
    public int statusCode() {
        return answer.status();
    }

    @Override
    public HttpRequest request() {
        return answer.request();
    }

    @Override
    public Optional<HttpResponse<String>> previousResponse() {
        return Optional.empty();
    }

    @Override
    public HttpHeaders headers() {
        return answer.headers();
    }

    @Override
    public String body() {
        return answer.body();
    }

    @Override
    public Optional<SSLSession> sslSession() {
        return Optional.empty();
    }

    @Override
    public URI uri() {
        return answer.request().uri();
    }

    @Override
    public HttpClient.Version version() {
        return HttpClient.Version.HTTP_1_1;
    }
}
