package com.scaleout.local.lambda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scaleout.declaration.FunctionSpec;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.ContainerCredentialsProvider;
import software.amazon.awssdk.core.exception.SdkClientException;

class LambdaVariablesTest {
    private static final FunctionSpec SPEC = FunctionSpec.of("SocialTweets", "com.example.Tweets::handleRequest");
    private static ContainerCredentialsEndpoint endpoint;

    @BeforeAll
    static void start() {
        endpoint = ContainerCredentialsEndpoint.start(Clock.systemUTC());
    }

    @AfterAll
    static void stop() {
        endpoint.close();
    }

    @Test
    void everyEnvironmentGetsLambdasReservedVariables() {
        var variables = LambdaVariables.reserved(SPEC, true, "eu-west-1", endpoint);

        assertThat(variables).containsEntry("AWS_REGION", "eu-west-1").containsEntry("AWS_DEFAULT_REGION", "eu-west-1")
                .containsEntry("AWS_LAMBDA_FUNCTION_NAME", "SocialTweets")
                .containsEntry("AWS_LAMBDA_FUNCTION_MEMORY_SIZE", Integer.toString(SPEC.memoryMb()))
                .containsEntry("AWS_LAMBDA_FUNCTION_VERSION", "1")
                .containsEntry("AWS_LAMBDA_LOG_GROUP_NAME", "/aws/lambda/SocialTweets")
                .containsEntry("AWS_EXECUTION_ENV", "AWS_Lambda_java21")
                .containsEntry("_HANDLER", "com.example.Tweets::handleRequest")
                .containsEntry("LAMBDA_TASK_ROOT", "/var/task").containsEntry("TZ", ":UTC");
        assertThat(variables.get("AWS_LAMBDA_LOG_STREAM_NAME")).matches("\\d{4}/\\d{2}/\\d{2}/\\[1][0-9a-f]{32}")
                .isNotEqualTo(LambdaVariables.reserved(SPEC, true, "eu-west-1", endpoint)
                        .get("AWS_LAMBDA_LOG_STREAM_NAME"));
    }

    @Test
    void aSnapStartFunctionGetsTheContainerEndpointAndNoKeys() {
        var variables = LambdaVariables.reserved(SPEC, true, "us-east-1", endpoint);

        assertThat(variables).containsEntry("AWS_CONTAINER_CREDENTIALS_FULL_URI", endpoint.uri().toString())
                .containsEntry("AWS_CONTAINER_AUTHORIZATION_TOKEN", endpoint.authorizationToken())
                .containsEntry("AWS_LAMBDA_INITIALIZATION_TYPE", "snap-start")
                .doesNotContainKeys("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN");
    }

    @Test
    void aFunctionWithoutSnapStartGetsKeysAndNoEndpoint() {
        var variables = LambdaVariables.reserved(SPEC, false, "us-east-1", endpoint);

        assertThat(variables).containsEntry("AWS_ACCESS_KEY_ID", endpoint.accessKeyId())
                .containsEntry("AWS_SECRET_ACCESS_KEY", endpoint.secretAccessKey())
                .containsEntry("AWS_SESSION_TOKEN", endpoint.sessionToken())
                .containsEntry("AWS_LAMBDA_INITIALIZATION_TYPE", "on-demand")
                .doesNotContainKeys("AWS_CONTAINER_CREDENTIALS_FULL_URI", "AWS_CONTAINER_AUTHORIZATION_TOKEN");
    }

    @Test
    void theSdksContainerProviderReadsTheEndpointOnceItIsPublished() {
        endpoint.publishToSdk();
        try (var provider = ContainerCredentialsProvider.builder().build()) {
            var credentials = (AwsSessionCredentials) provider.resolveCredentials();

            assertThat(credentials.accessKeyId()).isEqualTo(endpoint.accessKeyId());
            assertThat(credentials.sessionToken()).isEqualTo(endpoint.sessionToken());
        } finally {
            System.clearProperty(ContainerCredentialsEndpoint.SDK_TOKEN_PROPERTY);
        }
        try (var provider = ContainerCredentialsProvider.builder().build()) {
            assertThatThrownBy(provider::resolveCredentials).as("no token, no credentials")
                    .isInstanceOf(SdkClientException.class);
        } finally {
            System.clearProperty(ContainerCredentialsEndpoint.SDK_FULL_URI_PROPERTY);
        }
    }

    @Test
    void theEndpointRefusesAWrongTokenWithJson() throws Exception {
        var response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(endpoint.uri().toString()))
                .header("Authorization", "not-" + endpoint.authorizationToken()).build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(403);
        assertThat(response.body()).contains("\"message\"");
    }
}
