package com.scaleout.functions.shared.aws;

import java.net.ConnectException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.util.Set;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;

/**
 * AWS failures that say "not now" rather than "never": throttling (whatever error code the service uses), a 503
 * (Service Unavailable, or S3's SlowDown on a HEAD, whose answer has no body to name its code), a call past its
 * timeout, a connection lost during the call, and a DynamoDB transaction cancelled because an item ran out of capacity or another transaction held it.
 * The SDK does not retry a cancelled transaction itself, so it reaches the caller as it is.
 */
public final class TransientFailures {
    /** Cancellation reasons that a later attempt can get past. */
    public static final Set<String> TRANSIENT_CANCELLATIONS = Set.of("ThrottlingError", "TransactionConflict");
    private static final int SERVICE_UNAVAILABLE = 503;

    private TransientFailures() {
    }

    public static boolean isTransient(SdkException e) {
        return e instanceof ApiCallTimeoutException || e instanceof ApiCallAttemptTimeoutException
                || (e instanceof AwsServiceException service
                        && (service.isThrottlingException() || service.statusCode() == SERVICE_UNAVAILABLE))
                || e instanceof TransactionConflictException
                || (e instanceof TransactionCanceledException cancelled && cancelledTransiently(cancelled))
                || timedOutReading(e) || lostTheConnection(e);
    }

    /** Cancelled for capacity or a conflict only: no condition failed. */
    public static boolean cancelledTransiently(TransactionCanceledException e) {
        return e.hasCancellationReasons()
                && e.cancellationReasons().stream().anyMatch(r -> TRANSIENT_CANCELLATIONS.contains(r.code()))
                && e.cancellationReasons().stream().noneMatch(r -> "ConditionalCheckFailed".equals(r.code()));
    }

    /**
     * The connection broke during the call (the server's answer ended early, or the connection was reset) on every
     * attempt the SDK made: the call may or may not have been applied, and a retry converges (every write recognises
     * its own earlier attempt). A refused connection is not this: nothing listens where the client was pointed.
     */
    private static boolean lostTheConnection(SdkException e) {
        for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
            if (cause instanceof SocketException && !(cause instanceof ConnectException)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The HTTP client's socket timeout fired before the SDK's attempt timeout (both are 2 s, so either may): the
     * same slow call, reported as a client exception caused by a {@link SocketTimeoutException}.
     */
    private static boolean timedOutReading(SdkException e) {
        for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
            if (cause instanceof SocketTimeoutException) {
                return true;
            }
        }
        return false;
    }
}
