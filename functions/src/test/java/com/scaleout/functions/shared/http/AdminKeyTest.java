package com.scaleout.functions.shared.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.scaleout.functions.testing.SettableClock;
import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** The admin routes' key: off without one, checked in constant time, and a stored secret read lazily and renewed. */
class AdminKeyTest {
    private static ApiRequest request(String adminKey) {
        var event = new APIGatewayV2HTTPEvent();
        var headers = new HashMap<String, String>();
        if (adminKey != null) {
            headers.put("x-admin-key", adminKey);
        }
        event.setHeaders(headers);
        return new ApiRequest(event);
    }

    private static int statusOf(AdminKey key, String given) {
        try {
            key.require(request(given));
            return 200;
        } catch (ApiException e) {
            return e.status();
        }
    }

    @Test
    void withoutAKeyTheRoutesDoNotExist() {
        assertThat(statusOf(new AdminKey(Optional.empty()), "anything")).isEqualTo(404);
        assertThat(statusOf(new AdminKey(Optional.of("  ")), "  ")).isEqualTo(404);
    }

    @Test
    void theKeyMustBeGivenAndRight() {
        var key = new AdminKey(Optional.of("s3cret"));

        assertThat(statusOf(key, null)).isEqualTo(401);
        assertThat(statusOf(key, "wrong")).isEqualTo(403);
        assertThat(statusOf(key, "s3cret")).isEqualTo(200);
    }

    @Test
    void aStoredSecretIsReadAtFirstUseThenRenewedAfterItsTtl() {
        var reads = new AtomicInteger();
        var value = new String[] {"first"};
        Supplier<String> secret = () -> {
            reads.incrementAndGet();
            return value[0];
        };
        var clock = new SettableClock(Instant.parse("2026-11-30T12:00:00Z"));
        var key = new AdminKey(Optional.of(secret), clock);
        assertThat(reads).as("not at start-up: a SnapStart snapshot must not hold it").hasValue(0);

        assertThat(statusOf(key, "first")).isEqualTo(200);
        value[0] = "rotated";
        assertThat(statusOf(key, "first")).as("within the TTL").isEqualTo(200);
        assertThat(reads).hasValue(1);

        clock.advance(AdminKey.SECRET_TTL);
        assertThat(statusOf(key, "first")).isEqualTo(403);
        assertThat(statusOf(key, "rotated")).isEqualTo(200);
        assertThat(reads).hasValue(2);
    }

    @Test
    void aFailingSecretStoreIsAnErrorNotAPass() {
        var key = new AdminKey(Optional.of(() -> {
            throw new IllegalStateException("Secrets Manager unreachable");
        }), Clock.systemUTC());

        assertThatThrownBy(() -> key.require(request("anything"))).isInstanceOf(IllegalStateException.class);
    }
}
