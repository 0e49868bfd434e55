package com.scaleout.client;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The public HTTP API of a running stack (docs/openapi.yaml): {@link #send(ApiRequest)}, one request answered as it
 * came, under typed calls grouped by workload ({@link #social()}, {@link #albums()}, {@link #imports()},
 * {@link #admin()}). Headers given to the builder go with every request (an admin key, an Idempotency-Key) unless
 * the request names its own.
 */
public final class ScaleoutClient {
    private final String base;
    private final Duration timeout;
    private final Map<String, String> everyRequest;
    private final Transport transport;
    private final BusyResend resend;
    private final Consumer<ApiResponse> onAnswer;

    private ScaleoutClient(Builder builder, Map<String, String> everyRequest) {
        this.base = builder.baseUrl.replaceAll("/+$", "");
        this.timeout = builder.timeout;
        this.everyRequest = Map.copyOf(everyRequest);
        this.transport = builder.transport != null ? builder.transport : Transport.over(builder.http());
        this.resend = builder.resend;
        this.onAnswer = builder.onAnswer;
    }

    private ScaleoutClient(ScaleoutClient same, Map<String, String> everyRequest) {
        this.base = same.base;
        this.timeout = same.timeout;
        this.everyRequest = Map.copyOf(everyRequest);
        this.transport = same.transport;
        this.resend = same.resend;
        this.onAnswer = same.onAnswer;
    }

    public static Builder to(String baseUrl) {
        return new Builder(baseUrl);
    }

    /** How the client connects and what it adds to every request. */
    public static final class Builder {
        private final String baseUrl;
        private Duration timeout = Duration.ofSeconds(60);
        private Duration connectTimeout;
        private HttpClient.Version version;
        private final Map<String, String> headers = new LinkedHashMap<>();
        private Transport transport;
        private BusyResend resend = BusyResend.NEVER;
        private Consumer<ApiResponse> onAnswer = answer -> { };

        private Builder(String baseUrl) {
            this.baseUrl = baseUrl;
        }

        /** How long a request may wait for its answer (default 60 s). */
        public Builder timeout(Duration value) {
            this.timeout = value;
            return this;
        }

        /** How long connecting may take (default: the JDK's, none). */
        public Builder connectTimeout(Duration value) {
            this.connectTimeout = value;
            return this;
        }

        /** The HTTP version to ask for (default the JDK's, HTTP/2 with an upgrade from HTTP/1.1). */
        public Builder version(HttpClient.Version value) {
            this.version = value;
            return this;
        }

        /** A header on every request. */
        public Builder header(String name, String value) {
            headers.put(name, value);
            return this;
        }

        /** Which answers are sent again (default none). */
        public Builder resend(BusyResend value) {
            this.resend = value;
            return this;
        }

        /** Told every answer a call ends with (a test checks it against the contract). */
        public Builder onAnswer(Consumer<ApiResponse> value) {
            this.onAnswer = value;
            return this;
        }

        /** Exchanges through this instead of the JDK's HTTP client (a test's fake stack). */
        public Builder transport(Transport value) {
            this.transport = value;
            return this;
        }

        public ScaleoutClient build() {
            return new ScaleoutClient(this, headers);
        }

        private HttpClient http() {
            var http = HttpClient.newBuilder();
            if (connectTimeout != null) {
                http.connectTimeout(connectTimeout);
            }
            if (version != null) {
                http.version(version);
            }
            return http.build();
        }
    }

    /** This client, sending these headers with every request too. */
    public ScaleoutClient withHeaders(Map<String, String> headers) {
        var all = new LinkedHashMap<>(everyRequest);
        all.putAll(headers);
        return new ScaleoutClient(this, all);
    }

    /**
     * One request, its answer as it came, whatever the status (busy answers sent again as the builder said).
     *
     * @throws IOException when no answer came (a refused or dropped connection, a timeout)
     */
    public ApiResponse send(ApiRequest call) throws IOException, InterruptedException {
        HttpRequest request = httpRequest(call);
        for (int attempt = 1; ; attempt++) {
            ApiResponse answer = transport.exchange(request);
            if (!resend.resendsAfter(attempt, answer)) {
                onAnswer.accept(answer);
                return answer;
            }
            Thread.sleep(resend.pauseAfter().apply(attempt).toMillis());
        }
    }

    /** One request of any method, path (with its query), headers and body (null for none). */
    public ApiResponse send(String method, String path, Map<String, String> headers, byte[] body)
            throws IOException, InterruptedException {
        return send(new ApiRequest(method, path, headers, body));
    }

    public SocialApi social() {
        return new SocialApi(this);
    }

    public AlbumsApi albums() {
        return new AlbumsApi(this);
    }

    public ImportApi imports() {
        return new ImportApi(this);
    }

    public AdminApi admin() {
        return new AdminApi(this);
    }

    private HttpRequest httpRequest(ApiRequest call) {
        var request = HttpRequest.newBuilder(URI.create(base + call.path())).timeout(timeout)
                .method(call.method(), call.body() == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofByteArray(call.body()));
        // a request's own header replaces the client's of the same name (a JSON body's content type, say)
        var headers = new TreeMap<String, String>(String.CASE_INSENSITIVE_ORDER);
        headers.putAll(everyRequest);
        headers.putAll(call.headers());
        headers.forEach(request::header);
        return request.build();
    }
}
