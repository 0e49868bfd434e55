package com.scaleout.local.iam;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A function's identity-based policies, evaluated as IAM does for a request within one account: an explicit Deny
 * wins, then an Allow, and anything else is denied by default. Actions match case-insensitively, resources
 * case-sensitively, both with {@code *} and {@code ?}; condition keys are matched case-insensitively.
 */
public final class Policy {
    private final List<Statement> statements;

    private Policy(List<Statement> statements) {
        this.statements = statements;
    }

    /** Policy documents as IAM takes them ({@code Version}, {@code Statement} as one object or an array). */
    public static Policy fromDocuments(List<JsonNode> policyDocuments) {
        var statements = new ArrayList<Statement>();
        for (JsonNode document : policyDocuments) {
            JsonNode statement = document.path("Statement");
            if (statement.isObject()) {
                statements.add(Statement.parse(statements.size(), statement));
            } else if (statement.isArray()) {
                statement.forEach(each -> statements.add(Statement.parse(statements.size(), each)));
            } else {
                throw new IllegalArgumentException("a policy document needs a Statement object or array");
            }
        }
        return new Policy(List.copyOf(statements));
    }

    public Decision evaluate(String action, String resourceArn, Map<String, String> contextKeys) {
        return evaluateMultiValued(action, resourceArn, contextKeys.entrySet().stream()
                .collect(Collectors.toMap(Map.Entry::getKey, entry -> List.of(entry.getValue()))));
    }

    /** As {@link #evaluate}, with keys that may carry several values (for ForAllValues / ForAnyValue). */
    public Decision evaluateMultiValued(String action, String resourceArn, Map<String, List<String>> contextKeys) {
        Map<String, List<String>> context = contextKeys.entrySet().stream().collect(Collectors.toMap(
                entry -> entry.getKey().toLowerCase(Locale.ROOT), Map.Entry::getValue, (a, b) -> a));
        boolean allowed = false;
        for (Statement statement : statements) {
            if (statement.applies(action, resourceArn, context)) {
                if (statement.deny()) {
                    return Decision.EXPLICIT_DENY;
                }
                allowed = true;
            }
        }
        return allowed ? Decision.ALLOW : Decision.IMPLICIT_DENY;
    }

    /** What in these documents the local evaluator cannot honour (and so treats as deny), one message each. */
    public List<String> unsupported() {
        return statements.stream().flatMap(statement -> statement.unsupported().stream()).toList();
    }

    List<Statement> statements() {
        return statements;
    }
}
