package com.scaleout.local.lambda.isolated;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.scaleout.declaration.Settings;
import com.scaleout.functions.shared.config.RuntimeEnvironment;
import java.util.Map;

/**
 * Test function run from a jar the test builds: answers what its configuration says of a few settings ("-" for
 * unset), and whether its thread's context class loader is the one that loaded it.
 */
public final class VariablesHandler implements RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> {
    @Override
    public APIGatewayV2HTTPResponse handleRequest(APIGatewayV2HTTPEvent event, Context context) {
        boolean ownContextLoader = Thread.currentThread().getContextClassLoader() == getClass().getClassLoader();
        return APIGatewayV2HTTPResponse.builder().withStatusCode(200).withHeaders(Map.of(
                "stage", RuntimeEnvironment.given(Settings.STAGE).orElse("-"),
                "bcrypt", RuntimeEnvironment.given(Settings.BCRYPT_COST).orElse("-"),
                "region", RuntimeEnvironment.region(),
                "context-loader", ownContextLoader ? "own" : "other")).build();
    }
}
