package com.scaleout.local.iam;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scaleout.local.iam.environment.InEnvironment;
import com.scaleout.local.lambda.EnvironmentClassLoader;
import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.util.Collections;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.apigatewaymanagementapi.ApiGatewayManagementApiClient;
import software.amazon.awssdk.services.apigatewaymanagementapi.model.ApiGatewayManagementApiException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.glue.GlueClient;
import software.amazon.awssdk.services.glue.model.GlueException;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * The interceptor on real SDK clients, found through the SDK's global list, with the calling function identified
 * by an execution environment's class loader on the stack. Nothing is sent: a call IAM allows reaches the transport
 * stage, where a test interceptor stops it.
 */
class IamInterceptorTest {
    private static final String GLOBAL_LIST = "software/amazon/awssdk/global/handlers/execution.interceptors";
    private static final String USERS = "arn:aws:dynamodb:us-east-1:123456789012:table/Users";

    /** Stands for the wire: a call that gets this far was allowed. */
    static final class Sent extends RuntimeException {
        Sent() {
            super("sent");
        }
    }

    private EnvironmentClassLoader environment;
    private Consumer<Runnable> tweetsFunction;
    private DynamoDbClient dynamoDb;
    private S3Client s3;
    /** Stands for the wire (see {@link Sent}). */
    private ExecutionInterceptor wire;

    @BeforeEach
    @SuppressWarnings("unchecked")
    void setUp() throws Exception {
        URL testClasses = InEnvironment.class.getProtectionDomain().getCodeSource().getLocation();
        environment = new EnvironmentClassLoader("Tweets", new URL[] {testClasses}, getClass().getClassLoader());
        Class<?> code = environment.loadClass(InEnvironment.class.getName());
        assertThat(code.getClassLoader()).isSameAs(environment);
        tweetsFunction = (Consumer<Runnable>) code.getDeclaredConstructor().newInstance();
        wire = new ExecutionInterceptor() {
            @Override
            public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
                throw new Sent();
            }
        };
        var credentials = StaticCredentialsProvider.create(AwsBasicCredentials.create("test", "test"));
        dynamoDb = DynamoDbClient.builder().region(Region.US_EAST_1).credentialsProvider(credentials)
                .endpointOverride(URI.create("http://127.0.0.1:9")).overrideConfiguration(c -> c.addExecutionInterceptor(wire))
                .build();
        s3 = S3Client.builder().region(Region.US_EAST_1).credentialsProvider(credentials)
                .endpointOverride(URI.create("http://127.0.0.1:9")).forcePathStyle(true)
                .overrideConfiguration(c -> c.addExecutionInterceptor(wire)).build();
        FunctionPolicies.register("Tweets", PolicyTest.policy("{'Statement':[{'Effect':'Allow',"
                + "'Action':['dynamodb:GetItem','dynamodb:Query'],'Resource':['" + USERS + "','" + USERS + "/index/*']},"
                + "{'Effect':'Allow','Action':'s3:GetObject','Resource':'arn:aws:s3:::images/*'}]}"));
        CallLog.clear();
    }

    @AfterEach
    void tearDown() throws IOException {
        FunctionPolicies.clear();
        CallLog.clear();
        dynamoDb.close();
        s3.close();
        environment.close();
    }

    @Test
    void theSdkFindsThisInterceptorBesideTheTestsOwnInTheGlobalList() throws IOException {
        var lists = Collections.list(getClass().getClassLoader().getResources(GLOBAL_LIST));
        var names = lists.stream().map(url -> {
            try (var in = url.openStream()) {
                return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }).toList();
        assertThat(names).anySatisfy(list -> assertThat(list).contains(IamInterceptor.class.getName()))
                .anySatisfy(list -> assertThat(list).contains("com.scaleout.local.faults.ThrottlingInterceptor"));
    }

    @Test
    void aFunctionsUngrantedDynamoDbCallFailsAsDynamoDbAnswersIt() {
        assertThatThrownBy(() -> tweetsFunction.accept(() -> dynamoDb.putItem(put -> put.tableName("Users")
                .item(java.util.Map.of("pk", AttributeValue.fromS("u1"))))))
                .isInstanceOfSatisfying(DynamoDbException.class, denied -> {
                    assertThat(denied.statusCode()).isEqualTo(400);
                    assertThat(denied.awsErrorDetails().errorCode()).isEqualTo("AccessDeniedException");
                    assertThat(denied.awsErrorDetails().errorMessage()).isEqualTo("User: arn:aws:sts::123456789012:"
                            + "assumed-role/TweetsServiceRole/Tweets is not authorized to perform: dynamodb:PutItem on "
                            + "resource: " + USERS + " because no identity-based policy allows the dynamodb:PutItem action");
                });
        assertThat(CallLog.calls()).containsExactly(
                new RecordedCall("Tweets", "dynamodb:PutItem", USERS, Decision.IMPLICIT_DENY));
    }

    @Test
    void aFunctionsGrantedCallsGoOutAndAreRecorded() {
        assertThatThrownBy(() -> tweetsFunction.accept(() -> dynamoDb.getItem(get -> get.tableName("Users")
                .key(java.util.Map.of("pk", AttributeValue.fromS("u1")))))).isInstanceOf(Sent.class);
        assertThatThrownBy(() -> tweetsFunction.accept(() -> dynamoDb.query(query -> query.tableName("Users")
                .indexName("byName")))).isInstanceOf(Sent.class);
        assertThatThrownBy(() -> tweetsFunction.accept(() -> s3.getObject(get -> get.bucket("images").key("a/b.png"))))
                .isInstanceOf(Sent.class);
        assertThat(CallLog.calls()).containsExactlyInAnyOrder(
                new RecordedCall("Tweets", "dynamodb:GetItem", USERS, Decision.ALLOW),
                new RecordedCall("Tweets", "dynamodb:Query", USERS + "/index/byName", Decision.ALLOW),
                new RecordedCall("Tweets", "s3:GetObject", "arn:aws:s3:::images/a/b.png", Decision.ALLOW));
    }

    @Test
    void aFunctionsUngrantedS3CallIsA403AccessDenied() {
        assertThatThrownBy(() -> tweetsFunction.accept(() -> s3.putObject(put -> put.bucket("images").key("k"),
                RequestBody.fromString("x"))))
                .isInstanceOfSatisfying(S3Exception.class, denied -> {
                    assertThat(denied.statusCode()).isEqualTo(403);
                    assertThat(denied.awsErrorDetails().errorCode()).isEqualTo("AccessDenied");
                    assertThat(denied.awsErrorDetails().errorMessage())
                            .contains("s3:PutObject on resource: \"arn:aws:s3:::images/k\"");
                });
    }

    @Test
    void aFunctionsUngrantedGlueCallIsA400AccessDeniedException() {
        try (var glue = GlueClient.builder().region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("test", "test")))
                .endpointOverride(URI.create("http://127.0.0.1:9"))
                .overrideConfiguration(c -> c.addExecutionInterceptor(wire)).build()) {
            assertThatThrownBy(() -> tweetsFunction.accept(() -> glue.getTable(get -> get.databaseName("lake")
                    .name("client_1__orders"))))
                    .isInstanceOfSatisfying(GlueException.class, denied -> {
                        assertThat(denied.statusCode()).isEqualTo(400);
                        assertThat(denied.awsErrorDetails().errorCode()).isEqualTo("AccessDeniedException");
                        assertThat(denied.awsErrorDetails().errorMessage())
                                .contains("glue:GetTable on resource: arn:aws:glue:us-east-1:123456789012:catalog");
                    });
        }
    }

    @Test
    void anExplicitDenySaysSo() {
        FunctionPolicies.register("Tweets", PolicyTest.policy("{'Statement':[{'Effect':'Allow','Action':'*',"
                + "'Resource':'*'},{'Effect':'Deny','Action':'dynamodb:DeleteItem','Resource':'" + USERS + "'}]}"));
        assertThatThrownBy(() -> tweetsFunction.accept(() -> dynamoDb.deleteItem(delete -> delete.tableName("Users")
                .key(java.util.Map.of("pk", AttributeValue.fromS("u1"))))))
                .isInstanceOfSatisfying(DynamoDbException.class, denied -> assertThat(denied.awsErrorDetails()
                        .errorMessage()).endsWith("with an explicit deny in an identity-based policy"));
    }

    @Test
    void theRuntimesOwnCallsAndUncheckedFunctionsPass() {
        assertThatThrownBy(() -> dynamoDb.putItem(put -> put.tableName("Users")
                .item(java.util.Map.of("pk", AttributeValue.fromS("u1"))))).isInstanceOf(Sent.class);
        FunctionPolicies.clear();
        assertThatThrownBy(() -> tweetsFunction.accept(() -> dynamoDb.putItem(put -> put.tableName("Users")
                .item(java.util.Map.of("pk", AttributeValue.fromS("u1")))))).isInstanceOf(Sent.class);
        assertThat(CallLog.calls()).isEmpty();
    }

    @Test
    void theCallLogIsWrittenAndReadBack(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws IOException {
        assertThatThrownBy(() -> tweetsFunction.accept(() -> dynamoDb.putItem(put -> put.tableName("Users")
                .item(java.util.Map.of("pk", AttributeValue.fromS("u1")))))).isInstanceOf(DynamoDbException.class);
        var file = dir.resolve("iam").resolve("calls.tsv");
        CallLog.writeTo(file);
        assertThat(CallLog.read(file)).containsExactlyElementsOf(CallLog.calls());
    }

    /**
     * The management API's calls as CDK's {@code grantManagementApiAccess} grants them: only a pusher posts; anyone
     * else gets AWS's 403 AccessDeniedException, on the ARN of the template's API id and stage.
     */
    @Test
    void onlyAFunctionGrantedManageConnectionsPostsToAConnection() throws Exception {
        String grant = "arn:aws:execute-api:us-east-1:123456789012:liveapi/dev/*/@connections/*";
        FunctionPolicies.register("SocialFanout", PolicyTest.policy("{'Statement':[{'Effect':'Allow',"
                + "'Action':'execute-api:ManageConnections','Resource':'" + grant + "'}]}"));
        ManagedConnections.register("live", "liveapi", "dev");
        URL testClasses = InEnvironment.class.getProtectionDomain().getCodeSource().getLocation();
        try (var pusherEnvironment = new EnvironmentClassLoader("SocialFanout", new URL[] {testClasses},
                getClass().getClassLoader());
             var management = ApiGatewayManagementApiClient.builder().region(Region.US_EAST_1)
                     .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("test", "test")))
                     .endpointOverride(URI.create("http://127.0.0.1:9/live"))
                     .overrideConfiguration(c -> c.addExecutionInterceptor(wire)).build()) {
            @SuppressWarnings("unchecked")
            var pusher = (Consumer<Runnable>) pusherEnvironment.loadClass(InEnvironment.class.getName())
                    .getDeclaredConstructor().newInstance();
            Runnable post = () -> management.postToConnection(r -> r.connectionId("L0SM9cOFvHcCIhw=")
                    .data(SdkBytes.fromUtf8String("{}")));

            assertThatThrownBy(() -> pusher.accept(post)).isInstanceOf(Sent.class);
            assertThatThrownBy(() -> tweetsFunction.accept(post))
                    .isInstanceOfSatisfying(ApiGatewayManagementApiException.class, denied -> {
                        assertThat(denied.statusCode()).isEqualTo(403);
                        assertThat(denied.awsErrorDetails().errorCode()).isEqualTo("AccessDeniedException");
                        assertThat(denied.awsErrorDetails().errorMessage()).contains(
                                "execute-api:ManageConnections on resource: arn:aws:execute-api:us-east-1:"
                                        + "123456789012:liveapi/dev/POST/@connections/L0SM9cOFvHcCIhw=");
                    });
            assertThatThrownBy(() -> pusher.accept(() -> management.deleteConnection(
                    r -> r.connectionId("L0SM9cOFvHcCIhw=")))).isInstanceOf(Sent.class);
        } finally {
            ManagedConnections.clear();
        }
        assertThat(CallLog.calls()).extracting(RecordedCall::resource).contains(
                "arn:aws:execute-api:us-east-1:123456789012:liveapi/dev/DELETE/@connections/L0SM9cOFvHcCIhw=");
    }

    @Test
    void theSessionsGlobalConditionKeysAreEvaluated() {
        Policy inOneRegion = PolicyTest.policy("{'Statement':[{'Effect':'Allow','Action':'dynamodb:GetItem',"
                + "'Resource':'*','Condition':{'StringEquals':{'aws:RequestedRegion':'us-east-1'},"
                + "'ArnLike':{'aws:PrincipalArn':'arn:aws:iam::123456789012:role/Tweets*'}}}]}");
        var get = software.amazon.awssdk.services.dynamodb.model.GetItemRequest.builder().tableName("Users").build();
        IamInterceptor.check("Tweets", inOneRegion, get, "GetItem", "us-east-1");
        assertThatThrownBy(() -> IamInterceptor.check("Tweets", inOneRegion, get, "GetItem", "eu-west-1"))
                .isInstanceOf(DynamoDbException.class);
        assertThatThrownBy(() -> IamInterceptor.check("Albums", inOneRegion, get, "GetItem", "us-east-1"))
                .isInstanceOf(DynamoDbException.class);
    }
}
