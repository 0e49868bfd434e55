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
    void queryParametersAreDecodedAndRepeatsJoined() {
        assertThat(EventMapper.queryParameters("q=%23tag+word&q=two&empty=&bare&bad=%zz"))
                .containsExactly(Map.entry("q", "#tag word,two"), Map.entry("empty", ""), Map.entry("bare", ""),
                        Map.entry("bad", "%zz"));
        assertThat(EventMapper.queryParameters("")).isNull();
        assertThat(EventMapper.queryParameters(null)).isNull();
    }
}
