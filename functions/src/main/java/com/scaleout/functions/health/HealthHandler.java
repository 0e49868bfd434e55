package com.scaleout.functions.health;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.scaleout.functions.shared.aws.DynamoDbClients;
import com.scaleout.functions.shared.http.HttpResponses;
import com.scaleout.functions.shared.redis.RedisConnection;
import java.util.List;

/** {@code GET /health}: 200 when DynamoDB and Redis answer, 503 naming the part that does not. */
public final class HealthHandler implements RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> {
    private final HealthCheck healthCheck;

    /** Lambda's constructor: clients built once per execution environment. */
    public HealthHandler() {
        this(new HealthCheck(List.of(
                new DynamoDbProbe(DynamoDbClients.dynamoDb()),
                new RedisProbe(RedisConnection.fromEnvironment()))));
    }

    HealthHandler(HealthCheck healthCheck) {
        this.healthCheck = healthCheck;
    }

    @Override
    public APIGatewayV2HTTPResponse handleRequest(APIGatewayV2HTTPEvent event, Context context) {
        HealthReport report = healthCheck.run();
        return HttpResponses.json(report.healthy() ? 200 : 503, report);
    }
}
