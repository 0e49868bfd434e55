package com.scaleout.local.iam;

import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.services.glue.model.TableInput;
import software.amazon.awssdk.services.s3.model.DeleteObjectsRequest;
import software.amazon.awssdk.services.s3.model.HeadObjectRequest;
import software.amazon.awssdk.services.s3.model.ListObjectsRequest;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Request;

/**
 * The IAM actions and resources an AWS SDK request is authorized for. DynamoDB, S3, Secrets Manager, Glue table and
 * API Gateway management requests name their resources; an operation without a mapping here (CloudWatch's, which take no resource-level
 * permissions, or one our code does not call yet) is checked as {@code <service>:<Operation>} on {@code *}, which
 * only a grant on {@code *} allows: an unmapped call can be denied too eagerly, never allowed too freely.
 */
final class RequestActions {
    private RequestActions() {
    }

    static List<AwsCall> of(SdkRequest request, String operationName, String region) {
        return of(request, operationName, region, null);
    }

    /** {@code endpoint}: the client's, which names the WebSocket API a management call goes to. */
    static List<AwsCall> of(SdkRequest request, String operationName, String region, java.net.URI endpoint) {
        String service = service(request);
        var arns = new Arns(region);
        Optional<List<AwsCall>> mapped = switch (service) {
            case "dynamodb" -> new DynamoDbActions(arns).of(request, operationName);
            case "s3" -> s3(request, operationName);
            case "secretsmanager" -> secretsManager(request, operationName, arns);
            case "glue" -> glueTable(request, operationName, arns);
            case "apigatewaymanagementapi" -> ManagedConnections.of(request, operationName, arns, endpoint);
            default -> Optional.empty();
        };
        return mapped.orElseGet(() -> List.of(new AwsCall(service + ":" + operationName, "*")));
    }

    /** The IAM service prefix, from the model's package: {@code software.amazon.awssdk.services.<prefix>.model}. */
    private static String service(SdkRequest request) {
        String[] parts = request.getClass().getPackageName().split("\\.");
        return parts.length > 4 ? parts[4] : "unknown";
    }

    private static Optional<List<AwsCall>> s3(SdkRequest request, String operationName) {
        return Optional.ofNullable(switch (request) {
            case HeadObjectRequest head -> List.of(new AwsCall("s3:GetObject", Arns.object(head.bucket(), head.key())));
            case DeleteObjectsRequest delete -> delete.delete().objects().stream()
                    .map(object -> new AwsCall("s3:DeleteObject", Arns.object(delete.bucket(), object.key())))
                    .toList();
            case ListObjectsV2Request list -> List.of(new AwsCall("s3:ListBucket", Arns.bucket(list.bucket())));
            case ListObjectsRequest list -> List.of(new AwsCall("s3:ListBucket", Arns.bucket(list.bucket())));
            default -> {
                // GetObject, PutObject, DeleteObject...: the operation's own action on the object, or on the bucket
                Optional<String> bucket = request.getValueForField("Bucket", String.class);
                Optional<String> key = request.getValueForField("Key", String.class);
                yield bucket.map(name -> List.of(new AwsCall("s3:" + operationName,
                        key.map(k -> Arns.object(name, k)).orElse(Arns.bucket(name))))).orElse(null);
            }
        });
    }

    /**
     * A call on one Glue table (GetTable, CreateTable, UpdateTable, DeleteTable) is authorized on the catalog, the
     * database and the table, as AWS authorizes it: a grant must name all three.
     */
    private static Optional<List<AwsCall>> glueTable(SdkRequest request, String operationName, Arns arns) {
        Optional<String> database = request.getValueForField("DatabaseName", String.class);
        Optional<String> table = request.getValueForField("Name", String.class)
                .or(() -> request.getValueForField("TableInput", TableInput.class).map(TableInput::name));
        if (database.isEmpty() || table.isEmpty()) {
            return Optional.empty();
        }
        String action = "glue:" + operationName;
        return Optional.of(List.of(new AwsCall(action, arns.glueCatalog()),
                new AwsCall(action, arns.glueDatabase(database.get())),
                new AwsCall(action, arns.glueTable(database.get(), table.get()))));
    }

    /** Every Secrets Manager call on a secret names it by {@code SecretId} (an ARN or a name). */
    private static Optional<List<AwsCall>> secretsManager(SdkRequest request, String operationName, Arns arns) {
        return request.getValueForField("SecretId", String.class)
                .map(id -> List.of(new AwsCall("secretsmanager:" + operationName, arns.secret(id))));
    }
}
