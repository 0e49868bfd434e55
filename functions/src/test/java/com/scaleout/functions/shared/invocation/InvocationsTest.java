package com.scaleout.functions.shared.invocation;

import com.scaleout.declaration.OperatorMetricNames;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.scaleout.functions.shared.metrics.EmfOutput;
import com.scaleout.functions.shared.metrics.OperatorMetrics;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.logging.log4j.ThreadContext;
import org.junit.jupiter.api.Test;

/** Per invocation: the log fields, set and cleared, and the metrics, written once as one EMF line. */
class InvocationsTest {
    private final List<String> emf = new ArrayList<>();
    private final Invocations invocations = new Invocations(EmfOutput.to(emf::add));

    @Test
    void eachInvocationPutsItsIdsInTheLogFieldsAndClearsThemAfter() {
        try (var invocation = invocations.open(FakeContext.of("SocialFanout", "lambda-1"))) {
            assertThat(ThreadContext.getImmutableContext()).isEqualTo(Map.of(
                    "functionName", "SocialFanout", "lambdaRequestId", "lambda-1", "coldStart", "true"));
        }
        assertThat(ThreadContext.getImmutableContext()).isEmpty();

        try (var invocation = invocations.open(FakeContext.of("SocialFanout", "lambda-2"), "api-2", "GET /x")) {
            assertThat(ThreadContext.getImmutableContext()).containsEntry("lambdaRequestId", "lambda-2")
                    .containsEntry("apiRequestId", "api-2").containsEntry("route", "GET /x")
                    .containsEntry("coldStart", "false");
        }
    }

    @Test
    void metricsNobodyReadsAreNotWrittenAndTheThreadStopsNotingThem() {
        var unread = new Invocations(EmfOutput.to(emf::add), () -> false);
        try (var invocation = unread.open(FakeContext.of("SocialTimeline", "lambda-1"))) {
            OperatorMetrics.count(OperatorMetricNames.TIMELINE_CACHE_HITS, 1);
        }
        try (var invocation = invocations.open(FakeContext.of("SocialTimeline", "lambda-2"))) {
            OperatorMetrics.count(OperatorMetricNames.TIMELINE_CACHE_MISSES, 1);
        }

        assertThat(emf).singleElement().asString().contains(OperatorMetricNames.TIMELINE_CACHE_MISSES)
                .doesNotContain(OperatorMetricNames.TIMELINE_CACHE_HITS);
    }

    @Test
    void primingIsNotTheColdStartTheFirstRealInvocationIs() {
        try (var priming = invocations.open(null, null, "GET /health")) {
            assertThat(ThreadContext.getImmutableContext()).isEmpty();
            OperatorMetrics.count(OperatorMetricNames.TIMELINE_CACHE_HITS, 1);
        }
        try (var first = invocations.open(FakeContext.of("Health", "lambda-1"))) {
            assertThat(ThreadContext.get("coldStart")).isEqualTo("true");
        }
        assertThat(emf).isEmpty();
    }

    @Test
    void theMetricsOfAnInvocationAreOneEmfLineWithTheFunctionAsItsDimension() throws Exception {
        try (var invocation = invocations.open(FakeContext.of("SocialTimeline", "lambda-1"))) {
            OperatorMetrics.count(OperatorMetricNames.TIMELINE_CACHE_HITS, 1);
            OperatorMetrics.count(OperatorMetricNames.TIMELINE_CACHE_HITS, 1);
            OperatorMetrics.count(OperatorMetricNames.TIMELINE_CACHE_MISSES, 1);
            OperatorMetrics.milliseconds(OperatorMetricNames.FANOUT_DURATION, 42);
        }
        OperatorMetrics.count(OperatorMetricNames.TIMELINE_CACHE_HITS, 1); // after it: dropped

        assertThat(emf).hasSize(1);
        JsonNode line = new ObjectMapper().readTree(emf.getFirst());
        JsonNode directive = line.path("_aws").path("CloudWatchMetrics").get(0);
        assertThat(line.path("_aws").path("Timestamp").isNumber()).isTrue();
        assertThat(directive.path("Namespace").asText()).isEqualTo("Scaleout");
        assertThat(directive.path("Dimensions").toString()).isEqualTo("[[\"FunctionName\"]]");
        assertThat(line.path("FunctionName").asText()).isEqualTo("SocialTimeline");
        assertThat(line.path("TimelineCacheHits").asDouble()).isEqualTo(2.0);
        assertThat(line.path("TimelineCacheMisses").asDouble()).isEqualTo(1.0);
        assertThat(line.path("FanoutDuration").asDouble()).isEqualTo(42.0);
        assertThat(directive.path("Metrics").findValuesAsText("Unit"))
                .containsExactlyInAnyOrder("Count", "Count", "Milliseconds");
    }

    @Test
    void anInvocationThatNotedNothingWritesNoLine() {
        try (var invocation = invocations.open(FakeContext.of("Health", "lambda-1"))) {
            assertThat(invocation).isNotNull();
        }
        assertThat(emf).isEmpty();
    }
}
