package com.scaleout.functions.social.websocket;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2WebSocketEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2WebSocketResponse;
import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.declaration.WebSocketApiSpec;
import com.scaleout.functions.shared.aws.AwsClients;
import com.scaleout.functions.shared.aws.TransientFailures;
import com.scaleout.functions.shared.failure.DomainException;
import com.scaleout.functions.shared.failure.InvalidInputException;
import com.scaleout.functions.shared.http.ApiException;
import com.scaleout.functions.shared.invocation.Invocations;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.functions.shared.logging.ThrottledLogs;
import com.scaleout.functions.shared.redis.RedisLink;
import com.scaleout.functions.shared.snapstart.Primed;
import com.scaleout.functions.shared.snapstart.Priming;
import com.scaleout.functions.shared.snapstart.PrimingRequests;
import com.scaleout.functions.social.LiveComponents;
import com.scaleout.functions.social.SocialComponents;
import com.scaleout.functions.social.application.AuthorNames;
import com.scaleout.functions.social.application.LiveService;
import com.scaleout.functions.social.domain.LiveMessage;
import com.scaleout.functions.social.domain.LiveStream;
import com.scaleout.functions.social.views.LiveJson;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.logging.Level;
import java.util.logging.Logger;
import software.amazon.awssdk.core.exception.SdkException;

/**
 * Every route of the live WebSocket API (API Gateway chose it by the message's {@code action}): {@code $connect}
 * accepts a connection (a {@code token} query parameter must name an active session: else 401, the handshake
 * refused), {@code subscribe} and {@code unsubscribe} answer with their ack (a search with its first page),
 * {@code $disconnect} forgets the connection, and {@code $default} (a message that is not JSON, or names no known
 * action) answers with an {@code error}. A bad message is answered, never a reason to close the connection. Every
 * client message first counts against its connection's budget ({@code MessageBudget}): past it, the answer is an
 * {@code error} 429 with {@code retryAfter}, and nothing else runs.
 */
public final class LiveHandler
        implements RequestHandler<APIGatewayV2WebSocketEvent, APIGatewayV2WebSocketResponse>, Primed {
    static final String TOKEN = "token";
    static final String NOT_JSON = "a message is JSON: {\"action\":\"subscribe\",\"stream\":\"public\"}";
    private static final Logger LOG = Logger.getLogger(LiveHandler.class.getName());
    /** Busy answers come in floods: one trace per interval (as the HTTP functions log theirs). */
    private static final org.apache.logging.log4j.Logger BUSY = ThrottledLogs.busy();

    private final Invocations invocations = new Invocations();
    private final LiveService live;
    private final AuthorNames authorNames;
    private final Map<String, BiFunction<LiveHandler, APIGatewayV2WebSocketEvent, APIGatewayV2WebSocketResponse>>
            routes = Map.of(
                    WebSocketApiSpec.CONNECT, LiveHandler::connect,
                    WebSocketApiSpec.DISCONNECT, LiveHandler::disconnect,
                    "subscribe", (handler, event) -> handler.message(event, handler.live::subscribe),
                    "unsubscribe", (handler, event) -> handler.message(event, handler.live::unsubscribe));
    private final Priming priming;

    public LiveHandler() {
        this(AwsClients.dynamoDb(), RedisLink.fromEnvironment());
    }

    private LiveHandler(software.amazon.awssdk.services.dynamodb.DynamoDbClient dynamoDb, Optional<RedisLink> redis) {
        this(SocialComponents.create(dynamoDb, redis), dynamoDb, redis);
    }

    private LiveHandler(SocialComponents social, software.amazon.awssdk.services.dynamodb.DynamoDbClient dynamoDb,
                        Optional<RedisLink> redis) {
        this(LiveComponents.service(social, dynamoDb, redis), social.authorNames(), redis);
    }

    LiveHandler(LiveService live, AuthorNames authorNames) {
        this(live, authorNames, Optional.empty());
    }

    private LiveHandler(LiveService live, AuthorNames authorNames, Optional<RedisLink> redis) {
        this.live = live;
        this.authorNames = authorNames;
        this.priming = Priming.register(LiveHandler.class, redis, this::warmUp);
    }

    @Override
    public Priming priming() {
        return priming;
    }

    /**
     * A subscription of a connection that does not exist (a GetItem of a missing key, answered with an error) and a
     * message that is not JSON: the SDK's and Jackson's paths, nothing written but the missing connection's message
     * count in the cache, which expires with its window.
     */
    private void warmUp() {
        handleRequest(event("subscribe", "{\"action\":\"subscribe\",\"stream\":\"public\"}"), null);
        handleRequest(event(WebSocketApiSpec.DEFAULT, "snapstart"), null);
    }

    private static APIGatewayV2WebSocketEvent event(String routeKey, String body) {
        var context = new APIGatewayV2WebSocketEvent.RequestContext();
        context.setRouteKey(routeKey);
        context.setEventType("MESSAGE");
        context.setConnectionId(PrimingRequests.MISSING_ID);
        var event = new APIGatewayV2WebSocketEvent();
        event.setRequestContext(context);
        event.setBody(body);
        return event;
    }

    @Override
    public APIGatewayV2WebSocketResponse handleRequest(APIGatewayV2WebSocketEvent event, Context context) {
        var request = event.getRequestContext();
        try (var invocation = invocations.open(context, request.getRequestId(), request.getRouteKey())) {
            String routeKey = request.getRouteKey();
            if (!WebSocketApiSpec.CONNECT.equals(routeKey) && !WebSocketApiSpec.DISCONNECT.equals(routeKey)) {
                // a client's message: counted before anything reads it
                try {
                    live.admit(request.getConnectionId());
                } catch (DomainException spent) {
                    return reply(refusal(streamNamed(event.getBody()), spent));
                }
            }
            return routes.getOrDefault(routeKey, LiveHandler::unknownAction).apply(this, event);
        }
    }

    private APIGatewayV2WebSocketResponse connect(APIGatewayV2WebSocketEvent event) {
        var request = event.getRequestContext();
        Optional<String> token = Optional.ofNullable(event.getQueryStringParameters())
                .map(query -> query.get(TOKEN));
        try {
            live.connect(request.getConnectionId(), token, Instant.ofEpochMilli(request.getConnectedAt()));
            return response(200, null);
        } catch (DomainException refused) {
            var answer = ApiException.from(refused);
            return response(answer.status(), Json.write(Map.of("message", refused.getMessage())));
        }
    }

    private APIGatewayV2WebSocketResponse disconnect(APIGatewayV2WebSocketEvent event) {
        live.disconnect(event.getRequestContext().getConnectionId());
        return response(200, null);
    }

    /** A subscription change: the stream the message names, and the answer to it (an ack, a page or an error). */
    private APIGatewayV2WebSocketResponse message(APIGatewayV2WebSocketEvent event,
                                                  BiFunction<String, String, LiveMessage> change) {
        Optional<JsonNode> body = json(event.getBody());
        if (body.isEmpty()) {
            return reply(new LiveMessage.Refused(null, 400, NOT_JSON));
        }
        JsonNode stream = body.get().path("stream");
        String name = stream.isTextual() ? stream.asText() : null;
        try {
            return reply(change.apply(event.getRequestContext().getConnectionId(), name));
        } catch (DomainException refused) {
            return reply(refusal(name, refused));
        } catch (SdkException e) {
            if (TransientFailures.isTransient(e)) {
                // as the HTTP API answers a throttled or slow AWS call: busy, not a fault
                BUSY.warn("live message: AWS throttled or too slow", e);
                return reply(new LiveMessage.Refused(name, 503, "Service busy, retry shortly", 1));
            }
            LOG.log(Level.SEVERE, "live message failed", e);
            return reply(new LiveMessage.Refused(name, 500, "Internal Server Error; send it again"));
        } catch (RuntimeException e) {
            LOG.log(Level.SEVERE, "live message failed", e);
            return reply(new LiveMessage.Refused(name, 500, "Internal Server Error; send it again"));
        }
    }

    /** {@code $default}: not JSON, or an action that is not the API's. */
    private APIGatewayV2WebSocketResponse unknownAction(APIGatewayV2WebSocketEvent event) {
        Optional<JsonNode> body = json(event.getBody());
        if (body.isEmpty()) {
            return reply(new LiveMessage.Refused(null, 400, NOT_JSON));
        }
        JsonNode action = body.get().path("action");
        String named = action.isTextual() ? "unknown action " + Json.write(action.asText()) : "action is required";
        return reply(new LiveMessage.Refused(null, 400, named + ": use subscribe or unsubscribe"));
    }

    /**
     * The stream a message names, normalized when it is a valid one, so that a client knows which of its
     * subscriptions a refusal is about; null when it names none.
     */
    private static String streamNamed(String body) {
        JsonNode stream = json(body).map(message -> message.path("stream")).orElse(null);
        if (stream == null || !stream.isTextual()) {
            return null;
        }
        try {
            return LiveStream.parse(stream.asText()).name();
        } catch (LiveStream.Invalid invalid) {
            return stream.asText();
        }
    }

    private static Optional<JsonNode> json(String body) {
        if (body == null) {
            return Optional.empty();
        }
        try {
            JsonNode node = Json.MAPPER.readTree(body);
            return node != null && node.isObject() ? Optional.of(node) : Optional.empty();
        } catch (com.fasterxml.jackson.core.JacksonException notJson) {
            return Optional.empty();
        }
    }

    /** A refusal as the HTTP API answers it: its status, and its Retry-After for a 429 or 503. */
    private static LiveMessage.Refused refusal(String stream, DomainException refused) {
        var answer = ApiException.from(refused);
        return new LiveMessage.Refused(stream, answer.status(), reason(refused), answer.retryAfterSeconds());
    }

    private static String reason(DomainException refused) {
        if (refused instanceof InvalidInputException invalid && !invalid.problems().isEmpty()) {
            return String.join("; ", invalid.problems().stream()
                    .map(problem -> problem.field() + " " + problem.reason()).toList());
        }
        return refused.getMessage();
    }

    /** The message sent back to the caller (a two-way route's response body). */
    private APIGatewayV2WebSocketResponse reply(LiveMessage message) {
        var tweets = LiveJson.tweetsOf(message);
        return response(200, LiveJson.encode(message, tweets.isEmpty() ? Map.of() : authorNames.of(tweets)));
    }

    private static APIGatewayV2WebSocketResponse response(int status, String body) {
        var response = new APIGatewayV2WebSocketResponse();
        response.setStatusCode(status);
        response.setBody(body);
        return response;
    }
}
