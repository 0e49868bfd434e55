package com.scaleout.local.iam;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One statement of an identity-based policy: its effect, the actions (or, with {@code NotAction}, all but those),
 * the resources (or {@code NotResource}) and its conditions. A statement whose conditions name an operator the local
 * evaluator does not know never allows (and, as a Deny, always denies), so an unsupported policy fails closed.
 */
record Statement(int index, boolean deny, Patterns actions, Patterns resources, List<ConditionClause> conditions,
                 List<String> unsupported) {

    /** Action or resource patterns, or with {@code negated} everything they do not match. */
    record Patterns(List<String> patterns, boolean negated) {
        boolean match(String value, boolean ignoreCase) {
            boolean any = patterns.stream().anyMatch(pattern -> Wildcard.matches(pattern, value, ignoreCase));
            return negated != any;
        }
    }

    /** One operator over one key: {@code "StringEquals": {"aws:SourceVpc": ["vpc-1"]}}. */
    record ConditionClause(ConditionOperator operator, String key, List<String> values) {
        boolean test(Map<String, List<String>> context) {
            return operator.test(context.getOrDefault(key.toLowerCase(Locale.ROOT), List.of()), values);
        }
    }

    static Statement parse(int index, JsonNode node) {
        String effect = node.path("Effect").asText("");
        if (!effect.equals("Allow") && !effect.equals("Deny")) {
            throw new IllegalArgumentException("statement " + index + ": Effect must be Allow or Deny, not '" + effect + "'");
        }
        var unsupported = new ArrayList<String>();
        var conditions = new ArrayList<ConditionClause>();
        node.path("Condition").properties().forEach(operator -> {
            Optional<ConditionOperator> known = ConditionOperator.parse(operator.getKey());
            if (known.isEmpty()) {
                unsupported.add("statement " + index + ": condition operator " + operator.getKey()
                        + " is not evaluated locally, so the statement " + (effect.equals("Deny")
                        ? "denies whatever it names" : "allows nothing"));
                return;
            }
            operator.getValue().properties().forEach(key ->
                    conditions.add(new ConditionClause(known.get(), key.getKey(), strings(key.getValue()))));
        });
        return new Statement(index, effect.equals("Deny"), patterns(node, "Action", "NotAction", index),
                patterns(node, "Resource", "NotResource", index), List.copyOf(conditions), List.copyOf(unsupported));
    }

    private static Patterns patterns(JsonNode statement, String field, String negatedField, int index) {
        if (statement.has(field) == statement.has(negatedField)) {
            throw new IllegalArgumentException("statement " + index + ": exactly one of " + field + " and "
                    + negatedField + " is required");
        }
        boolean negated = statement.has(negatedField);
        return new Patterns(strings(statement.get(negated ? negatedField : field)), negated);
    }

    /** A policy value: one string, or an array of them. */
    static List<String> strings(JsonNode value) {
        if (value.isArray()) {
            var all = new ArrayList<String>();
            value.forEach(element -> all.add(element.asText()));
            return List.copyOf(all);
        }
        return List.of(value.asText());
    }

    /** Whether this statement applies to the request: action, resource and every condition. */
    boolean applies(String action, String resourceArn, Map<String, List<String>> context) {
        if (!actions.match(action, true) || !resources.match(resourceArn, false)) {
            return false;
        }
        if (!unsupported.isEmpty()) {
            return deny;
        }
        return conditions.stream().allMatch(condition -> condition.test(context));
    }
}
