package com.scaleout.local.limits;

import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.RequestLimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.ThrottlingReason;

/**
 * Why DynamoDB refused a call, as its error names it: a throttling reason ({@code ResourceType + OperationType +
 * LimitType}, e.g. {@code TableWriteKeyRangeThroughputExceeded}) and the resource's ARN, carried by the exception AWS
 * answers with: {@code ProvisionedThroughputExceededException} for a partition over its limit,
 * {@code RequestLimitExceeded} for a table over the account's per-table quota. The SDK retries both as throttling.
 */
public record Throttle(String reason, String resource, String message) {
    static final String ACCOUNT = "123456789012";

    /** The limit types this emulation applies. */
    enum Limit {
        KEY_RANGE("KeyRangeThroughputExceeded"), ACCOUNT_LIMIT("AccountLimitExceeded");

        final String suffix;

        Limit(String suffix) {
            this.suffix = suffix;
        }
    }

    static Throttle of(String table, String index, boolean write, Limit limit, String region, String message) {
        String reason = (index == null ? "Table" : "Index") + (write ? "Write" : "Read") + limit.suffix;
        String resource = "arn:aws:dynamodb:" + region + ":" + ACCOUNT + ":table/" + table
                + (index == null ? "" : "/index/" + index);
        return new Throttle(reason, resource, message);
    }

    /** The exception DynamoDB answers with (HTTP 400), as the SDK would have read it off the wire. */
    public AwsServiceException exception() {
        var details = AwsErrorDetails.builder().serviceName("DynamoDb").errorMessage(message)
                .errorCode(reason.endsWith(Limit.ACCOUNT_LIMIT.suffix) ? "RequestLimitExceeded"
                        : "ProvisionedThroughputExceededException").build();
        var throttlingReason = ThrottlingReason.builder().reason(reason).resource(resource).build();
        if (reason.endsWith(Limit.ACCOUNT_LIMIT.suffix)) {
            return RequestLimitExceededException.builder().message(message).statusCode(400).awsErrorDetails(details)
                    .throttlingReasons(throttlingReason).build();
        }
        return ProvisionedThroughputExceededException.builder().message(message).statusCode(400)
                .awsErrorDetails(details).throttlingReasons(throttlingReason).build();
    }
}
