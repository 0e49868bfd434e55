package com.scaleout.local.template;

import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.FunctionSpec;
import com.scaleout.declaration.StreamConsumerSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The production declaration configured by its synthesized template: each function's environment, and each
 * stream consumer's mapping, as the template has them. The declaration and the template must agree on each
 * function's memory, timeout and reserved concurrency, and on which functions read which streams; where they do
 * not, the template is stale or the CDK app changed them, and the start fails naming both values.
 */
public final class TemplateConfiguration {
    private final Declaration declaration;
    private final StackTemplate template;
    private final Path source;

    private TemplateConfiguration(Declaration declaration, StackTemplate template, Path source) {
        this.declaration = declaration;
        this.template = template;
        this.source = source;
    }

    public static TemplateConfiguration of(Declaration declaration, StackTemplate template, Path source) {
        var configuration = new TemplateConfiguration(declaration, template, source);
        configuration.requireAgreement();
        return configuration;
    }

    /** Each function's local environment: the template's variables with {@link LocalSubstitutions}. */
    public Map<String, Map<String, String>> environments(LocalSubstitutions substitutions) {
        var environments = new LinkedHashMap<String, Map<String, String>>();
        for (FunctionSpec spec : declaration.functions()) {
            environments.put(spec.name(), Map.copyOf(substitutions.applyTo(spec.name(),
                    template.function(spec.name()).environment(), declaration)));
        }
        return environments;
    }

    /** The declared functions, each found in the template. */
    public List<String> functionNames() {
        return declaration.functions().stream().map(FunctionSpec::name).toList();
    }

    /** One function as the template configures it. */
    public FunctionTemplate function(String name) {
        return template.function(name);
    }

    /** The pollers' configuration, from the template's event source mappings, in the declaration's order. */
    public List<StreamConsumerSpec> streamConsumers() {
        var consumers = new ArrayList<StreamConsumerSpec>();
        for (StreamConsumerSpec declared : declaration.streamConsumers()) {
            consumers.add(template.eventSources().stream()
                    .filter(e -> e.table().equals(declared.table()) && e.function().equals(declared.function()))
                    .findFirst()
                    .orElseThrow(() -> new UnresolvableTemplateException("the declaration has " + declared.function()
                            + " read " + declared.table() + "'s stream, the template " + source
                            + " has no such event source mapping (synthesize it again)"))
                    .toConsumerSpec());
        }
        return consumers;
    }

    /**
     * The stage of the WebSocket API declared as {@code name}: the template's WebSocket stage whose API's construct
     * path names it, or the only one when the template and the declaration have one each.
     */
    public java.util.Optional<WebSocketStageTemplate> webSocketStage(String name) {
        var stages = template.webSocketStages();
        var named = stages.stream().filter(stage -> stage.isOf(name)).findFirst();
        if (named.isPresent() || stages.size() != 1 || declaration.webSocketApis().size() != 1) {
            return named;
        }
        return java.util.Optional.of(stages.get(0));
    }

    private void requireAgreement() {
        var problems = new ArrayList<String>();
        // the local gateway throttles each WebSocket API's stage as declared; the template's must say the same
        declaration.webSocketApis().forEach(api -> webSocketStage(api.name()).ifPresentOrElse(
                stage -> {
                    if (stage.ratePerSecond() != api.ratePerSecond() || stage.burst() != api.burst()) {
                        problems.add("WebSocket API " + api.name() + "'s throttle: declared " + api.ratePerSecond()
                                + "/s burst " + api.burst() + ", the template's stage " + stage.ratePerSecond()
                                + "/s burst " + stage.burst());
                    }
                },
                () -> problems.add("the declaration has the WebSocket API " + api.name() + ", the template no "
                        + "stage of it")));
        for (FunctionSpec spec : declaration.functions()) {
            if (!template.functions().containsKey(spec.name())) {
                problems.add("the declaration has the function " + spec.name() + ", the template none"
                        + (declaration.servesAdminRoutes(spec.name()) ? " (it serves admin routes, which a stage "
                        + "synthesized without -c adminRoutes=true does not have)" : ""));
                continue;
            }
            FunctionTemplate function = template.function(spec.name());
            disagree(problems, spec.name(), "memory (MB)", spec.memoryMb(), function.memoryMb());
            disagree(problems, spec.name(), "timeout (s)", spec.timeoutSeconds(), function.timeoutSeconds());
            disagree(problems, spec.name(), "reserved concurrency", spec.reservedConcurrency(),
                    function.reservedConcurrency());
        }
        // the local gateway throttles routes as declared; the stage the CDK app wrote must say the same
        var declaredThrottles = new java.util.TreeMap<String, String>();
        declaration.routeThrottles().forEach(t -> declaredThrottles.put(t.routeKey(), t.ratePerSecond() + "/s burst "
                + t.burst()));
        var templateThrottles = new java.util.TreeMap<String, String>();
        template.routeThrottles().forEach(t -> templateThrottles.put(t.routeKey(), t.ratePerSecond() + "/s burst "
                + t.burst()));
        if (!declaredThrottles.equals(templateThrottles)) {
            problems.add("route throttles: declared " + declaredThrottles + ", the template's stage "
                    + templateThrottles);
        }
        for (EventSourceTemplate mapping : template.eventSources()) {
            boolean declared = declaration.streamConsumers().stream().anyMatch(
                    c -> c.table().equals(mapping.table()) && c.function().equals(mapping.function()));
            if (!declared) {
                problems.add(mapping.function() + " reads " + mapping.table() + "'s stream in the template, not in "
                        + "the declaration");
            }
        }
        if (!problems.isEmpty()) {
            throw new UnresolvableTemplateException("the declaration and the template " + source
                    + " disagree (synthesize it again: ./scaleout synth): " + String.join("; ", problems));
        }
    }

    private static void disagree(List<String> problems, String function, String what, Object declared,
                                 Object templated) {
        if (!declared.equals(templated)) {
            problems.add(function + "'s " + what + " is " + declared + " in the declaration, " + templated
                    + " in the template");
        }
    }
}
