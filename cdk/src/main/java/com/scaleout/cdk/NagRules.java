package com.scaleout.cdk;

import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.RouteSpec;
import io.github.cdklabs.cdknag.AwsSolutionsChecks;
import io.github.cdklabs.cdknag.NagPackSuppression;
import io.github.cdklabs.cdknag.NagSuppressions;
import io.github.cdklabs.cdknag.RegexAppliesTo;
import java.util.List;
import software.amazon.awscdk.Aspects;
import software.amazon.awscdk.Stack;

/**
 * cdk-nag's AwsSolutions rules on the whole stack, and every exception to them in one place, each with its
 * reason, as narrow as cdk-nag allows (the resource, and for IAM the exact action or resource pattern). A new
 * finding fails the build (ProductionStackTest: no errors), so it is either fixed or argued here.
 */
final class NagRules {
    private NagRules() {
    }

    static void apply(ScaleoutStack stack, Declaration declaration) {
        Aspects.of(stack).add(new AwsSolutionsChecks());

        NagSuppressions.addStackSuppressions(stack, List.of(
                suppression("AwsSolutions-IAM4", "Lambda's managed basic execution role allows only creating log"
                        + " streams and putting log events; AWS maintains it",
                        "Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole"),
                suppression("AwsSolutions-IAM4", "Lambda's managed VPC access role (on the functions that use the"
                        + " cache, which run in the VPC) allows only creating, describing and deleting the network"
                        + " interfaces Lambda attaches to them, and the log actions above; AWS maintains it",
                        "Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaVPCAccessExecutionRole"),
                suppression("AwsSolutions-IAM5", "X-Ray's PutTraceSegments/PutTelemetryRecords and DynamoDB's"
                        + " ListTables (the health check's connectivity probe) have no resource-level permissions",
                        "Resource::*"),
                suppressionMatching("AwsSolutions-IAM5", "a function that reads or writes a table may query that"
                        + " table's global secondary indexes (the grant names the table; /index/* is its indexes)",
                        "/^Resource::<Data[A-Za-z0-9]+\\.Arn>\\/index\\/\\*$/"),
                suppressionMatching("AwsSolutions-IAM5", "the albums function reads and writes the objects of the"
                        + " image bucket only (grantReadWrite: object actions on this bucket's keys)",
                        "/^Resource::<StorageAlbumImages[A-Za-z0-9]+\\.Arn>\\/\\*$/"),
                suppressionMatching("AwsSolutions-IAM5", "grantReadWrite's object-level S3 actions, on the image"
                        + " bucket only (see the resource above)", "/^Action::s3:[A-Za-z]+\\*$/"),
                suppression("AwsSolutions-L1", "java21 is the Lambda runtime the project targets (release 21);"
                        + " a newer Java runtime is adopted deliberately, with the cold-start benchmark, not"
                        + " automatically")));

        // public by the contract (API.md): reads, sign-up and log-in, the album store, Stitch's status; the
        // import and admin routes check their key in the handler (RouteSpec.HandlerCredential says why)
        for (RouteSpec route : declaration.routes()) {
            if (route.authorizer().isEmpty()) {
                NagSuppressions.addResourceSuppressions(stack.api().route(route.routeKey()), List.of(suppression(
                        "AwsSolutions-APIG4", route.handlerCredential() == RouteSpec.HandlerCredential.NONE
                                ? "a public route of the API contract"
                                : "the handler checks the " + route.handlerCredential() + " credential itself")),
                        true);
            }
        }
        stack.streamConsumers().onFailureQueues().values().forEach(queue -> NagSuppressions.addResourceSuppressions(
                queue, List.of(suppression("AwsSolutions-SQS3", "this queue is itself the on-failure destination"
                        + " (the dead-letter queue) of a stream event source mapping")), true));
        stack.functions().adminKey().ifPresent(secret -> NagSuppressions.addResourceSuppressions(secret, List.of(
                suppression("AwsSolutions-SMG4", "a key an operator uses by hand: rotate it with put-secret-value"
                        + " (the functions read it again within 5 minutes); an automatic rotation Lambda would"
                        + " cut off the operator's copy")), true));
        stack.storage().accessLogs().ifPresent(logs -> NagSuppressions.addResourceSuppressions(logs, List.of(
                suppression("AwsSolutions-S1", "this is the access-log bucket: logging its own access would log"
                        + " forever")), true));
    }

    private static NagPackSuppression suppression(String id, String reason, String... appliesTo) {
        var builder = new NagPackSuppression.Builder().id(id).reason(reason);
        if (appliesTo.length > 0) {
            builder.appliesTo(List.of((Object[]) appliesTo));
        }
        return builder.build();
    }

    private static NagPackSuppression suppressionMatching(String id, String reason, String regex) {
        return new NagPackSuppression.Builder().id(id).reason(reason)
                .appliesTo(List.of(new RegexAppliesTo.Builder().regex(regex).build())).build();
    }
}
