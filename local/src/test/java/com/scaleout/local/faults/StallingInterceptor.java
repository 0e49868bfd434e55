package com.scaleout.local.faults;

import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;

/**
 * Registered for every AWS SDK client of the test JVM, as {@link ThrottlingInterceptor} is. Before a call starts
 * (outside the SDK's own call and attempt timeouts, so only the function's timeout ends a hold), lets
 * {@link DynamoDbStall} hold it; while no stall is armed, this does nothing.
 */
public final class StallingInterceptor implements ExecutionInterceptor {

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        DynamoDbStall.beforeCall(attributes.getAttribute(SdkExecutionAttribute.SERVICE_NAME),
                attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME));
    }
}
