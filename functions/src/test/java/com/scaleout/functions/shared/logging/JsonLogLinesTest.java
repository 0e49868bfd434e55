package com.scaleout.functions.shared.logging;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.functions.shared.invocation.FakeContext;
import com.scaleout.functions.shared.invocation.Invocations;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** Whatever logs (java.util.logging, SLF4J as the SDK and Lettuce do), each line is one JSON object. */
class JsonLogLinesTest {
    private final CapturedLines captured = new CapturedLines();

    @AfterEach
    void detach() {
        captured.close();
    }

    @Test
    void aJavaUtilLoggingWarningWithItsTraceIsOneJsonObjectOnOneLine() {
        Logger.getLogger("com.scaleout.functions.probe").log(Level.WARNING, "cache unreachable\nsecond line",
                new IllegalStateException("connection refused"));

        JsonNode line = captured.saying("cache unreachable").getFirst();
        assertThat(captured.lines()).filteredOn(text -> text.contains("cache unreachable")).hasSize(1);
        assertThat(line.path("timestamp").asText()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z");
        assertThat(line.path("level").asText()).isEqualTo("WARN");
        assertThat(line.path("logger").asText()).isEqualTo("com.scaleout.functions.probe");
        assertThat(line.path("message").asText()).isEqualTo("cache unreachable\nsecond line");
        assertThat(line.path("exception").asText())
                .startsWith("java.lang.IllegalStateException: connection refused")
                .contains("\tat com.scaleout.functions.shared.logging.JsonLogLinesTest");
    }

    @Test
    void slf4jLinesOfTheLibrariesArriveToo() {
        LoggerFactory.getLogger("software.amazon.awssdk.probe").warn("region {} unknown", "xx-north-9");

        assertThat(captured.saying("region xx-north-9 unknown")).singleElement()
                .satisfies(line -> assertThat(line.path("logger").asText()).isEqualTo("software.amazon.awssdk.probe"));
    }

    @Test
    void aLineLoggedInAnInvocationSaysWhichFunctionRequestAndWhetherColdStarted() {
        var invocations = new Invocations();
        try (var invocation = invocations.open(FakeContext.of("SocialTweets", "lambda-1"), "api-1",
                "POST /tweets")) {
            Logger.getLogger("com.scaleout.functions.probe").warning("inside");
        }
        Logger.getLogger("com.scaleout.functions.probe").warning("outside");

        JsonNode inside = captured.saying("inside").getFirst();
        assertThat(inside.path("functionName").asText()).isEqualTo("SocialTweets");
        assertThat(inside.path("lambdaRequestId").asText()).isEqualTo("lambda-1");
        assertThat(inside.path("apiRequestId").asText()).isEqualTo("api-1");
        assertThat(inside.path("route").asText()).isEqualTo("POST /tweets");
        assertThat(inside.path("coldStart").asText()).isEqualTo("true");
        assertThat(captured.saying("outside").getFirst().has("functionName")).isFalse();
    }
}
