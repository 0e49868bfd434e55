package com.scaleout.functions.shared.ids;

import com.github.f4b6a3.ulid.Ulid;
import com.scaleout.functions.shared.crypto.Digests;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The ids a request makes, made the same again when the same request runs again. A request sent with an
 * Idempotency-Key whose first run ended in "retry" (a 503 after its transaction was applied, say) runs again under
 * the key: drawing its ids from a seed the key keeps, the rerun names the tweet, album or retweet the first run may
 * have stored by the same id, and its conditional writes recognise it instead of storing it twice. Bound to the
 * thread for the run ({@link #during}); elsewhere {@link #next()} is empty and ids are random.
 */
public final class RequestIds {
    private static final ThreadLocal<RequestIds> CURRENT = new ThreadLocal<>();

    private final long millis;
    private final byte[] secret;
    private int drawn;

    private RequestIds(Instant time, byte[] secret) {
        this.millis = time.toEpochMilli();
        this.secret = secret.clone();
    }

    /**
     * Runs {@code work} with ids drawn from this seed: each id has {@code time} (the request's first run) and a
     * random part derived from {@code secret} and its place in the order the request draws them.
     */
    public static <T> T during(Instant time, byte[] secret, Supplier<T> work) {
        RequestIds outer = CURRENT.get();
        CURRENT.set(new RequestIds(time, secret));
        try {
            return work.get();
        } finally {
            CURRENT.set(outer);
        }
    }

    /** The next id of the running request, if it draws its ids from a seed. */
    public static Optional<String> next() {
        RequestIds ids = CURRENT.get();
        return ids == null ? Optional.empty() : Optional.of(ids.draw());
    }

    private String draw() {
        byte[] random = Digests.hmac(secret, ByteBuffer.allocate(Integer.BYTES).putInt(drawn++).array());
        return new Ulid(millis, Arrays.copyOf(random, 10)).toString();
    }
}
