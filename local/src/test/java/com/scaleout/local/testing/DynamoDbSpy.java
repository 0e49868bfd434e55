package com.scaleout.local.testing;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The real client, telling a test the name of each call made through it (to count what a store costs). */
public final class DynamoDbSpy {
    private DynamoDbSpy() {
    }

    public static DynamoDbClient around(DynamoDbClient real, Consumer<String> beforeEachCall) {
        return (DynamoDbClient) Proxy.newProxyInstance(DynamoDbClient.class.getClassLoader(),
                new Class<?>[] {DynamoDbClient.class}, (proxy, method, args) -> {
                    beforeEachCall.accept(method.getName());
                    try {
                        return method.invoke(real, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}
