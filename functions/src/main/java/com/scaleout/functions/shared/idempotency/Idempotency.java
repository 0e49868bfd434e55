package com.scaleout.functions.shared.idempotency;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.scaleout.declaration.Settings;
import com.scaleout.functions.shared.aws.AwsClients;
import com.scaleout.functions.shared.config.RuntimeEnvironment;
import com.scaleout.functions.shared.http.ApiException;
import com.scaleout.functions.shared.http.ApiRequest;
import com.scaleout.functions.shared.http.Caller;
import com.scaleout.functions.shared.ids.RequestIds;
import com.scaleout.functions.shared.lazy.Memoized;
import com.scaleout.functions.shared.retry.Retry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import software.amazon.awssdk.core.exception.SdkException;

/**
 * {@code Idempotency-Key} on every write route: the same key with the same request within
 * {@link #REMEMBERED} answers the first response again (status, headers and body, with {@code Idempotent-Replayed:
 * true}) without running the write again; with another request, 422; while the first is still running, 409 with
 * Retry-After. A response that says "try again" (429, 5xx) is not kept: the key is given back, so that the retry
 * runs, and every run under the key draws the same ids ({@link RequestIds}), so a rerun after a run that stored its
 * write and then failed (a 503 once the SDK gave up on a lost answer) finds that write as its own.
 * A request without the header runs as it always did, at no cost.
 *
 * <p>Hand-written because Powertools' idempotency module, which does this, does not resolve here (DEPENDENCIES.md).
 */
public final class Idempotency {
    public static final Duration REMEMBERED = Duration.ofHours(24);
    /** Past its deadline an invocation is gone (Lambda stopped it); a little later its claim is free again. */
    static final Duration CLAIM_MARGIN = Duration.ofSeconds(5);
    /** DynamoDB's item limit is 400 KB: a larger response is answered but not kept. */
    static final int MAX_STORED_BYTES = 350_000;
    private static final Logger LOG = Logger.getLogger(Idempotency.class.getName());

    /**
     * Giving a key back after a "retry" answer is retried: a release lost to a busy table left the claim held until
     * the request's deadline, so the client's retry after Retry-After met "409 still running" (about 10 s of them)
     * while nothing ran. Within the request's own deadline.
     */
    static final Retry RELEASE = Retry.exponential(Duration.ofMillis(50), Duration.ofMillis(400), Duration.ofSeconds(2))
            .atMost(5);

    private final Supplier<IdempotencyStore> store;
    private final Clock clock;

    public Idempotency(Supplier<IdempotencyStore> store, Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    /**
     * The execution environment's: the IdempotencyKeys table its function was given, its DynamoDB client built at
     * the first request that carries a key (most carry none). A function without the table ignores keys: only
     * functions that serve write routes have it (the declaration's test says so).
     */
    public static Idempotency fromEnvironment() {
        var table = RuntimeEnvironment.variable(Settings.table(DynamoIdempotencyStore.TABLE));
        if (table.isEmpty()) {
            return new Idempotency(() -> null, Clock.systemUTC());
        }
        return new Idempotency(Memoized.of(() -> new DynamoIdempotencyStore(AwsClients.dynamoDb(),
                table.get())), Clock.systemUTC());
    }

    /** The route's answer, run once per key of this caller (whom the route has authenticated already). */
    public APIGatewayV2HTTPResponse run(ApiRequest request, Caller caller, Supplier<APIGatewayV2HTTPResponse> route) {
        return run(request, caller, stored -> true, route);
    }

    /**
     * As {@link #run(ApiRequest, Caller, Supplier)}; a stored answer that {@code stillHolds} no longer accepts (a
     * login whose session has been logged out) is not replayed but refused 422: the key's request is over.
     */
    public APIGatewayV2HTTPResponse run(ApiRequest request, Caller caller,
                                        Predicate<APIGatewayV2HTTPResponse> stillHolds,
                                        Supplier<APIGatewayV2HTTPResponse> route) {
        var key = IdempotencyKey.of(request, caller);
        IdempotencyStore keys = key.isEmpty() ? null : store.get();
        if (keys == null) {
            return route.get();
        }
        IdempotencyKey idempotencyKey = key.get();
        String id = idempotencyKey.id();
        String attempt = UUID.randomUUID().toString();
        Instant now = clock.instant();
        var claim = keys.claim(id, idempotencyKey.fingerprint(), attempt, request.deadline().plus(CLAIM_MARGIN),
                now.plus(REMEMBERED), now);
        return switch (claim) {
            case IdempotencyStore.Claimed claimed -> runClaimed(keys, idempotencyKey, id, attempt,
                    request.deadline(), () -> RequestIds.during(claimed.firstRun(), idempotencyKey.idSecret(), route));
            case IdempotencyStore.Done done -> {
                var replay = StoredResponse.open(idempotencyKey.sealingKey(), done.sealedResponse()).replayed();
                if (!stillHolds.test(replay)) {
                    throw new ApiException(422, "What this Idempotency-Key's request answered no longer holds (a"
                            + " session it opened has ended); send the request again with a new key", null);
                }
                yield replay;
            }
            case IdempotencyStore.Running running -> throw ApiException.stillRunning(
                    "A request with this Idempotency-Key is still running; retry shortly", 1);
            case IdempotencyStore.OtherRequest other -> throw new ApiException(422,
                    "This Idempotency-Key was sent with another request; use a new key for a new request", null);
        };
    }

    private APIGatewayV2HTTPResponse runClaimed(IdempotencyStore keys, IdempotencyKey key, String id, String attempt,
                                                Instant deadline, Supplier<APIGatewayV2HTTPResponse> route) {
        APIGatewayV2HTTPResponse response;
        try {
            response = route.get();
        } catch (RuntimeException e) {
            reopen(keys, id, attempt, deadline);
            throw e;
        }
        int status = response.getStatusCode();
        if (status == 429 || status >= 500) {
            // the retry runs again, drawing the same ids: it finds what this run stored
            reopen(keys, id, attempt, deadline);
            return response;
        }
        byte[] sealed = StoredResponse.of(response).seal(key.sealingKey());
        try {
            if (sealed.length > MAX_STORED_BYTES) {
                LOG.warning(() -> "a response of " + sealed.length + " bytes is too large to keep for its "
                        + "Idempotency-Key; a retry with the key runs again, with the same ids");
                keys.reopen(id, attempt);
            } else if (!keys.complete(id, attempt, sealed)) {
                LOG.warning("an Idempotency-Key's claim was taken over before its request ended (it ran past its "
                        + "deadline); the answer was not kept");
            }
        } catch (SdkException e) {
            // the write is done and its caller gets the answer; a retry with the key after the claim lapses runs
            // again, and the route's own conditional writes recognise what it did
            LOG.log(Level.WARNING, "the answer to an Idempotency-Key could not be kept", e);
        }
        return response;
    }

    private static void reopen(IdempotencyStore keys, String id, String attempt, Instant deadline) {
        try {
            RELEASE.call(() -> {
                keys.reopen(id, attempt);
                return null;
            }, SdkException.class::isInstance, deadline);
        } catch (SdkException e) {
            LOG.log(Level.WARNING, "an Idempotency-Key could not be given back; it is free again after its deadline",
                    e);
        }
    }
}
