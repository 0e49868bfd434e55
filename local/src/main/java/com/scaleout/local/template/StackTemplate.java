package com.scaleout.local.template;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.declaration.RouteThrottleSpec;
import com.scaleout.local.limits.RouteThrottles;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Pattern;

/**
 * The synthesized CDK template (CloudFormation JSON; a cloud assembly's stacks merged into one, see
 * {@link CloudAssembly}) as the local runtime's configuration: each declared function's memory, timeout, reserved
 * concurrency, SnapStart, environment and execution-role policies, and each stream's event source mapping, all
 * resolved to local names. Functions are found by their construct path
 * ({@code <stack>/Functions/<declared name>/Resource}, see the CDK app's Functions construct).
 */
public final class StackTemplate {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern FUNCTION_PATH = Pattern.compile("[^/]+/Functions/([^/]+)/Resource");
    /** Lambda's defaults for a function that sets none. */
    private static final int DEFAULT_MEMORY_MB = 128;
    private static final int DEFAULT_TIMEOUT_SECONDS = 3;

    private final Map<String, FunctionTemplate> functions;
    private final Map<String, List<String>> awsManagedPolicies;
    private final List<EventSourceTemplate> eventSources;
    private final List<RouteThrottleSpec> routeThrottles;
    private final List<WebSocketStageTemplate> webSocketStages;

    private StackTemplate(Map<String, FunctionTemplate> functions, Map<String, List<String>> awsManagedPolicies,
                          List<EventSourceTemplate> eventSources, List<RouteThrottleSpec> routeThrottles,
                          List<WebSocketStageTemplate> webSocketStages) {
        this.functions = functions;
        this.awsManagedPolicies = awsManagedPolicies;
        this.eventSources = eventSources;
        this.routeThrottles = routeThrottles;
        this.webSocketStages = webSocketStages;
    }

    /**
     * Reads and resolves the template (a template file, or a cloud assembly's directory: see {@link Source#read});
     * anything it cannot resolve fails here, naming it.
     */
    public static StackTemplate read(Path template, LocalNames names) {
        return Source.read(template).resolve(names);
    }

    /**
     * A template read (its JSON), not yet resolved: the local runtime reads it once, takes the HTTP API's stage
     * default from it before anything is started, and resolves it once the backends whose names it needs are up.
     */
    public static final class Source {
        private final Path path;
        private final JsonNode json;

        private Source(Path path, JsonNode json) {
            this.path = path;
            this.json = json;
        }

        /**
         * A template file as it is, or a cloud assembly's directory ({@code cdk/target/cdk.out}) as the one template
         * its stacks make together ({@link CloudAssembly#template()}).
         */
        public static Source read(Path template) {
            if (Files.isDirectory(template)) {
                return new Source(template, CloudAssembly.read(template).template());
            }
            try {
                return new Source(template, JSON.readTree(template.toFile()));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the template " + template, e);
            }
        }

        /** The file or cloud assembly directory it was read from. */
        public Path path() {
            return path;
        }

        /** The template's JSON (an assembly's merged): for tests that change it before {@link #parse}. */
        JsonNode json() {
            return json;
        }

        /** The template resolved with these names; anything it cannot resolve fails here, naming it. */
        public StackTemplate resolve(LocalNames names) {
            return parse(json, names);
        }

        /**
         * The serverless cache's ECPU/s maximum ({@code CacheUsageLimits.ECPUPerSecond.Maximum}), if the template has
         * a serverless cache with one: past it ElastiCache throttles.
         */
        public Optional<ServerlessCache> serverlessCache() {
            var caches = new ArrayList<ServerlessCache>();
            json.path("Resources").properties().forEach(entry -> {
                JsonNode maximum = entry.getValue().path("Properties").path("CacheUsageLimits").path("ECPUPerSecond")
                        .path("Maximum");
                if (entry.getValue().path("Type").asText().equals("AWS::ElastiCache::ServerlessCache")
                        && maximum.isNumber()) {
                    caches.add(new ServerlessCache(entry.getKey(), maximum.asDouble()));
                }
            });
            if (caches.size() > 1) {
                throw new UnresolvableTemplateException("the template has " + caches.size()
                        + " serverless caches with an ECPU/s maximum; the functions are given one");
            }
            return caches.stream().findFirst();
        }

        /** A serverless cache: its logical id and its ECPU/s maximum. */
        public record ServerlessCache(String logicalId, double maxEcpuPerSecond) {
        }

        /**
         * The HTTP API stage's default route throttle ({@code DefaultRouteSettings}), which each route without a
         * throttle of its own gets a bucket of. Needs no names: the local gateway's port is bound (and its
         * throttles fixed) before the backends whose names the rest of the template needs are up.
         */
        public Optional<RouteThrottles.StageDefault> httpStageDefault() {
            JsonNode resources = json.path("Resources");
            var defaults = new ArrayList<RouteThrottles.StageDefault>();
            resources.properties().forEach(entry -> {
                JsonNode resource = entry.getValue();
                JsonNode throttle = resource.path("Properties").path("DefaultRouteSettings");
                if (resource.path("Type").asText().equals("AWS::ApiGatewayV2::Stage")
                        && !isWebSocket(resource, resources) && throttle.has("ThrottlingRateLimit")) {
                    defaults.add(new RouteThrottles.StageDefault(throttle.path("ThrottlingRateLimit").asDouble(),
                            throttle.path("ThrottlingBurstLimit").asInt()));
                }
            });
            if (defaults.size() > 1) {
                throw new UnresolvableTemplateException("the template has " + defaults.size()
                        + " HTTP API stages with a default route throttle; the local gateway serves one");
            }
            return defaults.stream().findFirst();
        }
    }

    static StackTemplate parse(JsonNode template, LocalNames names) {
        JsonNode resources = template.path("Resources");
        var resourceNames = new ResourceNames(resources, names);
        var intrinsics = new Intrinsics(resourceNames, names);
        var roles = new RolePolicies(resources, resourceNames, intrinsics);
        var functions = new LinkedHashMap<String, FunctionTemplate>();
        var managed = new LinkedHashMap<String, List<String>>();
        var eventSources = new ArrayList<EventSourceTemplate>();
        var routeThrottles = new ArrayList<RouteThrottleSpec>();
        var webSocketStages = new ArrayList<WebSocketStageTemplate>();
        resources.properties().forEach(entry -> {
            String logicalId = entry.getKey();
            JsonNode resource = entry.getValue();
            String type = resource.path("Type").asText();
            var path = FUNCTION_PATH.matcher(ResourceNames.constructPath(resource));
            if (type.equals("AWS::Lambda::Function") && path.matches()) {
                String name = path.group(1);
                String role = roleOf(logicalId, resource.path("Properties"));
                functions.put(name, function(name, logicalId, resource.path("Properties"), intrinsics,
                        roles.documents(role)));
                managed.put(name, roles.awsManagedPolicyArns(role));
            } else if (type.equals("AWS::Lambda::EventSourceMapping")) {
                eventSources.add(eventSource(logicalId, resource.path("Properties"), resourceNames, intrinsics));
            } else if (type.equals("AWS::ApiGatewayV2::Stage") && isWebSocket(resource, resources)) {
                webSocketStages.add(webSocketStage(resource.path("Properties"), resourceNames));
            } else if (type.equals("AWS::ApiGatewayV2::Stage")) {
                resource.path("Properties").path("RouteSettings").properties().forEach(route -> routeThrottles.add(
                        RouteThrottleSpec.of(route.getKey(), route.getValue().path("ThrottlingRateLimit").asDouble(),
                                route.getValue().path("ThrottlingBurstLimit").asInt(), "the template's stage")));
            }
        });
        return new StackTemplate(Map.copyOf(functions), Map.copyOf(managed), List.copyOf(eventSources),
                List.copyOf(routeThrottles), List.copyOf(webSocketStages));
    }

    /** A stage of a WebSocket API (its ApiId a Ref to an API whose ProtocolType is WEBSOCKET). */
    private static boolean isWebSocket(JsonNode stage, JsonNode resources) {
        String api = stage.path("Properties").path("ApiId").path("Ref").asText("");
        return "WEBSOCKET".equals(resources.path(api).path("Properties").path("ProtocolType").asText());
    }

    private static WebSocketStageTemplate webSocketStage(JsonNode properties, ResourceNames resources) {
        String api = properties.path("ApiId").path("Ref").asText();
        JsonNode throttle = properties.path("DefaultRouteSettings");
        return new WebSocketStageTemplate(ResourceNames.constructPath(resources.resource(api)), resources.apiId(api),
                properties.path("StageName").asText(), throttle.path("ThrottlingRateLimit").asDouble(0),
                throttle.path("ThrottlingBurstLimit").asInt(0));
    }

    /** The WebSocket APIs' stages. */
    public List<WebSocketStageTemplate> webSocketStages() {
        return webSocketStages;
    }

    /** The function declared under this name, as the template has it. */
    public FunctionTemplate function(String declaredFunctionName) {
        FunctionTemplate function = functions.get(declaredFunctionName);
        if (function == null) {
            throw new IllegalArgumentException("the template has no function " + declaredFunctionName
                    + " (construct path <stack>/Functions/" + declaredFunctionName + "/Resource); it has "
                    + functions.keySet().stream().sorted().toList());
        }
        return function;
    }

    /** Every function of the template, by declared name. */
    public Map<String, FunctionTemplate> functions() {
        return functions;
    }

    /**
     * The AWS managed policies attached to the function's role (e.g. AWSLambdaBasicExecutionRole): they grant
     * logs, X-Ray and VPC network calls that Lambda itself makes, none our code makes, so they are recorded, not
     * evaluated.
     */
    public List<String> awsManagedPolicies(String declaredFunctionName) {
        function(declaredFunctionName);
        return awsManagedPolicies.get(declaredFunctionName);
    }

    /** The stage's per-route throttles (its RouteSettings), each as a spec whose reason names the template. */
    public List<RouteThrottleSpec> routeThrottles() {
        return routeThrottles;
    }

    public List<EventSourceTemplate> eventSources() {
        return eventSources;
    }

    private static FunctionTemplate function(String name, String logicalId, JsonNode properties,
                                             Intrinsics intrinsics, List<JsonNode> policies) {
        var environment = new LinkedHashMap<String, String>();
        properties.path("Environment").path("Variables").properties().forEach(variable -> environment.put(
                variable.getKey(), intrinsics.string(variable.getValue(), name + "'s variable " + variable.getKey())));
        JsonNode reserved = properties.path("ReservedConcurrentExecutions");
        return new FunctionTemplate(name, logicalId,
                properties.path("MemorySize").asInt(DEFAULT_MEMORY_MB),
                properties.path("Timeout").asInt(DEFAULT_TIMEOUT_SECONDS),
                reserved.isMissingNode() ? OptionalInt.empty() : OptionalInt.of(reserved.asInt()),
                environment, policies,
                "PublishedVersions".equals(properties.path("SnapStart").path("ApplyOn").asText()));
    }

    private static String roleOf(String logicalId, JsonNode properties) {
        JsonNode getAtt = properties.path("Role").path("Fn::GetAtt");
        if (!getAtt.isArray() || !"Arn".equals(getAtt.path(1).asText())) {
            throw new UnresolvableTemplateException("function " + logicalId + ": its Role is not the Arn of a role "
                    + "of the template (" + properties.path("Role") + "), so its policies cannot be known");
        }
        return getAtt.get(0).asText();
    }

    private static EventSourceTemplate eventSource(String logicalId, JsonNode properties, ResourceNames resources,
                                                   Intrinsics intrinsics) {
        JsonNode source = properties.path("EventSourceArn").path("Fn::GetAtt");
        if (!source.isArray() || !"StreamArn".equals(source.path(1).asText())
                || !"AWS::DynamoDB::Table".equals(resources.type(source.path(0).asText()))) {
            throw new UnresolvableTemplateException("event source mapping " + logicalId
                    + ": not a table's stream of the template: " + properties.path("EventSourceArn"));
        }
        String table = resources.constructId(source.get(0).asText());
        String function = functionName(intrinsics.string(properties.path("FunctionName"),
                "event source mapping " + logicalId + "'s FunctionName"));
        var responseTypes = new ArrayList<String>();
        properties.path("FunctionResponseTypes").forEach(t -> responseTypes.add(t.asText()));
        return new EventSourceTemplate(function, table,
                properties.path("BatchSize").asInt(EventSourceTemplate.DEFAULT_BATCH_SIZE),
                properties.path("MaximumBatchingWindowInSeconds").asInt(0),
                properties.path("MaximumRecordAgeInSeconds").asInt(EventSourceTemplate.INFINITE),
                properties.path("MaximumRetryAttempts").asInt(EventSourceTemplate.INFINITE),
                properties.path("BisectBatchOnFunctionError").asBoolean(false),
                properties.path("ParallelizationFactor").asInt(1),
                properties.path("StartingPosition").asText("TRIM_HORIZON"),
                responseTypes);
    }

    /** A mapping's FunctionName is a name, a name:qualifier, or an ARN: the function's name in each. */
    private static String functionName(String nameOrArn) {
        String[] parts = nameOrArn.split(":");
        return nameOrArn.startsWith("arn:") && parts.length > 6 ? parts[6] : parts[0];
    }
}
