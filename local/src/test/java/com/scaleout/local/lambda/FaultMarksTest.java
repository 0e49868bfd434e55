package com.scaleout.local.lambda;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.InterceptorContext;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.http.SdkHttpFullRequest;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

class FaultMarksTest {

    @Test
    void aRequestsMarkFollowsItsInvocationOntoTheHandlersThreadAndTheThreadsItStarts() throws Exception {
        var environment = new FaultMarks().environmentStarted(null);
        var seenByHandler = new AtomicReference<String>();
        var seenByItsThread = new AtomicReference<String>();
        try (var handlerThread = Executors.newSingleThreadExecutor()) {
            FaultMarks.marking(Map.of("X-Scaleout-Fault", List.of("mark-1")), () -> {
                environment.invocationStarting(); // on the gateway's thread
                return handlerThread.submit(() -> {
                    environment.handlerEntering();
                    try {
                        seenByHandler.set(FaultMarks.current());
                        Thread started = Thread.ofVirtual().start(() -> seenByItsThread.set(FaultMarks.current()));
                        started.join();
                    } finally {
                        environment.handlerLeft();
                    }
                    return null;
                }).get();
            });
            assertThat(seenByHandler).hasValue("mark-1");
            assertThat(seenByItsThread).hasValue("mark-1");

            // the next invocation of that environment, unmarked, finds no mark left on its thread
            environment.invocationStarting();
            var next = handlerThread.submit(() -> {
                environment.handlerEntering();
                try {
                    return FaultMarks.current();
                } finally {
                    environment.handlerLeft();
                }
            });
            assertThat(next.get()).isNull();
        }
        assertThat(FaultMarks.current()).as("gone from the gateway's thread").isNull();
    }

    @Test
    void theInterceptorPutsTheMarkOnTheCallsOfAMarkedRequestOnly() throws Exception {
        var interceptor = new FaultMarkInterceptor();
        assertThat(headerOfACall(interceptor)).isNull();
        String marked = FaultMarks.marking(Map.of("x-scaleout-fault", List.of("mark-2")),
                () -> headerOfACall(interceptor));
        assertThat(marked).isEqualTo("mark-2");
    }

    private static String headerOfACall(FaultMarkInterceptor interceptor) {
        SdkRequest request = PutItemRequest.builder().tableName("t").build();
        var attributes = new ExecutionAttributes();
        var http = SdkHttpFullRequest.builder().method(SdkHttpMethod.POST).protocol("http").host("localhost")
                .encodedPath("/").build();
        var context = InterceptorContext.builder().request(request).httpRequest(http).build();
        interceptor.beforeExecution(context, attributes);
        return interceptor.modifyHttpRequest(context, attributes).firstMatchingHeader(FaultMarks.HEADER)
                .orElse(null);
    }
}
