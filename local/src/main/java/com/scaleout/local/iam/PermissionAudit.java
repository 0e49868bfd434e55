package com.scaleout.local.iam;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Whether each function's execution role, as the template writes it, fits what the function was seen doing in a
 * test run: <em>sufficient</em> when none of its recorded calls was denied, <em>minimal</em> when each of its
 * grants (an action pattern on a resource pattern of an Allow statement) was used by at least one allowed call or
 * is listed with its reason in {@link UnusedGrants}.
 */
public final class PermissionAudit {
    private final Map<String, List<Grant>> grants;
    private final UnusedGrants reasons;

    /** What one function's role did and did not need. */
    public record FunctionReport(String function, List<RecordedCall> denied, List<Grant> unused,
                                 List<Grant> reasonedUnused) {
        public boolean sufficient() {
            return denied.isEmpty();
        }

        public boolean minimal() {
            return unused.isEmpty();
        }

        public String render() {
            var text = new StringBuilder(function).append(": ")
                    .append(sufficient() ? "sufficient" : "INSUFFICIENT").append(", ")
                    .append(minimal() ? "minimal" : "NOT MINIMAL").append('\n');
            denied.forEach(call -> text.append("  denied: ").append(call.action()).append(" on ")
                    .append(call.resource()).append(" (").append(call.decision()).append(")\n"));
            unused.forEach(grant -> text.append("  unused, no reason listed: statement ").append(grant.statement())
                    .append(' ').append(grant.action()).append(" on ").append(grant.resource()).append('\n'));
            return text.toString();
        }
    }

    /** How finely grants are counted. */
    public enum Granularity {
        /** Each action pattern on each resource pattern of a statement. */
        ACTION,
        /**
         * Each resource pattern of a statement with the statement's actions as one: a table, index or bucket the role
         * may use that the function never touched with any of them. CDK's grant methods write statements this way.
         */
        RESOURCE
    }

    public PermissionAudit(Map<String, List<JsonNode>> policyDocuments, UnusedGrants reasons) {
        this(policyDocuments, reasons, Granularity.ACTION);
    }

    public PermissionAudit(Map<String, List<JsonNode>> policyDocuments, UnusedGrants reasons,
                           Granularity granularity) {
        var byFunction = new TreeMap<String, List<Grant>>();
        policyDocuments.forEach((function, documents) ->
                byFunction.put(function, grantsOf(function, Policy.fromDocuments(documents), granularity)));
        this.grants = byFunction;
        this.reasons = reasons;
    }

    private static List<Grant> grantsOf(String function, Policy policy, Granularity granularity) {
        var all = new ArrayList<Grant>();
        for (Statement statement : policy.statements()) {
            if (statement.deny()) {
                continue; // a Deny grants nothing, so it cannot be unused
            }
            var actions = granularity == Granularity.ACTION ? each(statement.actions()) : List.of(statement.actions());
            for (Statement.Patterns action : actions) {
                for (Statement.Patterns resource : each(statement.resources())) {
                    all.add(new Grant(function, statement.index(), action, resource));
                }
            }
        }
        return all;
    }

    /** A list of patterns counts one grant per pattern; a negated list is one grant as a whole. */
    private static List<Statement.Patterns> each(Statement.Patterns patterns) {
        return patterns.negated() ? List.of(patterns)
                : patterns.patterns().stream().map(one -> new Statement.Patterns(List.of(one), false)).toList();
    }

    /** One report per function with policies, in name order. */
    public List<FunctionReport> audit(List<RecordedCall> calls) {
        var reports = new ArrayList<FunctionReport>();
        grants.forEach((function, functionGrants) -> {
            List<RecordedCall> denied = calls.stream()
                    .filter(call -> call.function().equals(function) && !call.decision().allowed())
                    .sorted(java.util.Comparator.comparing(RecordedCall::line))
                    .toList();
            var unused = new ArrayList<Grant>();
            var reasoned = new ArrayList<Grant>();
            for (Grant grant : functionGrants) {
                if (calls.stream().noneMatch(grant::usedBy)) {
                    (reasons.reasonFor(grant).isPresent() ? reasoned : unused).add(grant);
                }
            }
            reports.add(new FunctionReport(function, denied, List.copyOf(unused), List.copyOf(reasoned)));
        });
        return reports;
    }

    /** Rows of the reasons list that cover no grant of any function: stale, to be removed. */
    public List<UnusedGrants.Reason> staleReasons() {
        return reasons.reasons().stream()
                .filter(reason -> grants.values().stream().flatMap(List::stream).noneMatch(reason::covers))
                .toList();
    }
}
