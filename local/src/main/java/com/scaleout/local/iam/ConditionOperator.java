package com.scaleout.local.iam;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One condition operator of IAM's, as written in a policy ({@code StringLike}, {@code ForAnyValue:StringEquals},
 * {@code ArnLikeIfExists}...): how one request value is compared with the policy's values, whether the operator
 * negates, and how a missing key or a multi-valued key is treated.
 */
record ConditionOperator(String written, Comparison comparison, SetQualifier qualifier, boolean ifExists) {

    /** The single-value comparisons supported; anything else in a policy is reported, never silently allowed. */
    enum Comparison {
        STRING_EQUALS(false), STRING_NOT_EQUALS(true), STRING_EQUALS_IGNORE_CASE(false),
        STRING_NOT_EQUALS_IGNORE_CASE(true), STRING_LIKE(false), STRING_NOT_LIKE(true),
        ARN_EQUALS(false), ARN_LIKE(false), ARN_NOT_EQUALS(true), ARN_NOT_LIKE(true), BOOL(false),
        /** Whether the key is absent: compared with the key's presence, not with a value. */
        NULL(false);

        private final boolean negated;

        Comparison(boolean negated) {
            this.negated = negated;
        }

        boolean negated() {
            return negated;
        }

        /** The positive comparison of one request value with one policy value. */
        boolean positive(String requestValue, String policyValue) {
            return switch (this) {
                case STRING_EQUALS, STRING_NOT_EQUALS -> requestValue.equals(policyValue);
                case STRING_EQUALS_IGNORE_CASE, STRING_NOT_EQUALS_IGNORE_CASE -> requestValue.equalsIgnoreCase(policyValue);
                case STRING_LIKE, STRING_NOT_LIKE -> Wildcard.matches(policyValue, requestValue, false);
                case ARN_EQUALS, ARN_LIKE, ARN_NOT_EQUALS, ARN_NOT_LIKE -> arnLike(policyValue, requestValue);
                case BOOL -> requestValue.equalsIgnoreCase(policyValue);
                case NULL -> false; // never compared value by value (see test)
            };
        }

        /** ArnLike compares each of an ARN's six colon-separated parts on its own, each with wildcards. */
        private static boolean arnLike(String pattern, String arn) {
            String[] patternParts = pattern.split(":", 6);
            String[] arnParts = arn.split(":", 6);
            if (patternParts.length != 6 || arnParts.length != 6) {
                return false;
            }
            for (int i = 0; i < 6; i++) {
                if (!Wildcard.matches(patternParts[i], arnParts[i], false)) {
                    return false;
                }
            }
            return true;
        }
    }

    /** How a key with several values (or none) is compared: IAM's set operators. */
    enum SetQualifier { SINGLE, FOR_ALL_VALUES, FOR_ANY_VALUE }

    private static final String IF_EXISTS = "IfExists";
    private static final Map<String, Comparison> BY_NAME = Map.ofEntries(
            Map.entry("StringEquals", Comparison.STRING_EQUALS),
            Map.entry("StringNotEquals", Comparison.STRING_NOT_EQUALS),
            Map.entry("StringEqualsIgnoreCase", Comparison.STRING_EQUALS_IGNORE_CASE),
            Map.entry("StringNotEqualsIgnoreCase", Comparison.STRING_NOT_EQUALS_IGNORE_CASE),
            Map.entry("StringLike", Comparison.STRING_LIKE),
            Map.entry("StringNotLike", Comparison.STRING_NOT_LIKE),
            Map.entry("ArnEquals", Comparison.ARN_EQUALS),
            Map.entry("ArnLike", Comparison.ARN_LIKE),
            Map.entry("ArnNotEquals", Comparison.ARN_NOT_EQUALS),
            Map.entry("ArnNotLike", Comparison.ARN_NOT_LIKE),
            Map.entry("Bool", Comparison.BOOL),
            Map.entry("Null", Comparison.NULL));

    /** The operator written in a policy, or empty when the local evaluator does not know it. */
    static Optional<ConditionOperator> parse(String written) {
        String rest = written;
        SetQualifier qualifier = SetQualifier.SINGLE;
        if (rest.startsWith("ForAllValues:")) {
            qualifier = SetQualifier.FOR_ALL_VALUES;
            rest = rest.substring("ForAllValues:".length());
        } else if (rest.startsWith("ForAnyValue:")) {
            qualifier = SetQualifier.FOR_ANY_VALUE;
            rest = rest.substring("ForAnyValue:".length());
        }
        boolean ifExists = rest.endsWith(IF_EXISTS);
        if (ifExists) {
            rest = rest.substring(0, rest.length() - IF_EXISTS.length());
        }
        Comparison comparison = BY_NAME.get(rest);
        return comparison == null ? Optional.empty()
                : Optional.of(new ConditionOperator(written, comparison, qualifier, ifExists));
    }

    /** Whether the request's values of the key (empty: the key is absent) satisfy this operator. */
    boolean test(List<String> requestValues, List<String> policyValues) {
        if (comparison == Comparison.NULL) {
            return policyValues.stream().anyMatch(value -> Boolean.parseBoolean(value) == requestValues.isEmpty());
        }
        return switch (qualifier) {
            // ForAllValues is true when every request value matches one policy value: also when there are none.
            case FOR_ALL_VALUES -> requestValues.stream().allMatch(value -> matchesAny(value, policyValues));
            case FOR_ANY_VALUE -> requestValues.stream().anyMatch(value -> matchesAny(value, policyValues));
            case SINGLE -> requestValues.isEmpty()
                    ? ifExists || comparison.negated()
                    : requestValues.stream().anyMatch(value -> matchesAny(value, policyValues));
        };
    }

    /** A negated operator matches a value that equals none of the policy's values. */
    private boolean matchesAny(String requestValue, List<String> policyValues) {
        boolean any = policyValues.stream().anyMatch(policyValue -> comparison.positive(requestValue, policyValue));
        return comparison.negated() != any;
    }
}
