package com.scaleout.local.iam;

import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.services.apigatewaymanagementapi.model.ApiGatewayManagementApiException;
import software.amazon.awssdk.services.cloudwatch.model.CloudWatchException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.glue.model.GlueException;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.secretsmanager.model.SecretsManagerException;

/**
 * The error AWS answers a call its caller's policies do not allow, as the exception the service's SDK client raises
 * for it: the service's own exception type, status and error code, and IAM's message naming the session, the action,
 * the resource and why.
 */
final class AccessDenied {
    private AccessDenied() {
    }

    static String message(String function, AwsCall call, Decision decision) {
        // S3 quotes the resource in its message; the JSON services do not
        String resource = call.action().startsWith("s3:") ? "\"" + call.resource() + "\"" : call.resource();
        String why = decision == Decision.EXPLICIT_DENY
                ? "with an explicit deny in an identity-based policy"
                : "because no identity-based policy allows the " + call.action() + " action";
        return "User: " + Arns.assumedRole(function) + " is not authorized to perform: " + call.action()
                + " on resource: " + resource + " " + why;
    }

    static AwsServiceException exception(String function, AwsCall call, Decision decision) {
        String message = message(function, call, decision);
        String service = call.action().substring(0, call.action().indexOf(':'));
        return switch (service) {
            case "dynamodb" -> DynamoDbException.builder().message(message).statusCode(400)
                    .awsErrorDetails(details("AccessDeniedException", message, "DynamoDb")).build();
            case "secretsmanager" -> SecretsManagerException.builder().message(message).statusCode(400)
                    .awsErrorDetails(details("AccessDeniedException", message, "SecretsManager")).build();
            case "s3" -> S3Exception.builder().message(message).statusCode(403)
                    .awsErrorDetails(details("AccessDenied", message, "S3")).build();
            case "glue" -> GlueException.builder().message(message).statusCode(400)
                    .awsErrorDetails(details("AccessDeniedException", message, "Glue")).build();
            case "cloudwatch" -> CloudWatchException.builder().message(message).statusCode(403)
                    .awsErrorDetails(details("AccessDenied", message, "CloudWatch")).build();
            case "execute-api" -> ApiGatewayManagementApiException.builder().message(message).statusCode(403)
                    .awsErrorDetails(details("AccessDeniedException", message, "ApiGatewayManagementApi")).build();
            default -> AwsServiceException.builder().message(message).statusCode(403)
                    .awsErrorDetails(details("AccessDenied", message, service)).build();
        };
    }

    private static AwsErrorDetails details(String code, String message, String service) {
        return AwsErrorDetails.builder().errorCode(code).errorMessage(message).serviceName(service).build();
    }
}
