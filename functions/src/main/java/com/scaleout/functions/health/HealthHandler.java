package com.scaleout.functions.health;

import com.scaleout.functions.shared.invocation.Invocations;
import com.scaleout.functions.shared.snapstart.Primed;
import com.scaleout.functions.shared.snapstart.Priming;
import com.scaleout.functions.shared.snapstart.PrimingRequests;
import java.util.Map;
import java.util.Optional;
import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.scaleout.functions.shared.aws.AwsClients;
import com.scaleout.functions.shared.http.HttpResponses;
import com.scaleout.functions.shared.redis.RedisLink;
import java.util.List;

/** {@code GET /health}: 200 when DynamoDB and Redis answer, 503 naming the part that does not. */
public final class HealthHandler implements RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse>, Primed {
    private final Invocations invocations = new Invocations();
    private final HealthCheck healthCheck;
    private final Priming priming;

    /** Lambda's constructor: clients built once per execution environment. */
    public HealthHandler() {
        this(RedisLink.fromEnvironment());
    }

    private HealthHandler(Optional<RedisLink> redis) {
        this(new HealthCheck(List.of(new DynamoDbProbe(AwsClients.dynamoDb()), new RedisProbe(redis))), redis);
    }

    HealthHandler(HealthCheck healthCheck) {
        this(healthCheck, Optional.empty());
    }

    private HealthHandler(HealthCheck healthCheck, Optional<RedisLink> redis) {
        this.healthCheck = healthCheck;
        // the check itself: a ListTables and a Redis PING, both read-only
        this.priming = Priming.register(HealthHandler.class, redis,
                () -> handleRequest(PrimingRequests.http("GET /health", Map.of()), null));
    }

    @Override
    public Priming priming() {
        return priming;
    }

    @Override
    public APIGatewayV2HTTPResponse handleRequest(APIGatewayV2HTTPEvent event, Context context) {
        try (var invocation = invocations.open(context)) {
            return answer(event);
        }
    }

    private APIGatewayV2HTTPResponse answer(APIGatewayV2HTTPEvent event) {
        HealthReport report = healthCheck.run();
        return HttpResponses.json(report.healthy() ? 200 : 503, report);
    }
}
