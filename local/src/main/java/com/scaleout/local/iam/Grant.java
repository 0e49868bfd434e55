package com.scaleout.local.iam;

/**
 * One grant of a function's policy as the audit counts them: one action pattern, or all of the statement's (see
 * {@link PermissionAudit.Granularity}), or a NotAction list, on one resource pattern (or a NotResource list) of one
 * Allow statement; several patterns are written comma-separated.
 */
public record Grant(String function, int statement, Statement.Patterns actions, Statement.Patterns resources) {

    boolean usedBy(RecordedCall call) {
        return call.function().equals(function) && call.decision().allowed()
                && actions.match(call.action(), true) && resources.match(call.resource(), false);
    }

    public String action() {
        return written(actions, "NotAction ");
    }

    public String resource() {
        return written(resources, "NotResource ");
    }

    private static String written(Statement.Patterns patterns, String negation) {
        return (patterns.negated() ? negation : "") + String.join(",", patterns.patterns());
    }

    @Override
    public String toString() {
        return function + " statement " + statement + ": " + action() + " on " + resource();
    }
}
