package com.scaleout.functions.shared.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class RequestJsonTest {

    record Probe(String name, Integer count, Boolean active, List<String> tags) {
    }

    private static void assertRefused(String body, String message, String... fields) {
        assertThatThrownBy(() -> RequestJson.read(body, Probe.class)).isInstanceOfSatisfying(ApiException.class,
                e -> {
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.getMessage()).isEqualTo(message);
                    if (fields.length == 0) {
                        assertThat(e.errors()).isNull();
                    } else {
                        assertThat(e.errors()).extracting(ErrorBody.FieldError::field).containsExactly(fields);
                    }
                });
    }

    @Test
    void readsAnObjectIgnoringFieldsItDoesNotKnow() {
        var probe = RequestJson.read("{\"name\":\"x\",\"count\":3,\"active\":true,\"tags\":[\"a\"],\"extra\":{}}",
                Probe.class);

        assertThat(probe).isEqualTo(new Probe("x", 3, true, List.of("a")));
    }

    @Test
    void leavesMissingFieldsNull() {
        assertThat(RequestJson.read("{}", Probe.class)).isEqualTo(new Probe(null, null, null, null));
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"name\":5}", "{\"name\":true}", "{\"name\":1.5}", "{\"name\":{\"a\":1}}",
            "{\"name\":[\"x\"]}"})
    void refusesAnythingButTextForText(String body) {
        assertRefused(body, "Invalid request", "name");
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"count\":\"5\"}", "{\"count\":1.5}", "{\"count\":true}", "{\"count\":\"\"}"})
    void refusesAnythingButAnIntegerForAnInteger(String body) {
        assertRefused(body, "Invalid request", "count");
    }

    @Test
    void refusesTextForABoolean() {
        assertRefused("{\"active\":\"true\"}", "Invalid request", "active");
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {"   ", "\n"})
    void refusesAMissingBody(String body) {
        assertRefused(body, "Request body is required (a JSON object)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"[{\"name\":\"x\"}]", "[]", "\"name\"", "42", "null", "true"})
    void refusesABodyThatIsNotAnObject(String body) {
        assertRefused(body, "Request body must be a JSON object");
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"name\":\"x\"", "{\"name\" \"x\"}", "{name:\"x\"}", "{\"name\":\"x\",}", "{'name':'x'}",
            "{\"name\":\"x\"}}", "<xml/>"})
    void refusesMalformedJson(String body) {
        assertRefused(body, "Malformed JSON body");
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"name\":\"x\"} trailing", "{\"name\":\"x\"} {\"name\":\"y\"}"})
    void refusesTrailingGarbage(String body) {
        assertThatThrownBy(() -> RequestJson.read(body, Probe.class)).isInstanceOfSatisfying(ApiException.class,
                e -> assertThat(e.status()).isEqualTo(400));
    }

    @Test
    void reportsATruncatedStringAsMalformedJson() {
        assertRefused("{\"name\":\"unterminated", "Malformed JSON body");
    }

    @Test
    void refusesDeepNestingAsAClientError() {
        String deep = "{\"tags\":" + "[".repeat(100) + "]".repeat(100) + "}";

        assertThatThrownBy(() -> RequestJson.read(deep, Probe.class)).isInstanceOfSatisfying(ApiException.class,
                e -> assertThat(e.status()).isEqualTo(400));
    }

    /** A lone UTF-16 surrogate (half an emoji) is no Unicode: UTF-8 has no form for it. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"{\"name\":\"\\ud83d\"} | name", "{\"name\":\"a\\udfffb\"} | name",
            "{\"name\":\"\\ude80\\ud83d\"} | name", "{\"tags\":[\"ok\",\"\\ud800\"]} | tags.[1]"})
    void refusesTextWithALoneSurrogateNamingTheField(String body, String field) {
        assertThatThrownBy(() -> RequestJson.read(body, Probe.class)).isInstanceOfSatisfying(ApiException.class,
                e -> assertThat(e.errors()).containsExactly(new ErrorBody.FieldError(field, RequestJson.NOT_UNICODE)));
    }

    @Test
    void readsAPairedSurrogateAsTheCharacterItIs() {
        assertThat(RequestJson.read("{\"name\":\"\\ud83d\\ude80\"}", Probe.class).name()).isEqualTo("\uD83D\uDE80");
    }
}
