package com.scaleout.local.http;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2CustomAuthorizerEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.scaleout.functions.shared.json.Json;
import java.net.URLDecoder;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Turns a request into the payload-2.0 events API Gateway's HTTP API sends to Lambda: header names lower-cased
 * and repeats joined with commas, cookies moved out of the headers into {@code cookies}, query and path
 * parameters decoded, text bodies as-is and anything else base64 with {@code isBase64Encoded}.
 */
public final class EventMapper {
    static final String API_ID = "local";
    static final String STAGE = "$default";
    private static final DateTimeFormatter REQUEST_TIME =
            DateTimeFormatter.ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.ENGLISH).withZone(ZoneOffset.UTC);

    private EventMapper() {
    }

    /** What API Gateway puts in the event for this request's body: text, or base64 for binary content. */
    public record MappedBody(String body, boolean base64Encoded) {
        static final MappedBody NONE = new MappedBody(null, false);

        int length() {
            return body == null ? 0 : body.length();
        }
    }

    public static MappedBody mapBody(byte[] body, Map<String, String> headers) {
        if (body.length == 0) {
            return MappedBody.NONE;
        }
        String contentType = headers.getOrDefault("content-type", "");
        if (isText(contentType)) {
            try {
                String text = StandardCharsets.UTF_8.newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT)
                        .decode(ByteBuffer.wrap(body)).toString();
                return new MappedBody(text, false);
            } catch (CharacterCodingException notUtf8) {
                // falls through: undecodable text travels as binary
            }
        }
        return new MappedBody(Base64.getEncoder().encodeToString(body), true);
    }

    static boolean isText(String contentType) {
        String type = contentType.toLowerCase(Locale.ROOT).split(";", 2)[0].trim();
        return type.startsWith("text/") || type.endsWith("/json") || type.endsWith("+json")
                || type.endsWith("/xml") || type.endsWith("+xml") || type.equals("application/javascript");
    }

    /** Header names lower-cased, repeated values joined with a comma, cookies excluded (they go to cookies). */
    public static Map<String, String> headers(HttpRequestData request) {
        var headers = new LinkedHashMap<String, String>();
        request.headers().forEach((name, values) -> {
            String lower = name.toLowerCase(Locale.ROOT);
            if (!lower.equals("cookie")) {
                headers.merge(lower, String.join(",", values), (a, b) -> a + "," + b);
            }
        });
        return headers;
    }

    public static List<String> cookies(HttpRequestData request) {
        var cookies = new ArrayList<String>();
        request.headers().forEach((name, values) -> {
            if (name.equalsIgnoreCase("cookie")) {
                for (String value : values) {
                    for (String cookie : value.split(";")) {
                        if (!cookie.isBlank()) {
                            cookies.add(cookie.trim());
                        }
                    }
                }
            }
        });
        return cookies.isEmpty() ? null : cookies;
    }

    /** Decoded query parameters; a repeated name's values joined with commas, as payload 2.0 does. */
    public static Map<String, String> queryParameters(String rawQueryString) {
        if (rawQueryString == null || rawQueryString.isEmpty()) {
            return null;
        }
        var parameters = new LinkedHashMap<String, String>();
        for (String pair : rawQueryString.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = decode(eq < 0 ? pair : pair.substring(0, eq));
            String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
            parameters.merge(name, value, (a, b) -> a + "," + b);
        }
        return parameters.isEmpty() ? null : parameters;
    }

    private static String decode(String text) {
        try {
            return URLDecoder.decode(text, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException malformed) {
            return text; // API Gateway passes undecodable escapes through
        }
    }

    public static APIGatewayV2HTTPEvent httpEvent(HttpRequestData request, RouteTable.Match match, MappedBody body,
                                                  String requestId, Instant now,
                                                  Map<String, Object> authorizerContext) {
        Map<String, String> headers = headers(request);
        var http = APIGatewayV2HTTPEvent.RequestContext.Http.builder()
                .withMethod(request.method())
                .withPath(request.rawPath())
                .withProtocol(request.protocol())
                .withSourceIp(request.sourceIp())
                .withUserAgent(headers.get("user-agent"))
                .build();
        var context = APIGatewayV2HTTPEvent.RequestContext.builder()
                .withAccountId("000000000000")
                .withApiId(API_ID)
                .withDomainName(domainName(headers))
                .withDomainPrefix(domainName(headers).split("\\.", 2)[0])
                .withHttp(http)
                .withRequestId(requestId)
                .withRouteKey(match.route().routeKey())
                .withStage(STAGE)
                .withTime(REQUEST_TIME.format(now))
                .withTimeEpoch(now.toEpochMilli())
                .build();
        if (authorizerContext != null) {
            var authorizer = new APIGatewayV2HTTPEvent.RequestContext.Authorizer();
            authorizer.setLambda(authorizerContext);
            context.setAuthorizer(authorizer);
        }
        return APIGatewayV2HTTPEvent.builder()
                .withVersion("2.0")
                .withRouteKey(match.route().routeKey())
                .withRawPath(request.rawPath())
                .withRawQueryString(request.rawQueryString() == null ? "" : request.rawQueryString())
                .withCookies(cookies(request))
                .withHeaders(headers)
                .withQueryStringParameters(queryParameters(request.rawQueryString()))
                .withPathParameters(match.pathParameters().isEmpty() ? null : match.pathParameters())
                .withRequestContext(context)
                .withBody(body.body())
                .withIsBase64Encoded(body.base64Encoded())
                .build();
    }

    /**
     * The REQUEST authorizer's event: the request as the route's handler would see it, without body or
     * authorizer context, plus the identity source and the route ARN.
     */
    public static APIGatewayV2CustomAuthorizerEvent authorizerEvent(HttpRequestData request, RouteTable.Match match,
                                                                    List<String> identitySource, String requestId,
                                                                    Instant now) {
        var seenByHandler = httpEvent(request, match, MappedBody.NONE, requestId, now, null);
        var event = Json.MAPPER.convertValue(seenByHandler, APIGatewayV2CustomAuthorizerEvent.class);
        event.setType("REQUEST");
        event.setRouteArn("arn:aws:execute-api:us-east-1:000000000000:" + API_ID + "/" + STAGE + "/"
                + request.method() + request.rawPath());
        event.setIdentitySource(identitySource);
        return event;
    }

    private static String domainName(Map<String, String> headers) {
        String host = headers.getOrDefault("host", "localhost");
        int colon = host.lastIndexOf(':');
        return colon > 0 && !host.endsWith("]") ? host.substring(0, colon) : host;
    }
}
