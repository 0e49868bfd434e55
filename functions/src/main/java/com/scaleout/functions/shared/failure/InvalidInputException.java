package com.scaleout.functions.shared.failure;

import java.util.List;

/** The input is not what the operation takes: which fields, and why (none named: the message says it all). */
public final class InvalidInputException extends DomainException {
    private static final long serialVersionUID = 1L;

    /** One field that is wrong, and why. */
    public record Problem(String field, String reason) {
    }

    private final transient List<Problem> problems;

    private InvalidInputException(String message, List<Problem> problems) {
        super(message);
        this.problems = List.copyOf(problems);
    }

    public static InvalidInputException because(String message) {
        return new InvalidInputException(message, List.of());
    }

    public static InvalidInputException field(String field, String reason) {
        return fields(List.of(new Problem(field, reason)));
    }

    public static InvalidInputException fields(List<Problem> problems) {
        return new InvalidInputException("Invalid request", problems);
    }

    public List<Problem> problems() {
        return problems;
    }
}
