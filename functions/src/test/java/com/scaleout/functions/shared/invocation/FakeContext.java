package com.scaleout.functions.shared.invocation;

import com.amazonaws.services.lambda.runtime.Context;
import java.lang.reflect.Proxy;

/** The context Lambda hands an invocation, with what the handlers read of it: names, ids and the time left. */
public final class FakeContext {
    private FakeContext() {
    }

    public static Context of(String functionName, String awsRequestId) {
        return (Context) Proxy.newProxyInstance(Context.class.getClassLoader(), new Class<?>[] {Context.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "getFunctionName" -> functionName;
                    case "getAwsRequestId" -> awsRequestId;
                    case "getRemainingTimeInMillis" -> 30_000;
                    case "toString" -> "FakeContext[" + functionName + ", " + awsRequestId + "]";
                    default -> throw new UnsupportedOperationException(method.getName() + " is not faked");
                });
    }
}
