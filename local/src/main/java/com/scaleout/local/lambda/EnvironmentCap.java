package com.scaleout.local.lambda;


/**
 * How many execution environments one function may have alive at once on this machine. Lambda starts another
 * whenever every one is busy; here each is a class loader whose code is loaded and JIT-compiled apart, and under 50
 * concurrent callers on two cores a slow cold start made callers wait, which started more environments, each cold:
 * warm {@code GET /timeline} fell from 831 to 100 requests/s. Capped, an invocation that finds every allowed
 * environment busy waits for the first one free, as callers queue behind reserved concurrency; a local deviation
 * from Lambda ({@code SCALEOUT_ENVIRONMENTS}, docs/local-runtime.md), off where AWS's limits are enforced.
 *
 * @param most environments alive at most; {@link Integer#MAX_VALUE} for Lambda's own scaling
 */
public record EnvironmentCap(int most) {
    /** As Lambda scales: a new environment whenever every one is busy. */
    public static final EnvironmentCap LAMBDA = new EnvironmentCap(Integer.MAX_VALUE);
    /** Environments per core of this machine, per function, by default. */
    static final int PER_CORE = 2;

    public EnvironmentCap {
        if (most < 1) {
            throw new IllegalArgumentException("a function's environments must be at least 1, was " + most);
        }
    }

    /** {@code machine} ({@value #PER_CORE} a core), {@code lambda} (no cap), or a number. */
    public static EnvironmentCap parse(String setting) {
        return switch (setting.trim()) {
            case "machine" -> new EnvironmentCap(PER_CORE * Math.max(1, Runtime.getRuntime().availableProcessors()));
            case "lambda" -> LAMBDA;
            default -> {
                try {
                    yield new EnvironmentCap(Integer.parseInt(setting.trim()));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("environments per function are machine, lambda or a number of "
                            + "environments per function, was " + setting, e);
                }
            }
        };
    }

    /** Whether a function with {@code alive} environments may start another. */
    boolean allowsAnother(int alive) {
        return alive < most;
    }
}
