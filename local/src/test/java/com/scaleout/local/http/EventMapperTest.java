package com.scaleout.local.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EventMapperTest {

    @Test
    void textContentTypesTravelAsTextEverythingElseAsBase64() {
        byte[] json = "{\"a\":\"é\"}".getBytes(StandardCharsets.UTF_8);
        byte[] png = {(byte) 0x89, 'P', 'N', 'G'};

        assertThat(EventMapper.mapBody(json, Map.of("content-type", "application/json; charset=utf-8")))
                .isEqualTo(new EventMapper.MappedBody("{\"a\":\"é\"}", false));
        assertThat(EventMapper.mapBody(json, Map.of("content-type", "application/vnd.api+json")).base64Encoded())
                .isFalse();
        assertThat(EventMapper.mapBody(png, Map.of("content-type", "image/png")))
                .isEqualTo(new EventMapper.MappedBody(Base64.getEncoder().encodeToString(png), true));
        assertThat(EventMapper.mapBody(json, Map.of("content-type", "multipart/form-data; boundary=x"))
                .base64Encoded()).isTrue();
        assertThat(EventMapper.mapBody(json, Map.of()).base64Encoded()).as("no content type").isTrue();
    }

    @Test
    void textThatIsNotUtf8IsSentAsBase64AndAnEmptyBodyIsNoBody() {
        byte[] latin1 = {(byte) 0xE9, 'a'};

        assertThat(EventMapper.mapBody(latin1, Map.of("content-type", "text/plain")).base64Encoded()).isTrue();
        assertThat(EventMapper.mapBody(new byte[0], Map.of("content-type", "text/plain")).body()).isNull();
    }

    @Test
    void theAuthorizerSeesTheRequestWithItsIdentitySourceButNoBody() {
        var request = new HttpRequestData("POST", "/private/a%20b", "x=1", "HTTP/1.1",
                Map.of("Authorization", java.util.List.of("Bearer t"), "Host", java.util.List.of("api.local:3000")),
                "secret body".getBytes(StandardCharsets.UTF_8), "127.0.0.9");
        var match = new RouteTable.Match(com.scaleout.declaration.RouteSpec.authorized(
                com.scaleout.declaration.HttpMethod.POST, "/private/{id}", "F", "A"), Map.of("id", "a b"));
        var now = java.time.Instant.parse("2026-11-29T12:00:00Z");

        var event = EventMapper.authorizerEvent(request, match, java.util.List.of("Bearer t"), "req-1", now);

        assertThat(event.getVersion()).isEqualTo("2.0");
        assertThat(event.getType()).isEqualTo("REQUEST");
        assertThat(event.getRouteArn()).endsWith("/$default/POST/private/a%20b");
        assertThat(event.getIdentitySource()).containsExactly("Bearer t");
        assertThat(event.getRouteKey()).isEqualTo("POST /private/{id}");
        assertThat(event.getRawQueryString()).isEqualTo("x=1");
        assertThat(event.getHeaders()).containsEntry("authorization", "Bearer t");
        assertThat(event.getPathParameters()).containsEntry("id", "a b");
        assertThat(event.getQueryStringParameters()).containsEntry("x", "1");
        assertThat(event.getRequestContext().getRequestId()).isEqualTo("req-1");
        assertThat(event.getRequestContext().getTimeEpoch()).isEqualTo(now);
        assertThat(event.getRequestContext().getDomainName()).isEqualTo("api.local");
        assertThat(event.getRequestContext().getHttp().getSourceIp()).isEqualTo("127.0.0.9");
        assertThat(event.getRequestContext().getHttp().getMethod()).isEqualTo("POST");
        assertThat(event.toString()).doesNotContain("secret body");
    }

    @Test
    void queryParametersAreDecodedAndRepeatsJoined() {
        assertThat(EventMapper.queryParameters("q=%23tag+word&q=two&empty=&bare&bad=%zz"))
                .containsExactly(Map.entry("q", "#tag word,two"), Map.entry("empty", ""), Map.entry("bare", ""),
                        Map.entry("bad", "%zz"));
        assertThat(EventMapper.queryParameters("")).isNull();
        assertThat(EventMapper.queryParameters(null)).isNull();
    }
}
