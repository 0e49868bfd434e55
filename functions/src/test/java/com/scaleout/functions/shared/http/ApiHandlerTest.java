package com.scaleout.functions.shared.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.scaleout.functions.shared.json.Json;
import com.amazonaws.services.lambda.runtime.tests.annotations.Event;
import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.functions.shared.invocation.FakeContext;
import com.scaleout.functions.shared.logging.CapturedLines;
import com.scaleout.functions.shared.logging.ThrottledLogs;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import java.util.List;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.core.exception.SdkClientException;

/** The error contract every HTTP handler inherits, on a real-shaped event with its route key swapped. */
class ApiHandlerTest {
    private static final String SAMPLE = "events/http/health-get.json";

    private static final ApiHandler HANDLER = new ApiHandler(Map.of(
            "GET /conflict", request -> {
                throw ApiException.conflict("Username is taken");
            },
            "GET /fault", request -> {
                throw new IllegalStateException("secret detail from deep inside");
            },
            "GET /throttled", request -> {
                throw AwsServiceException.builder().statusCode(429).message("Rate exceeded").build();
            },
            "GET /stitch-busy", request -> {
                throw ApiException.withBody(503, "busy", Map.of("status", "ERROR", "message", "busy"));
            },
            "GET /read-timeout", request -> {
                throw SdkClientException.create("Unable to execute HTTP request: Read timed out",
                        new SocketTimeoutException("Read timed out"));
            },
            "GET /connection-lost", request -> {
                throw SdkClientException.create("Unable to execute HTTP request: Unexpected end of file from server",
                        new java.net.SocketException("Unexpected end of file from server"));
            },
            "GET /unreachable", request -> {
                throw SdkClientException.create("Unable to execute HTTP request: Connection refused",
                        new java.net.ConnectException("Connection refused"));
            },
            "GET /body", request -> HttpResponses.json(200, Map.of("text", request.body())))) {
    };

    /** What the application refuses, in its own terms. */
    private static final ApiHandler REFUSING = new ApiHandler(Map.of(
            "GET /no-such-thing", request -> {
                throw new com.scaleout.functions.shared.failure.NotFoundException("No such thing");
            },
            "GET /bad-field", request -> {
                throw com.scaleout.functions.shared.failure.InvalidInputException.field("q", "is required");
            },
            "GET /not-now", request -> {
                throw new com.scaleout.functions.shared.failure.UnavailableException("Not now");
            })) {
    };

    /** Failures that say "not now" (and one that does not), as DynamoDB reports them. */
    private static final ApiHandler TRANSIENT = new ApiHandler(Map.of(
            "GET /transaction-throttled", request -> {
                throw cancelled("None", "ThrottlingError");
            },
            "GET /transaction-conflict", request -> {
                throw cancelled("TransactionConflict", "None");
            },
            "GET /transaction-condition", request -> {
                throw cancelled("ConditionalCheckFailed", "ThrottlingError");
            },
            "GET /request-limit", request -> {
                throw DynamoDbException.builder().statusCode(400).awsErrorDetails(AwsErrorDetails.builder()
                        .errorCode("RequestLimitExceeded").build()).build();
            },
            "GET /slow-down-head", request -> {
                // S3's SlowDown to a HeadObject: a 503 whose empty body names no code (an album upload under load)
                throw S3Exception.builder().statusCode(503).build();
            })) {
    };

    /** A cancelled TransactWriteItems, one reason per item, as DynamoDB reports it. */
    private static TransactionCanceledException cancelled(String... codes) {
        return TransactionCanceledException.builder().statusCode(400)
                .awsErrorDetails(AwsErrorDetails.builder().errorCode("TransactionCanceledException").build())
                .cancellationReasons(java.util.Arrays.stream(codes)
                        .map(code -> CancellationReason.builder().code(code).build()).toList())
                .build();
    }

    private static APIGatewayV2HTTPResponse call(APIGatewayV2HTTPEvent event, String routeKey) {
        event.setRouteKey(routeKey);
        return HANDLER.handleRequest(event, null);
    }

    private static JsonNode json(APIGatewayV2HTTPResponse response) throws IOException {
        assertThat(response.getHeaders()).containsEntry("content-type", "application/json");
        return Json.MAPPER.readTree(response.getBody());
    }

    @ParameterizedTest
    @Event(value = SAMPLE, type = APIGatewayV2HTTPEvent.class)
    void answersAClientErrorWithItsStatusAndTheRequestId(APIGatewayV2HTTPEvent event) throws IOException {
        var response = call(event, "GET /conflict");

        assertThat(response.getStatusCode()).isEqualTo(409);
        assertThat(json(response)).isEqualTo(Json.MAPPER.readTree(
                "{\"message\":\"Username is taken\",\"requestId\":\"Rk3kYhd8joEEMbQ=\"}"));
    }

    @ParameterizedTest
    @Event(value = SAMPLE, type = APIGatewayV2HTTPEvent.class)
    void answersAFaultWithAFixedBodyAndNothingOfTheCause(APIGatewayV2HTTPEvent event) throws IOException {
        var response = call(event, "GET /fault");

        assertThat(response.getStatusCode()).isEqualTo(500);
        assertThat(json(response)).isEqualTo(Json.MAPPER.readTree(
                "{\"message\":\"Internal Server Error\",\"requestId\":\"Rk3kYhd8joEEMbQ=\"}"));
    }

    /** Support gets a 500's requestId from the client: the line with the cause must carry it. */
    @ParameterizedTest
    @Event(value = SAMPLE, type = APIGatewayV2HTTPEvent.class)
    void logsAFaultOnALineWithTheRequestIdItsBodyShows(APIGatewayV2HTTPEvent event) throws IOException {
        event.setRouteKey("GET /fault");
        APIGatewayV2HTTPResponse response;
        try (var captured = new CapturedLines()) {
            response = HANDLER.handleRequest(event, FakeContext.of("SocialTweets", "lambda-request-7"));

            String bodysRequestId = json(response).get("requestId").asText();
            assertThat(captured.saying("GET /fault failed")).singleElement().satisfies(line -> {
                assertThat(line.path("apiRequestId").asText()).isEqualTo(bodysRequestId);
                assertThat(line.path("lambdaRequestId").asText()).isEqualTo("lambda-request-7");
                assertThat(line.path("functionName").asText()).isEqualTo("SocialTweets");
                assertThat(line.path("route").asText()).isEqualTo("GET /fault");
                assertThat(line.path("level").asText()).isEqualTo("ERROR");
                assertThat(line.path("exception").asText()).contains("secret detail from deep inside");
            });
        }
        assertThat(response.getStatusCode()).isEqualTo(500);
    }

    @ParameterizedTest
    @Event(value = SAMPLE, type = APIGatewayV2HTTPEvent.class)
    void answersThrottlingWith503AndRetryAfter(APIGatewayV2HTTPEvent event) throws IOException {
        var response = call(event, "GET /throttled");

        assertThat(response.getStatusCode()).isEqualTo(503);
        assertThat(response.getHeaders()).containsEntry("retry-after", "1");
        assertThat(json(response).get("message").asText()).doesNotContain("Rate exceeded");
    }

    @ParameterizedTest
    @Event(value = SAMPLE, type = APIGatewayV2HTTPEvent.class)
    void marksEveryAnswerNosniffWhateverItsOutcome(APIGatewayV2HTTPEvent event) {
        var handler = new ApiHandler(Map.of(
                "GET /ok", request -> HttpResponses.json(200, Map.of("ok", true)),
                "GET /no-content", request -> HttpResponses.noContent())) {
        };
        for (var answered : List.of(handler, HANDLER)) {
            for (String route : List.of("GET /ok", "GET /no-content", "GET /conflict", "GET /fault", "GET /throttled",
                    "GET /stitch-busy", "GET /no-such-route")) {
                event.setRouteKey(route);
                var response = answered.handleRequest(event, null);

                assertThat(response.getHeaders()).as(route).containsEntry("x-content-type-options", "nosniff");
            }
        }
    }

    @ParameterizedTest
    @Event(value = SAMPLE, type = APIGatewayV2HTTPEvent.class)
    void logsAFloodOfBusyAnswersOnceNotOncePerRequest(APIGatewayV2HTTPEvent event) {
        var flooded = new ApiHandler(Map.of("GET /throttled-flood", request -> {
            throw AwsServiceException.builder().statusCode(429).message("Rate exceeded").build();
        })) {
        };
        CapturedLines.burstFilterOf(ThrottledLogs.BUSY).clear(); // the earlier tests' busy answers are forgotten
        try (var captured = new CapturedLines()) {
            for (int i = 0; i < 100; i++) {
                event.setRouteKey("GET /throttled-flood");
                assertThat(flooded.handleRequest(event, null).getStatusCode()).isEqualTo(503);
            }

            assertThat(captured.saying("GET /throttled-flood")).as("one trace per interval under overload")
                    .hasSize(1);
        }
    }

    @ParameterizedTest
    @Event(value = SAMPLE, type = APIGatewayV2HTTPEvent.class)
    void answersATransactionCancelledForCapacityOrAConflictOrAnUnavailableServiceWith503AndRetryAfter(APIGatewayV2HTTPEvent event)
            throws IOException {
        for (String route : List.of("GET /transaction-throttled", "GET /transaction-conflict", "GET /request-limit",
                "GET /slow-down-head")) {
            event.setRouteKey(route);
            var response = TRANSIENT.handleRequest(event, null);

            assertThat(response.getStatusCode()).as(route).isEqualTo(503);
            assertThat(response.getHeaders()).as(route).containsEntry("retry-after", "1");
            assertThat(json(response).get("message").asText()).isEqualTo("Service busy, retry shortly");
        }
    }

    @ParameterizedTest
    @Event(value = SAMPLE, type = APIGatewayV2HTTPEvent.class)
    void answersATransactionWhoseConditionFailedAsAFaultNotAsBusy(APIGatewayV2HTTPEvent event) {
        // a failed condition is the domain's to translate (409, 404...); one that reaches the handler is a bug
        event.setRouteKey("GET /transaction-condition");

        assertThat(TRANSIENT.handleRequest(event, null).getStatusCode()).isEqualTo(500);
    }

    @ParameterizedTest
    @Event(value = SAMPLE, type = APIGatewayV2HTTPEvent.class)
    void sendsAnotherContractsBodyAsGivenAndA503StillSaysWhenToRetry(APIGatewayV2HTTPEvent event)
            throws IOException {
        var response = call(event, "GET /stitch-busy");

        assertThat(response.getStatusCode()).isEqualTo(503);
        assertThat(response.getHeaders()).containsEntry("retry-after", "1");
        assertThat(json(response)).isEqualTo(Json.MAPPER.readTree("{\"status\":\"ERROR\",\"message\":\"busy\"}"));
    }

    @ParameterizedTest
    @Event(value = SAMPLE, type = APIGatewayV2HTTPEvent.class)
    void answersACallWhoseSocketReadTimedOutWith503LikeAnyOtherTimeout(APIGatewayV2HTTPEvent event)
            throws IOException {
        var response = call(event, "GET /read-timeout");

        assertThat(response.getStatusCode()).isEqualTo(503);
        assertThat(response.getHeaders()).containsEntry("retry-after", "1");
        assertThat(json(response).get("message").asText()).doesNotContain("Read timed out");
    }

    /** What the application refuses, named for what is wrong, reaches the client as its HTTP answer. */
    @ParameterizedTest
    @Event(value = SAMPLE, type = APIGatewayV2HTTPEvent.class)
    void answersWhatTheApplicationRefusesWithItsStatus(APIGatewayV2HTTPEvent event) throws IOException {
        event.setRouteKey("GET /no-such-thing");
        var notFound = REFUSING.handleRequest(event, null);
        event.setRouteKey("GET /bad-field");
        var badField = REFUSING.handleRequest(event, null);
        event.setRouteKey("GET /not-now");
        var notNow = REFUSING.handleRequest(event, null);

        assertThat(notFound.getStatusCode()).isEqualTo(404);
        assertThat(json(notFound).get("message").asText()).isEqualTo("No such thing");
        assertThat(badField.getStatusCode()).isEqualTo(400);
        assertThat(json(badField).get("errors").get(0).get("field").asText()).isEqualTo("q");
        assertThat(notNow.getStatusCode()).isEqualTo(503);
        assertThat(notNow.getHeaders()).containsEntry("retry-after", "1");
    }

    /** The answer broke off on every attempt (the lost-answers fault's 500 before): applied or not, retry. */
    @ParameterizedTest
    @Event(value = SAMPLE, type = APIGatewayV2HTTPEvent.class)
    void answersACallWhoseConnectionBrokeWith503(APIGatewayV2HTTPEvent event) throws IOException {
        var response = call(event, "GET /connection-lost");

        assertThat(response.getStatusCode()).isEqualTo(503);
        assertThat(response.getHeaders()).containsEntry("retry-after", "1");
    }

    @ParameterizedTest
    @Event(value = SAMPLE, type = APIGatewayV2HTTPEvent.class)
    void answersAnotherClientSideFailureWith500(APIGatewayV2HTTPEvent event) throws IOException {
        var response = call(event, "GET /unreachable");

        assertThat(response.getStatusCode()).isEqualTo(500);
        assertThat(json(response).get("message").asText()).isEqualTo("Internal Server Error");
    }

    @ParameterizedTest
    @Event(value = SAMPLE, type = APIGatewayV2HTTPEvent.class)
    void answersARouteItDoesNotServeWith404(APIGatewayV2HTTPEvent event) throws IOException {
        var response = call(event, "GET /elsewhere");

        assertThat(response.getStatusCode()).isEqualTo(404);
        assertThat(json(response).get("requestId").asText()).isEqualTo("Rk3kYhd8joEEMbQ=");
    }

    @ParameterizedTest
    @Event(value = SAMPLE, type = APIGatewayV2HTTPEvent.class)
    void decodesABase64Body(APIGatewayV2HTTPEvent event) throws IOException {
        event.setBody("aMOpbGxvIPCfmoA=");
        event.setIsBase64Encoded(true);

        assertThat(json(call(event, "GET /body")).get("text").asText()).isEqualTo("héllo 🚀");
    }

    @ParameterizedTest
    @Event(value = SAMPLE, type = APIGatewayV2HTTPEvent.class)
    void refusesABodyThatIsNotBase64ThoughMarkedSo(APIGatewayV2HTTPEvent event) throws IOException {
        event.setBody("not base64 at all!");
        event.setIsBase64Encoded(true);

        var response = call(event, "GET /body");

        assertThat(response.getStatusCode()).isEqualTo(400);
        assertThat(json(response).get("message").asText()).isEqualTo("Body is not valid base64");
    }
}
