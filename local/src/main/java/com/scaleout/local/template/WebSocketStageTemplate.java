package com.scaleout.local.template;

/**
 * A WebSocket API's stage in the synthesized template (an AWS::ApiGatewayV2::Stage of an AWS::ApiGatewayV2::Api
 * whose ProtocolType is WEBSOCKET), resolved to local names.
 *
 * @param apiPath       the API's construct path in the CDK app, e.g. {@code Scaleout-dev/Live/Api/Resource}
 * @param apiId         what {@code Ref} of the API resolves to locally (see {@link ResourceNames#ref})
 * @param stageName     the stage's name, which the management API's ARNs carry
 * @param ratePerSecond the stage's default route throttle: steady rate, 0 when it sets none
 * @param burst         and burst, 0 when it sets none
 */
public record WebSocketStageTemplate(String apiPath, String apiId, String stageName, double ratePerSecond,
                                     int burst) {
    /**
     * Whether this is the stage of the API declared as {@code name}: a part of the API's construct path is it (the
     * CDK app names the construct after the declared name).
     */
    boolean isOf(String name) {
        for (String part : apiPath.split("/")) {
            if (part.equals(name) || part.equals(name + "Api")) {
                return true;
            }
        }
        return false;
    }
}
