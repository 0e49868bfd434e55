package com.scaleout.functions.shared.snapstart;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2CustomAuthorizerEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamRecord;
import com.scaleout.functions.shared.http.ApiRequest;
import java.util.List;
import java.util.Map;

/**
 * The synthetic events priming hands a handler, shaped as API Gateway and the DynamoDB Streams event source mapping
 * send them. Every key in them is one that nothing can have, so that a read finds nothing and nothing from the
 * data ends up in the snapshot.
 */
public final class PrimingRequests {
    /** An id (a ULID of the epoch's first millisecond) that no tweet, user, album or key is ever given. */
    public static final String MISSING_ID = "00000000000000000000000000";
    /** A bearer token of the sessions' format (43 base64url characters) that no login ever issued. */
    public static final String UNKNOWN_TOKEN = "snapstart-priming-" + "0".repeat(25);
    /** The session id (a SHA-256 in hex) of a session that does not exist. */
    public static final String UNKNOWN_SESSION_ID = "0".repeat(64);
    static final String REQUEST_ID = "snapstart-priming";

    private PrimingRequests() {
    }

    public static APIGatewayV2HTTPEvent http(String routeKey, Map<String, String> pathParameters) {
        return http(routeKey, pathParameters, Map.of(), Map.of(), null);
    }

    public static APIGatewayV2HTTPEvent http(String routeKey, Map<String, String> pathParameters,
                                             Map<String, String> query, Map<String, String> headers, String body) {
        return APIGatewayV2HTTPEvent.builder()
                .withRouteKey(routeKey)
                .withPathParameters(pathParameters)
                .withQueryStringParameters(query)
                .withHeaders(headers)
                .withBody(body)
                .withIsBase64Encoded(false)
                .withRequestContext(APIGatewayV2HTTPEvent.RequestContext.builder()
                        .withRouteKey(routeKey)
                        .withRequestId(REQUEST_ID)
                        .withAuthorizer(APIGatewayV2HTTPEvent.RequestContext.Authorizer.builder()
                                .withLambda(Map.of())
                                .build())
                        .build())
                .build();
    }

    /**
     * {@code event} as the gateway passes it after the authorizer let in a session that does not exist: the
     * handler's session check reads the cache and the table, finds no session and answers 401 before any write.
     */
    public static APIGatewayV2HTTPEvent fromUnknownSession(APIGatewayV2HTTPEvent event) {
        event.getRequestContext().getAuthorizer().setLambda(Map.of(
                ApiRequest.CONTEXT_USER_ID, MISSING_ID,
                ApiRequest.CONTEXT_USERNAME, "snapstart",
                ApiRequest.CONTEXT_SESSION_ID, UNKNOWN_SESSION_ID));
        return event;
    }

    /** The authorizer's event for {@code Authorization: Bearer <token>}. */
    public static APIGatewayV2CustomAuthorizerEvent authorizer(String token) {
        return APIGatewayV2CustomAuthorizerEvent.builder()
                .withVersion("2.0")
                .withType("REQUEST")
                .withRouteKey("GET /me")
                .withIdentitySource(List.of("Bearer " + token))
                .build();
    }

    /**
     * A batch of one record from the stream of table {@code table}, without a creation time (so no stream lag is
     * reported for it).
     */
    public static DynamodbEvent stream(String table, String eventName, Map<String, AttributeValue> newImage,
                                       Map<String, AttributeValue> oldImage) {
        var record = new DynamodbEvent.DynamodbStreamRecord();
        record.setEventName(eventName);
        record.setEventSource("aws:dynamodb");
        record.setEventSourceARN("arn:aws:dynamodb:us-east-1:000000000000:table/" + table + "/stream/priming");
        record.setDynamodb(new StreamRecord()
                .withSequenceNumber("0")
                .withNewImage(newImage)
                .withOldImage(oldImage));
        var event = new DynamodbEvent();
        event.setRecords(List.of(record));
        return event;
    }
}
