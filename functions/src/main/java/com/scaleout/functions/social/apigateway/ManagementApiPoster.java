package com.scaleout.functions.social.apigateway;

import com.scaleout.declaration.Settings;
import com.scaleout.functions.shared.aws.AwsClients;
import com.scaleout.functions.shared.config.RuntimeEnvironment;
import com.scaleout.functions.social.application.ConnectionPoster;
import java.util.Optional;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.apigatewaymanagementapi.ApiGatewayManagementApiClient;
import software.amazon.awssdk.services.apigatewaymanagementapi.model.GoneException;

/**
 * PostToConnection through API Gateway's management API, at {@code LIVE_ENDPOINT} (the stage's
 * {@code https://{api-id}.execute-api.{region}.amazonaws.com/{stage}}; locally the runtime's). A closed connection
 * answers 410, which the SDK raises as {@link GoneException}: reported as {@link Outcome#GONE}.
 */
public final class ManagementApiPoster implements ConnectionPoster {
    private final ApiGatewayManagementApiClient client;

    public ManagementApiPoster(ApiGatewayManagementApiClient client) {
        this.client = client;
    }

    /**
     * The poster of a function that pushes (one given {@code LIVE_ENDPOINT}), its client built once with the
     * functions' HTTP client, region, credentials and timeouts; empty for any other function.
     */
    public static Optional<ManagementApiPoster> fromEnvironment() {
        return RuntimeEnvironment.variable(Settings.LIVE_ENDPOINT).map(endpoint -> new ManagementApiPoster(
                AwsClients.configured(ApiGatewayManagementApiClient.builder(), Settings.LIVE_ENDPOINT).build()));
    }

    @Override
    public Outcome post(String connectionId, String message) {
        try {
            client.postToConnection(r -> r.connectionId(connectionId).data(SdkBytes.fromUtf8String(message)));
            return Outcome.DELIVERED;
        } catch (GoneException gone) {
            return Outcome.GONE;
        }
    }
}
