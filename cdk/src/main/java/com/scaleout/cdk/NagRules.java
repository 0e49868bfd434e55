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
import software.constructs.IConstruct;

/**
 * cdk-nag's AwsSolutions rules on the whole stack, and every exception to them in one place, each with its
 * reason, as narrow as cdk-nag allows (the resource, and for IAM the exact action or resource pattern). A new
 * finding fails the build (ProductionStackTest: no errors), so it is either fixed or argued here.
 */
final class NagRules {
    private NagRules() {
    }

    static void apply(ScaleoutStacks stacks, Declaration declaration) {
        stacks.all().forEach(stack -> Aspects.of(stack).add(new AwsSolutionsChecks()));
        // the functions' grants: in the API stack, and the stream consumers' in theirs
        for (Stack stack : List.of(Stack.of(stacks.functions()), Stack.of(stacks.streamConsumers()))) {
            grantSuppressions(stack);
        }
        suppressions(stacks, declaration);
    }

    private static void grantSuppressions(Stack stack) {
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
                        "/^Resource::" + dataStackArn("Data") + "\\/index\\/\\*$/"),
                suppressionMatching("AwsSolutions-IAM5", "the albums function reads and writes the objects of the"
                        + " image bucket only (grantReadWrite: object actions on this bucket's keys)",
                        "/^Resource::" + dataStackArn("StorageAlbumImages") + "\\/\\*$/"),
                suppressionMatching("AwsSolutions-IAM5", "the warehouse loader writes, and the admin function's"
                        + " reset deletes, the objects of the warehouse bucket only (grantReadWrite: object actions on"
                        + " this bucket's keys, client=<id>/table=<name>/dt=<day>/<position>.parquet)",
                        "/^Resource::" + dataStackArn("StorageWarehouse") + "\\/\\*$/"),
                suppressionMatching("AwsSolutions-IAM5", "the warehouse loader keeps the tables of its data lake's"
                        + " Glue database only (GetTable, CreateTable, UpdateTable on table/<database>/*: a table"
                        + " per client and imported table, created as records arrive)",
                        "/^Resource::arn:<AWS::Partition>:glue:<AWS::Region>:<AWS::AccountId>:table\\/scaleout_"
                                + "[a-z0-9_]+\\/\\*$/"),
                suppressionMatching("AwsSolutions-IAM5", "grantReadWrite's object-level S3 actions, on the image"
                        + " and warehouse buckets only (see the resources above)", "/^Action::s3:[A-Za-z]+\\*$/"),
                suppressionMatching("AwsSolutions-IAM5", "the functions that push live updates may post to, read"
                        + " and close the connections of one WebSocket API's stage only (ManageConnections on"
                        + " <stage>/*/@connections/*: the method, then the connection id, are the wildcards)",
                        "/^Resource::arn:<AWS::Partition>:execute-api:<AWS::Region>:<AWS::AccountId>:"
                                + "<WebSockets[A-Za-z0-9]+>\\/[A-Za-z0-9_-]+\\/\\*\\/@connections\\/\\*$/"),
                suppression("AwsSolutions-L1", "java21 is the Lambda runtime the project targets (release 21);"
                        + " a newer Java runtime is adopted deliberately, with the cold-start benchmark, not"
                        + " automatically")));
    }

    private static void suppressions(ScaleoutStacks stack, Declaration declaration) {
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
        stack.webSocketApis().all().values().forEach(NagRules::webSocketApi);
        stack.streamConsumers().onFailureQueues().values().forEach(queue -> NagSuppressions.addResourceSuppressions(
                queue, List.of(suppression("AwsSolutions-SQS3", "this queue is itself the on-failure destination"
                        + " (the dead-letter queue) of a stream event source mapping")), true));
        stack.functions().adminKey().ifPresent(secret -> NagSuppressions.addResourceSuppressions(secret, List.of(
                suppression("AwsSolutions-SMG4", "a key an operator uses by hand: rotate it with put-secret-value"
                        + " (the functions read it again within 5 minutes); an automatic rotation Lambda would"
                        + " cut off the operator's copy")), true));
        var logBuckets = new java.util.ArrayList<IConstruct>();
        stack.storage().accessLogs().ifPresent(logBuckets::add);
        stack.webSite().ifPresent(site -> logBuckets.add(site.logBucket()));
        logBuckets.forEach(logs -> NagSuppressions.addResourceSuppressions(logs, List.of(
                suppression("AwsSolutions-S1", "this is an access-log bucket: logging its own access would log"
                        + " forever")), true));
        stack.webSite().ifPresent(NagRules::webSite);
    }

    /**
     * A WebSocket API's routes authorize in its function: anonymous connections are allowed (public, hashtag and
     * search streams), and a WebSocket REQUEST authorizer refuses every connection whose identity source (the
     * token) is missing, so {@code $connect} checks the token itself; the other routes only see connections
     * {@code $connect} accepted.
     */
    private static void webSocketApi(WebSocketApis.Deployed deployed) {
        deployed.routes().values().forEach(route -> NagSuppressions.addResourceSuppressions(route, List.of(
                suppression("AwsSolutions-APIG4", "$connect checks the optional session token itself (anonymous"
                        + " connections may follow public streams; a REQUEST authorizer would refuse them); the"
                        + " other routes serve connections $connect accepted, and check per stream what they"
                        + " need")), true));
        NagSuppressions.addResourceSuppressions(deployed.stage(), List.of(suppression("AwsSolutions-APIG1",
                "API Gateway writes a WebSocket stage's access logs only through the account-wide CloudWatch role"
                        + " (AWS::ApiGateway::Account), a setting of the whole account that one stack should not"
                        + " take over; the stage's connection, message and error metrics are alarmed (Monitoring)"
                        + " and every route's invocation is in the function's log")), true);
    }

    /** The distribution's findings, and those of the Lambda function CDK's BucketDeployment copies files with. */
    private static void webSite(WebSite site) {
        NagSuppressions.addResourceSuppressions(site.distribution(), List.of(
                suppression("AwsSolutions-CFR1", "a public social network's web client: readable from every"
                        + " country, like the API it calls"),
                suppression("AwsSolutions-CFR2", "static files only (GET and HEAD, cached, no state behind them);"
                        + " a web ACL would cost more than the site ($5 a month plus $1 per rule and $0.60 per"
                        + " million requests); the API it calls has its own throttle"),
                suppression("AwsSolutions-CFR4", "the distribution's *.cloudfront.net domain uses CloudFront's"
                        + " default certificate, for which CloudFront fixes the minimum protocol (TLSv1; SSLv3 is"
                        + " not offered) and browsers negotiate TLS 1.2 or 1.3; a higher minimum needs a custom"
                        + " domain with an ACM certificate, which the project does not have")), true);
        // BucketDeployment's handler is a singleton function at the stack's root; its role lives inside it
        IConstruct handler = site.deployment().getHandlerRole().getNode().getScope();
        NagSuppressions.addResourceSuppressions(handler, List.of(
                suppression("AwsSolutions-IAM4", "CDK's own BucketDeployment handler logs with Lambda's managed"
                        + " basic execution role (creating log streams and putting log events); AWS maintains it",
                        "Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole"),
                suppression("AwsSolutions-L1", "CDK's own BucketDeployment handler (Python): aws-cdk-lib chooses"
                        + " its runtime and moves it forward with its releases"),
                suppressionMatching("AwsSolutions-IAM5", "the deployment reads the web client's files from the CDK"
                        + " bootstrap's asset bucket (objects named by content hash)",
                        "/^Resource::arn:<AWS::Partition>:s3:::cdk-[a-z0-9]+-assets-<AWS::AccountId>-<AWS::Region>"
                                + "\\/\\*$/"),
                suppressionMatching("AwsSolutions-IAM5", "the deployment writes and prunes the objects of the web"
                        + " client's bucket only", "/^Resource::<WebFiles[A-Za-z0-9]+\\.Arn>\\/\\*$/"),
                suppressionMatching("AwsSolutions-IAM5", "BucketDeployment's read, write and delete grants (object"
                        + " actions, and reading and listing the bucket) on the two buckets above only", "/^Action::s3:[A-Za-z]+\\*$/"),
                suppression("AwsSolutions-IAM5", "BucketDeployment grants CreateInvalidation and GetInvalidation on"
                        + " every distribution; it invalidates this site's distribution only (its id is the"
                        + " custom resource's input)", "Resource::*")), true);
    }

    /**
     * The ARN of a resource of the data stack whose construct path starts with {@code prefix}, in each form cdk-nag
     * writes it in: a reference ({@code <DataTweets1234.Arn>}), a weak reference to the data stack's output
     * ({@code Fn::GetStackOutput}), or on LocalStack an imported export ({@code <stack>:ExportsOutput...}).
     */
    private static String dataStackArn(String prefix) {
        String reference = "<" + prefix + "[A-Za-z0-9]+\\.Arn>";
        String weak = "\\{\"Fn::GetStackOutput\":\\{\"StackName\":\"Scaleout-[a-z0-9-]+-Data\",\"Region\":\\{\"Ref\":"
                + "\"AWS::Region\"\\},\"OutputName\":\"PublishOutputFnGetAtt" + prefix + "[A-Za-z0-9]+Arn[A-Za-z0-9]+\"\\}\\}";
        String strong = "Scaleout-[a-z0-9-]+-Data:ExportsOutputFnGetAtt" + prefix + "[A-Za-z0-9]+Arn[A-Za-z0-9]+";
        return "(" + reference + "|" + weak + "|" + strong + ")";
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
