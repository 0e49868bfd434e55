package com.scaleout.local.faults;

import java.net.URI;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.http.SdkHttpRequest;

/**
 * Registered for every AWS SDK client of the test JVM through the SDK's global interceptor list
 * ({@code software/amazon/awssdk/global/handlers/execution.interceptors} on the test classpath), so the functions'
 * own clients, built by the production factory, get it with no change to production code. While
 * {@link DynamoDbThrottling} is on, a DynamoDB data call goes through {@link ThrottlingProxy}, which answers some
 * attempts with DynamoDB's throttling errors and forwards the others; while it is off, this does nothing.
 */
public final class ThrottlingInterceptor implements ExecutionInterceptor {

    @Override
    public SdkHttpRequest modifyHttpRequest(Context.ModifyHttpRequest context, ExecutionAttributes attributes) {
        URI proxy = DynamoDbThrottling.proxyFor(attributes.getAttribute(SdkExecutionAttribute.SERVICE_NAME),
                attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME));
        SdkHttpRequest request = context.httpRequest();
        if (proxy == null) {
            return request;
        }
        String target = request.protocol() + "://" + request.host() + ":" + request.port();
        return request.toBuilder()
                .protocol(proxy.getScheme()).host(proxy.getHost()).port(proxy.getPort())
                .putHeader(ThrottlingProxy.TARGET_HEADER, target)
                .build();
    }
}
