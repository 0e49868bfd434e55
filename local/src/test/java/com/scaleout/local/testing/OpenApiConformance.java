package com.scaleout.local.testing;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleRequest;
import com.atlassian.oai.validator.model.SimpleResponse;
import com.atlassian.oai.validator.report.LevelResolver;
import com.atlassian.oai.validator.report.ValidationReport;
import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.RouteSpec;
import com.scaleout.functions.shared.json.Json;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import java.io.IOException;
import java.net.URLDecoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The HTTP contract, docs/openapi.yaml, as the integration tests check it: every exchange a test client makes with a
 * local runtime serving the documented API is validated by Atlassian's swagger-request-validator.
 *
 * <p>The response must be one the document declares for the operation (status, content type, body schema, required
 * headers). The request is validated too: a request outside the contract (a test sending bad input on purpose, a
 * generated invalid request, a missing credential) must still get a declared response, but never a success. A
 * request to no documented operation must get the gateway's own 404 {@code {"message"}}.
 */
public final class OpenApiConformance {
    private static final Path DOCUMENT = Path.of("..", "docs", "openapi.yaml");
    private static final Set<String> NO_OPERATION = Set.of(
            "validation.request.path.missing", "validation.request.operation.notAllowed");
    private static final OpenApiConformance CONTRACT = load();

    private final OpenAPI api;
    private final OpenApiInteractionValidator validator;

    private OpenApiConformance(OpenAPI api) {
        this.api = api;
        this.validator = OpenApiInteractionValidator.createFor(api)
                .withStrictOperationPathMatching()
                .withLevelResolver(LevelResolver.create()
                        // requests: unknown fields are ignored, as the document's conventions say
                        .withLevel("validation.request.body.schema.additionalProperties", ValidationReport.Level.IGNORE)
                        // responses: a field the document does not describe is a gap in the contract
                        .withLevel("validation.response.body.schema.additionalProperties", ValidationReport.Level.ERROR)
                        .build())
                .build();
    }

    /** The project's contract, parsed once per test JVM. */
    public static OpenApiConformance contract() {
        return CONTRACT;
    }

    private static OpenApiConformance load() {
        try {
            var options = new ParseOptions();
            options.setResolve(true);
            // references inlined and allOf merged (Profile = User + counts), so a schema can be strict about fields
            options.setResolveFully(true);
            options.setResolveCombinators(true);
            var result = new OpenAPIV3Parser().readContents(Files.readString(DOCUMENT), null, options);
            if (result.getOpenAPI() == null || !result.getMessages().isEmpty()) {
                throw new IllegalStateException(DOCUMENT + " does not parse: " + result.getMessages());
            }
            return new OpenApiConformance(withEveryOperationsAnswers(result.getOpenAPI()));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + DOCUMENT.toAbsolutePath(), e);
        }
    }

    /**
     * Adds the document's {@code x-every-operation-may-answer} (the gateway's throttling, a busy dependency) to each
     * operation, and {@code x-every-write-operation-may-answer} (an Idempotency-Key's answers) to each POST, PUT and
     * DELETE, where the operation does not declare the status itself: OpenAPI 3.0 has no responses common to all
     * operations.
     */
    private static OpenAPI withEveryOperationsAnswers(OpenAPI api) {
        addAnswers(api, "x-every-operation-may-answer", method -> true);
        addAnswers(api, "x-every-write-operation-may-answer", method -> method != PathItem.HttpMethod.GET);
        return api;
    }

    @SuppressWarnings("unchecked")
    private static void addAnswers(OpenAPI api, String extension,
                                   java.util.function.Predicate<PathItem.HttpMethod> toMethod) {
        Object common = api.getExtensions() == null ? null : api.getExtensions().get(extension);
        if (!(common instanceof Map<?, ?> answers)) {
            return;
        }
        answers.forEach((status, reference) -> {
            String ref = String.valueOf(((Map<String, Object>) reference).get("$ref"));
            ApiResponse response = api.getComponents().getResponses().get(ref.substring(ref.lastIndexOf('/') + 1));
            if (response == null) {
                throw new IllegalStateException(extension + " names an unknown response " + ref);
            }
            api.getPaths().values().forEach(item -> item.readOperationsMap().forEach((method, operation) -> {
                if (toMethod.test(method)) {
                    operation.getResponses().putIfAbsent(String.valueOf(status), response);
                }
            }));
        });
    }

    /** The parsed document (references inlined, allOf merged), for tests that generate requests from it. */
    public OpenAPI api() {
        return api;
    }

    /**
     * Whether the document describes every route of the declaration: the production API does; the runtime's own
     * test system (echo and slow functions) is outside the contract, so its exchanges are not checked.
     */
    public boolean documentsEveryRouteOf(Declaration declaration) {
        return routeKeys().containsAll(declaration.routes().stream().map(RouteSpec::routeKey).toList());
    }

    /** As {@link #check(HttpRequest, HttpResponse)}, for an answer of the API client and the request it sent. */
    public void check(com.scaleout.client.ApiResponse answer) {
        check(answer.request(), new ClientAnswer(answer));
    }

    /** Fails (AssertionError) naming the route, the status and each violation when the exchange breaks the contract. */
    public void check(HttpRequest request, HttpResponse<?> response) {
        List<String> violations = violations(request, response);
        if (!violations.isEmpty()) {
            throw new AssertionError("contract (docs/openapi.yaml) violated by " + request.method() + " "
                    + request.uri().getRawPath() + " -> " + response.statusCode() + ":\n  "
                    + String.join("\n  ", violations) + "\n  response body: " + abbreviated(bodyOf(response)));
        }
    }

    public List<String> violations(HttpRequest request, HttpResponse<?> response) {
        if (isGatewayRefusalOfAPathItCannotTake(request, response)) {
            return List.of();
        }
        Request checked = toRequest(request);
        ValidationReport requestReport = validator.validateRequest(checked);
        if (requestReport.getMessages().stream().anyMatch(message -> NO_OPERATION.contains(message.getKey()))) {
            return isGatewayNotFound(response) ? List.of()
                    : List.of("no documented operation, so the answer must be the gateway's 404 {\"message\"}");
        }
        var violations = new ArrayList<String>();
        errors(validator.validateResponse(checked.getPath(), checked.getMethod(), toResponse(response)))
                .forEach(violations::add);
        List<String> requestErrors = requestReport.getMessages().stream()
                .filter(message -> message.getLevel() == ValidationReport.Level.ERROR)
                .filter(message -> !(isTransit(request) && message.getKey().startsWith("validation.request.body")))
                .filter(message -> !readsAnyContentTypeAsJson(message))
                .map(OpenApiConformance::describe).toList();
        if (!requestErrors.isEmpty() && response.statusCode() < 300) {
            violations.add("a request outside the contract was answered " + response.statusCode() + "; its faults: "
                    + requestErrors);
        }
        return violations;
    }

    /**
     * A Transit JSON body (Stitch's clients) is described by the schema of the records it decodes to; the validator
     * can only read it as plain JSON, so its body is not checked (its answer still is).
     */
    private static boolean isTransit(HttpRequest request) {
        return request.headers().firstValue("content-type").orElse("").startsWith("application/transit+json");
    }

    /**
     * The document's conventions: an operation that does not declare 415 reads its body as JSON whatever the
     * Content-Type (curl's {@code -d} sends form-urlencoded), so a Content-Type it does not list is no fault there.
     */
    private static boolean readsAnyContentTypeAsJson(ValidationReport.Message message) {
        return message.getKey().equals("validation.request.contentType.notAllowed") && message.getContext()
                .flatMap(ValidationReport.MessageContext::getApiOperation)
                .map(operation -> !operation.getOperation().getResponses().containsKey("415")).orElse(false);
    }

    private static List<String> errors(ValidationReport report) {
        return report.getMessages().stream()
                .filter(message -> message.getLevel() == ValidationReport.Level.ERROR)
                .map(OpenApiConformance::describe).toList();
    }

    private static String describe(ValidationReport.Message message) {
        String route = message.getContext().flatMap(ValidationReport.MessageContext::getApiOperation)
                .map(operation -> operation.getMethod() + " " + operation.getApiPath().original() + ": ").orElse("");
        String details = message.getAdditionalInfo().isEmpty() ? "" : " " + message.getAdditionalInfo();
        return route + "[" + message.getKey() + "] " + message.getMessage() + details;
    }

    /**
     * The gateway's own 400 {@code {"message"}} to a path it cannot take, before any route (as the document's
     * description says): a NUL ({@code %00}), which the HTTP server refuses in any path, or a malformed escape.
     */
    private static boolean isGatewayRefusalOfAPathItCannotTake(HttpRequest request, HttpResponse<?> response) {
        String path = request.uri().getRawPath();
        boolean untakeable = path.contains("%00") || path.matches(".*%(?![0-9A-Fa-f]{2}).*");
        return untakeable && response.statusCode() == 400 && isGatewayMessage(response);
    }

    private static boolean isGatewayNotFound(HttpResponse<?> response) {
        return response.statusCode() == 404 && isGatewayMessage(response);
    }

    private static boolean isGatewayMessage(HttpResponse<?> response) {
        try {
            JsonNode body = Json.MAPPER.readTree(bodyOf(response));
            return body != null && body.path("message").isTextual();
        } catch (IOException notJson) {
            return false;
        }
    }

    private static Request toRequest(HttpRequest request) {
        var builder = new SimpleRequest.Builder(request.method(), request.uri().getRawPath());
        request.headers().map().forEach(builder::withHeader);
        byte[] body = RequestBodies.of(request);
        if (body != null) {
            builder.withBody(body);
        }
        String query = request.uri().getRawQuery();
        if (query != null && !query.isEmpty()) {
            for (String pair : query.split("&")) {
                int equals = pair.indexOf('=');
                String name = decode(equals < 0 ? pair : pair.substring(0, equals));
                builder.withQueryParam(name, equals < 0 ? "" : decode(pair.substring(equals + 1)));
            }
        }
        return builder.build();
    }

    private static String decode(String text) {
        return URLDecoder.decode(text, StandardCharsets.UTF_8);
    }

    private static SimpleResponse toResponse(HttpResponse<?> response) {
        var builder = new SimpleResponse.Builder(response.statusCode());
        response.headers().map().forEach(builder::withHeader);
        byte[] body = bodyOf(response);
        if (body.length > 0) {
            builder.withBody(body);
        }
        return builder.build();
    }

    private static byte[] bodyOf(HttpResponse<?> response) {
        Object body = response.body();
        if (body instanceof byte[] bytes) {
            return bytes;
        }
        return body == null ? new byte[0] : body.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static String abbreviated(byte[] body) {
        String text = new String(body, StandardCharsets.UTF_8);
        return text.length() > 500 ? text.substring(0, 500) + "..." : text;
    }

    /** The documented operations as route keys ({@code GET /tweets/{id}}), sorted. */
    public Set<String> routeKeys() {
        return api.getPaths().entrySet().stream()
                .flatMap(path -> path.getValue().readOperationsMap().keySet().stream()
                        .map(method -> method.name().toUpperCase(Locale.ROOT) + " " + path.getKey()))
                .collect(Collectors.toCollection(TreeSet::new));
    }
}
