package com.scaleout.functions.social.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.scaleout.functions.social.application.AccountService;
import com.scaleout.functions.social.application.LoginThrottle;
import com.scaleout.functions.social.application.PasswordHasher;
import com.scaleout.functions.social.fakes.InMemoryLoginThrottle;
import com.scaleout.functions.social.SocialComponents;
import com.scaleout.functions.social.application.SessionService;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Password guessing meets 429 with Retry-After after five failures of a username, for the right password too
 * and for an unknown username alike; a success forgives earlier failures; other usernames are unaffected. Guesses
 * sent in parallel get no more passwords checked than guesses sent one by one.
 */
class LoginThrottlingTest {
    private final SocialWorld world = SocialWorld.seeded();
    private final AccountsHandler handler = new AccountsHandler(
            new AccountService(world.users, world.authorNames, new PasswordHasher(4), Clock.systemUTC()), world.sessionService,
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

    /** Issue 45: fifty failures from one address refused every account's login from it, right password included. */
    @Test
    void anAddressPastItsLimitStillLogsInKnownAccountsButRefusesInventedNames() {
        for (int i = 0; i < LoginThrottle.PER_ADDRESS; i++) {
            var sprayed = Samples.http("post-sessions-unknown-user");
            sprayed.setBody("{\"username\": \"sprayed_" + i + "\", \"password\": \"guess\"}");
            assertThat(handler.handleRequest(sprayed, null).getStatusCode()).isEqualTo(401);
        }

        assertThat(send("post-sessions").getStatusCode()).as("a known account, from the same address").isEqualTo(201);
        assertThat(send("post-sessions-wrong-password").getStatusCode()).isEqualTo(401);
        var invented = send("post-sessions-unknown-user");
        assertThat(invented.getStatusCode()).isEqualTo(429);
        assertThat(invented.getHeaders().get("retry-after")).isEqualTo(Long.toString(LoginThrottle.WINDOW.toSeconds()));
        assertThat(invented.getBody()).contains("Too many failed logins");
    }

    @Test
    void fiftyParallelGuessesOfOneUsernameHaveAtMostFivePasswordsChecked() throws Exception {
        int guesses = 50;
        // each password check waits (up to 2 s) until all 50 are checking: a throttle that counts only after the
        // check lets every one of them through
        var held = new HeldCredentialChecks(world.users, guesses, Duration.ofSeconds(2));
        var sessions = new SessionService(held.store(), world.sessions, world.sessionCache, new PasswordHasher(4),
                Clock.systemUTC(), SocialComponents.REVOCATION_TTL);
        var guarded = new AccountsHandler(new AccountService(world.users, world.authorNames, new PasswordHasher(4), Clock.systemUTC()),
                sessions, userId -> { }, new InMemoryLoginThrottle());

        var statuses = new ArrayList<Integer>();
        var start = new CountDownLatch(1);
        try (var pool = Executors.newFixedThreadPool(guesses)) {
            var answers = new ArrayList<Future<Integer>>();
            for (int i = 0; i < guesses; i++) {
                answers.add(pool.submit(() -> {
                    start.await();
                    return guarded.handleRequest(Samples.http("post-sessions-wrong-password"), null).getStatusCode();
                }));
            }
            start.countDown();
            for (var answer : answers) {
                statuses.add(answer.get());
            }
        }

        assertThat(held.checks()).isEqualTo(LoginThrottle.PER_USERNAME);
        assertThat(statuses).filteredOn(status -> status == 401).hasSize(LoginThrottle.PER_USERNAME);
        assertThat(statuses).filteredOn(status -> status == 429).hasSize(guesses - LoginThrottle.PER_USERNAME);
        assertThat(guarded.handleRequest(Samples.http("post-sessions"), null).getStatusCode())
                .as("the right password waits for the window too").isEqualTo(429);
    }
}
