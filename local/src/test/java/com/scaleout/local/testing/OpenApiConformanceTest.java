package com.scaleout.local.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scaleout.declaration.ScaleoutDeclaration;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.net.ssl.SSLSession;
import org.junit.jupiter.api.Test;

/** The contract check on hand-made exchanges: it passes what the document declares and names what it does not. */
class OpenApiConformanceTest {
    private static final OpenApiConformance CONTRACT = OpenApiConformance.contract();
    private static final String TWEET = """
            {"id":"01J0000000000000000000000A","author":{"id":"01J0000000000000000000000B","username":"ada",
             "displayName":"Ada"},"text":"hi","createdAt":"2026-01-01T00:00:00.000Z","inReplyTo":null,
             "inReplyToUsername":null,"hashtags":[],"mentions":[],"replies":0,"retweets":0,"likes":0}""";

    private static HttpRequest get(String pathAndQuery) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:3000" + pathAndQuery)).GET().build();
    }

    private static HttpRequest postJson(String path, String token, String body) {
        return post(path, "application/json", token, body);
    }

    private static HttpRequest post(String path, String contentType, String token, String body) {
        var builder = HttpRequest.newBuilder(URI.create("http://127.0.0.1:3000" + path))
                .header("content-type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (token != null) {
            builder.header("authorization", "Bearer " + token);
        }
        return builder.build();
    }

    private static HttpResponse<String> json(HttpRequest request, int status, String body) {
        return new Answer(request, status, Map.of("content-type", List.of("application/json")), body);
    }

    @Test
    void aDeclaredAnswerConforms() {
        assertThat(CONTRACT.violations(get("/tweets/01J0000000000000000000000A"),
                json(get("/tweets/01J0000000000000000000000A"), 200, TWEET))).isEmpty();
        var logIn = postJson("/sessions", null, "{\"username\":\"ada\",\"password\":\"x\"}");
        assertThat(CONTRACT.violations(logIn, json(logIn, 401, "{\"message\":\"Invalid credentials\"}"))).isEmpty();
    }

    @Test
    void aProfileIsAUserWithCountsAndUnknownRequestFieldsAreIgnored() {
        var request = get("/users/ada");
        assertThat(CONTRACT.violations(request, json(request, 200, """
                {"id":"01J0000000000000000000000B","username":"ada","displayName":"Ada",
                 "createdAt":"2026-01-01T00:00:00.000Z","followers":1,"following":2,"tweets":3,
                 "bio":null}"""))).isEmpty();
        var register = postJson("/users", null, "{\"username\":\"ada\",\"password\":\"12345678\",\"isAdmin\":true}");
        assertThat(CONTRACT.violations(register, json(register, 201, """
                {"id":"01J0000000000000000000000B","username":"ada","displayName":"ada",
                 "createdAt":"2026-01-01T00:00:00.000Z"}"""))).isEmpty();
    }

    @Test
    void aResponseFieldTheDocumentDoesNotDescribeIsAGap() {
        var request = get("/tweets/01J0000000000000000000000A");
        assertThat(CONTRACT.violations(request, json(request, 200, TWEET.replace("\"replies\":0", "\"replies\":0,\"views\":9"))))
                .singleElement().asString().contains("views");
    }

    @Test
    void anUndeclaredStatusAMissingFieldOrAWrongContentTypeIsNamed() {
        var request = get("/tweets/01J0000000000000000000000A");
        assertThat(CONTRACT.violations(request, json(request, 500, "{\"message\":\"Internal Server Error\"}")))
                .singleElement().asString().contains("validation.response.status.unknown");
        assertThat(CONTRACT.violations(request, json(request, 200, TWEET.replace("\"replies\":0,", ""))))
                .singleElement().asString().contains("replies");
        var text = new Answer(request, 200, Map.of("content-type", List.of("text/plain")), TWEET);
        assertThat(CONTRACT.violations(request, text)).singleElement().asString().contains("contentType");
    }

    @Test
    void aRequestOutsideTheContractMustNotSucceed() {
        var missingToken = postJson("/tweets", null, "{\"text\":\"hi\"}");
        assertThat(CONTRACT.violations(missingToken, json(missingToken, 401, "{\"message\":\"Unauthorized\"}")))
                .isEmpty();
        assertThat(CONTRACT.violations(missingToken, json(missingToken, 201, TWEET)))
                .singleElement().asString().contains("outside the contract was answered 201")
                .contains("security");
    }

    /** The gateway refuses a path it cannot take (a NUL, a malformed escape) itself, before any route's shape. */
    @Test
    void aPathTheGatewayCannotTakeMayBeItsOwn400() {
        String gateway = "{\"message\":\"Bad Request\"}";
        assertThat(CONTRACT.violations(get("/review/%00"), json(get("/review/%00"), 400, gateway))).isEmpty();
        assertThat(CONTRACT.violations(get("/review/abc"), json(get("/review/abc"), 400, gateway)))
                .as("a path the gateway takes: the route's own shape, {\"msg\"}").isNotEmpty();
    }

    @Test
    void anyOperationMayBeThrottledOrBusyAsTheDocumentSaysOnce() {
        var request = get("/users/ada/followers");
        assertThat(CONTRACT.violations(request, json(request, 429, "{\"message\":\"Too Many Requests\"}"))).isEmpty();
        assertThat(CONTRACT.violations(request, json(request, 503,
                "{\"message\":\"Service busy, retry shortly\",\"requestId\":\"r\"}"))).isEmpty();
        var album = get("/albums/1");
        assertThat(CONTRACT.violations(album, json(album, 503, "{\"msg\":\"busy\"}"))).isEmpty();
        assertThat(CONTRACT.violations(album, json(album, 503, "{}"))).hasSize(1);
    }

    @Test
    void aTransitBodyIsNotReadAsPlainJsonButItsAnswerIsChecked() {
        var push = post("/v2/import/push", "application/transit+json", "k", "[[\"^ \",\"~:client_id\",1]]");
        assertThat(CONTRACT.violations(push, json(push, 201, "{\"status\":\"OK\",\"message\":\"Batch Accepted!\"}")))
                .isEmpty();
        assertThat(CONTRACT.violations(push, json(push, 201, "{\"status\":\"FINE\",\"message\":\"\"}"))).hasSize(1);
    }

    @Test
    void onlyOperationsDeclaring415AreStrictAboutTheContentType() {
        var tweet = post("/tweets", "text/plain", "t", "{\"text\":\"hi\"}");
        assertThat(CONTRACT.violations(tweet, json(tweet, 201, TWEET))).isEmpty();
        var push = post("/v2/import/push", "text/plain", "k", "[]");
        assertThat(CONTRACT.violations(push, json(push, 201, "{\"status\":\"OK\",\"message\":\"Batch Accepted!\"}")))
                .singleElement().asString().contains("contentType");
    }

    @Test
    void anUndocumentedRouteGetsTheGatewaysNotFound() {
        var request = get("/no/such/route");
        assertThat(CONTRACT.violations(request, json(request, 404, "{\"message\":\"Not Found\"}"))).isEmpty();
        assertThat(CONTRACT.violations(request, json(request, 200, "{}"))).hasSize(1);
    }

    @Test
    void checkFailsNamingTheRouteStatusAndViolation() {
        var request = get("/users/ada");
        assertThatThrownBy(() -> CONTRACT.check(request, json(request, 200, "{\"id\":\"x\"}")))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("GET /users/ada -> 200")
                .hasMessageContaining("GET /users/{username}");
    }

    @Test
    void theProductionDeclarationIsDocumentedAndTheTestSystemIsNot() {
        assertThat(CONTRACT.documentsEveryRouteOf(ScaleoutDeclaration.declaration())).isTrue();
        assertThat(CONTRACT.documentsEveryRouteOf(TestDeclaration.declaration())).isFalse();
    }

    /** A response as the JDK's client returns it. */
    private record Answer(HttpRequest request, int statusCode, Map<String, List<String>> headerMap, String body)
            implements HttpResponse<String> {
        @Override
        public HttpHeaders headers() {
            return HttpHeaders.of(headerMap, (name, value) -> true);
        }

        @Override
        public Optional<HttpResponse<String>> previousResponse() {
            return Optional.empty();
        }

        @Override
        public Optional<SSLSession> sslSession() {
            return Optional.empty();
        }

        @Override
        public URI uri() {
            return request.uri();
        }

        @Override
        public HttpClient.Version version() {
            return HttpClient.Version.HTTP_1_1;
        }
    }
}
