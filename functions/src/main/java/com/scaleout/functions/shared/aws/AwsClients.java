package com.scaleout.functions.shared.aws;

import com.scaleout.declaration.Setting;
import com.scaleout.declaration.Settings;
import com.scaleout.functions.shared.config.RuntimeEnvironment;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.ContainerCredentialsProvider;
import software.amazon.awssdk.auth.credentials.EnvironmentVariableCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.client.builder.AwsClientBuilder;
import software.amazon.awssdk.core.client.builder.SdkSyncClientBuilder;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClient;

/**
 * Builds the DynamoDB (and S3) clients once per execution environment, configured explicitly: URLConnection HTTP client
 * (smallest cold start), region from {@code AWS_REGION}, Lambda's credentials (container credentials under SnapStart,
 * else its keys), and call timeouts
 * well inside the function timeout. {@code DYNAMODB_ENDPOINT} points them at moto_server locally.
 */
public final class AwsClients {
    /** Per-attempt and whole-call limits; the SDK's defaults would let a call outlive the function. */
    public static final Duration ATTEMPT_TIMEOUT = Duration.ofSeconds(2);
    public static final Duration CALL_TIMEOUT = Duration.ofSeconds(4);

    private AwsClients() {
    }

    /**
     * The URLConnection HTTP client keeps at most {@code http.maxConnections} idle connections per host (5 by
     * default): a function making 32 calls at once would close 27 connections after every burst and pay for new TLS
     * handshakes on the next. The JDK reads the property once, at the first connection, so a function sets it
     * before its clients connect, unless the environment already chose.
     */
    public static void keepAliveConnections(int concurrentCalls) {
        if (System.getProperty("http.maxConnections") == null) {
            System.setProperty("http.maxConnections", Integer.toString(Math.max(5, concurrentCalls + 8)));
        }
    }

    public static DynamoDbClient dynamoDb() {
        return configured(DynamoDbClient.builder()).build();
    }

    public static DynamoDbStreamsClient streams() {
        return configured(DynamoDbStreamsClient.builder()).build();
    }

    /**
     * S3, same configuration; {@code S3_ENDPOINT} points it at moto_server locally (path-style addressing there).
     * Checksums only where S3 requires them: the default streaming trailer checksum buys nothing for small
     * content-addressed objects.
     */
    public static S3Client s3() {
        var builder = S3Client.builder()
                .httpClient(httpClient())
                .region(Region.of(RuntimeEnvironment.region()))
                .credentialsProvider(credentialsProvider())
                .overrideConfiguration(timeouts())
                .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED);
        RuntimeEnvironment.variable(Settings.S3_ENDPOINT).map(URI::create).ifPresent(endpoint -> builder
                .endpointOverride(endpoint).forcePathStyle(true));
        return builder.build();
    }

    /** Secrets Manager, same configuration (no local endpoint: locally the admin key comes from the environment). */
    public static SecretsManagerClient secretsManager() {
        return SecretsManagerClient.builder()
                .httpClient(httpClient())
                .region(Region.of(RuntimeEnvironment.region()))
                .credentialsProvider(credentialsProvider())
                .overrideConfiguration(timeouts())
                .build();
    }

    /**
     * Another service's client builder with this configuration (HTTP client, region, credentials, timeouts), for a
     * module that has the service's SDK; {@code endpoint} points it at moto_server locally.
     */
    public static <B extends AwsClientBuilder<B, ?> & SdkSyncClientBuilder<B, ?>> B configured(B builder,
                                                                                           Setting endpoint) {
        configured(builder);
        RuntimeEnvironment.variable(endpoint).map(URI::create).ifPresent(builder::endpointOverride);
        return builder;
    }

    private static <B extends AwsClientBuilder<B, ?> & SdkSyncClientBuilder<B, ?>> B configured(B builder) {
        builder.httpClient(httpClient())
                .region(Region.of(RuntimeEnvironment.region()))
                .credentialsProvider(credentialsProvider())
                .overrideConfiguration(timeouts());
        endpoint().ifPresent(builder::endpointOverride);
        return builder;
    }

    private static SdkHttpClient httpClient() {
        return UrlConnectionHttpClient.builder()
                .connectionTimeout(Duration.ofSeconds(1))
                .socketTimeout(ATTEMPT_TIMEOUT)
                .build();
    }

    private static ClientOverrideConfiguration timeouts() {
        return ClientOverrideConfiguration.builder()
                .apiCallAttemptTimeout(ATTEMPT_TIMEOUT)
                .apiCallTimeout(CALL_TIMEOUT)
                .build();
    }

    private static Optional<URI> endpoint() {
        return RuntimeEnvironment.variable(Settings.DYNAMODB_ENDPOINT).map(URI::create);
    }

    /**
     * The credentials Lambda hands the function. With SnapStart (every function here) the Java runtime sets no keys:
     * they come from the container credentials endpoint, which the SDK's provider reads, refreshes and retries (its
     * URI and token are JVM-wide SDK settings: in Lambda the process environment, locally set by the runtime).
     * Without SnapStart, the execution role's keys are variables. A local endpoint (moto_server) accepts any
     * credentials, so with none at all a fixed pair is used there. Explicit rather than the SDK's default chain,
     * which would try system properties, web identity and profile files first on every cold start.
     */
    static AwsCredentialsProvider credentialsProvider() {
        if (RuntimeEnvironment.given(Settings.AWS_CONTAINER_CREDENTIALS_FULL_URI).isPresent()) {
            return ContainerCredentialsProvider.builder().build();
        }
        Optional<String> keyId = RuntimeEnvironment.given(Settings.AWS_ACCESS_KEY_ID);
        Optional<String> secret = RuntimeEnvironment.given(Settings.AWS_SECRET_ACCESS_KEY);
        if (keyId.isPresent() && secret.isPresent()) {
            return StaticCredentialsProvider.create(RuntimeEnvironment.given(Settings.AWS_SESSION_TOKEN)
                    .<AwsCredentials>map(token -> AwsSessionCredentials.create(keyId.get(), secret.get(), token))
                    .orElseGet(() -> AwsBasicCredentials.create(keyId.get(), secret.get())));
        }
        if (endpoint().isPresent()) {
            return StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local"));
        }
        // fails at the first call with the SDK's own message naming the missing variables
        return EnvironmentVariableCredentialsProvider.create();
    }
}
