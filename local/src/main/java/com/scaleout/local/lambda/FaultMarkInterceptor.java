package com.scaleout.local.lambda;

import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.SdkHttpRequest;

/**
 * Puts the fault mark of the request being served ({@link FaultMarks}) on each AWS call made for it, as
 * {@link FaultMarks#HEADER}, for the gate in front of moto to find. Registered for every SDK client of the runtime's
 * JVM by the SDK's global list ({@code software/amazon/awssdk/global/handlers/execution.interceptors}); the mark is
 * read on the calling thread, before the call may move to another.
 */
public final class FaultMarkInterceptor implements ExecutionInterceptor {
    private static final ExecutionAttribute<String> MARK = new ExecutionAttribute<>("ScaleoutFaultMark");

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        String mark = FaultMarks.current();
        if (mark != null) {
            attributes.putAttribute(MARK, mark);
        }
    }

    @Override
    public SdkHttpRequest modifyHttpRequest(Context.ModifyHttpRequest context, ExecutionAttributes attributes) {
        String mark = attributes.getAttribute(MARK);
        return mark == null ? context.httpRequest()
                : context.httpRequest().toBuilder().putHeader(FaultMarks.HEADER, mark).build();
    }
}
