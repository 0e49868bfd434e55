package com.scaleout.functions.social.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.scaleout.functions.social.application.AccountService;
import com.scaleout.functions.social.application.LoginThrottle;
import com.scaleout.functions.social.application.PasswordHasher;
import com.scaleout.functions.social.fakes.InMemoryLoginThrottle;
import java.time.Clock;
import org.junit.jupiter.api.Test;

/**
 * Password guessing meets 429 with Retry-After after five failures of a username, for the right password too
 * and for an unknown username alike; a success forgives earlier failures; other usernames are unaffected.
 */
class LoginThrottlingTest {
    private final SocialWorld world = SocialWorld.seeded();
    private final AccountsHandler handler = new AccountsHandler(
            new AccountService(world.users, new PasswordHasher(4), Clock.systemUTC()), world.sessionService,
            userId -> { }, new InMemoryLoginThrottle());

    private APIGatewayV2HTTPResponse send(String sample) {
        return handler.handleRequest(Samples.http(sample), null);
    }

    @Test
    void fiveFailuresOfAUsernameRefuseItsLoginsWithRetryAfterEvenWithTheRightPassword() {
        for (int i = 0; i < LoginThrottle.PER_USERNAME; i++) {
            assertThat(send("post-sessions-wrong-password").getStatusCode()).isEqualTo(401);
        }

        var refused = send("post-sessions");

        assertThat(refused.getStatusCode()).isEqualTo(429);
        assertThat(refused.getHeaders().get("retry-after")).isEqualTo(Long.toString(LoginThrottle.WINDOW.toSeconds()));
        assertThat(refused.getBody()).contains("Too many failed logins");
    }

    @Test
    void anUnknownUsernameIsThrottledLikeAKnownOne() {
        for (int i = 0; i < LoginThrottle.PER_USERNAME; i++) {
            assertThat(send("post-sessions-unknown-user").getStatusCode()).isEqualTo(401);
        }
        assertThat(send("post-sessions-unknown-user").getStatusCode()).isEqualTo(429);
    }

    @Test
    void aSuccessForgivesEarlierFailuresOfTheUsername() {
        for (int i = 0; i < LoginThrottle.PER_USERNAME - 1; i++) {
            send("post-sessions-wrong-password");
        }
        assertThat(send("post-sessions").getStatusCode()).isEqualTo(201);
        for (int i = 0; i < LoginThrottle.PER_USERNAME - 1; i++) {
            assertThat(send("post-sessions-wrong-password").getStatusCode()).isEqualTo(401);
        }
        assertThat(send("post-sessions").getStatusCode()).isEqualTo(201);
    }

    @Test
    void failuresOfAnotherUsernameDoNotCount() {
        for (int i = 0; i < LoginThrottle.PER_USERNAME; i++) {
            send("post-sessions-unknown-user");
        }
        assertThat(send("post-sessions").getStatusCode()).isEqualTo(201);
    }
}
