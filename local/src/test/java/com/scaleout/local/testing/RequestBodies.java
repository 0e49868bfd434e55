package com.scaleout.local.testing;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpRequest;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;

/**
 * The bytes an {@link HttpRequest} sends, read back from its body publisher (the JDK's publishers of strings and
 * byte arrays can be subscribed to again), so that a client can check the request it sent against the contract.
 */
public final class RequestBodies {
    private RequestBodies() {
    }

    /** The body, or null when the request has none. */
    public static byte[] of(HttpRequest request) {
        var publisher = request.bodyPublisher().orElse(null);
        if (publisher == null || publisher.contentLength() == 0) {
            return null;
        }
        var collected = new CompletableFuture<byte[]>();
        publisher.subscribe(new Flow.Subscriber<>() {
            private final ByteArrayOutputStream out = new ByteArrayOutputStream();

            @Override
            public void onSubscribe(Flow.Subscription subscription) {
                subscription.request(Long.MAX_VALUE);
            }

            @Override
            public void onNext(ByteBuffer item) {
                byte[] chunk = new byte[item.remaining()];
                item.get(chunk);
                out.writeBytes(chunk);
            }

            @Override
            public void onError(Throwable failure) {
                collected.completeExceptionally(failure);
            }

            @Override
            public void onComplete() {
                collected.complete(out.toByteArray());
            }
        });
        try {
            return collected.get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("could not read the body of " + request, e);
        }
    }
}
