package com.scaleout.local.limits;

import java.util.Optional;

/**
 * AWS's documented service limits, divided by a scale {@code K} ({@code SCALEOUT_AWS_LIMITS=scaled:K}): a load of
 * 1/K of AWS's rates on this machine meets them as the full rates would meet AWS's. Off unless asked for: the
 * figures are AWS's defaults for an account and region, each with where AWS states it.
 *
 * @param scale K, at least 1 ({@code scaled:1} is AWS's own figures)
 */
public record AwsLimits(double scale) {
    /** A DynamoDB partition: 3,000 read or 1,000 write units per second, or a linear combination ("throttling"). */
    static final double PARTITION_READ_UNITS = 3_000;
    static final double PARTITION_WRITE_UNITS = 1_000;
    /** On-demand, per table (and per index): the account's table-level quota, 40,000 read and write units/s. */
    static final double TABLE_READ_UNITS = 40_000;
    static final double TABLE_WRITE_UNITS = 40_000;
    /** A new on-demand table serves at once up to 12,000 read or 4,000 write units/s, then twice its previous peak. */
    static final double INITIAL_READ_UNITS = 12_000;
    static final double INITIAL_WRITE_UNITS = 4_000;
    /** Lambda: the account's concurrency, and 1,000 new environments per 10 s per function. */
    static final int LAMBDA_CONCURRENCY = 1_000;
    static final int LAMBDA_ENVIRONMENTS_PER_10_S = 1_000;
    /** API Gateway: the account's throttle per region, 10,000 requests/s with a burst of 5,000. */
    static final double GATEWAY_RATE = 10_000;
    static final int GATEWAY_BURST = 5_000;

    public AwsLimits {
        if (!(scale >= 1) || Double.isInfinite(scale)) {
            throw new IllegalArgumentException("the limits' scale K must be a number of at least 1, was " + scale);
        }
    }

    /**
     * The limits {@code setting} asks for: empty for {@code off} (or blank), {@code scaled:K} for AWS's divided by K,
     * {@code aws} for AWS's own; anything else is refused with what is accepted, naming the setting ({@code name}).
     */
    public static Optional<AwsLimits> parse(String name, String setting) {
        String value = setting == null ? "" : setting.strip();
        if (value.isEmpty() || value.equals("off")) {
            return Optional.empty();
        }
        if (value.equals("aws")) {
            return Optional.of(new AwsLimits(1));
        }
        if (value.startsWith("scaled:")) {
            try {
                return Optional.of(new AwsLimits(Double.parseDouble(value.substring("scaled:".length()))));
            } catch (IllegalArgumentException e) { // not a number (NumberFormatException is one), or below 1
                // refused below, with the accepted forms
            }
        }
        throw new IllegalArgumentException(name + " must be off, aws or scaled:K (K a number of at "
                + "least 1, AWS's limits divided by it), was '" + setting + "'");
    }

    public double partitionReadUnits() {
        return PARTITION_READ_UNITS / scale;
    }

    public double partitionWriteUnits() {
        return PARTITION_WRITE_UNITS / scale;
    }

    public double tableReadUnits() {
        return TABLE_READ_UNITS / scale;
    }

    public double tableWriteUnits() {
        return TABLE_WRITE_UNITS / scale;
    }

    public double initialReadUnits() {
        return INITIAL_READ_UNITS / scale;
    }

    public double initialWriteUnits() {
        return INITIAL_WRITE_UNITS / scale;
    }

    /** The account's Lambda concurrency, at least 1. */
    public int lambdaConcurrency() {
        return (int) Math.max(1, Math.round(LAMBDA_CONCURRENCY / scale));
    }

    /** A function's reserved concurrency, scaled as the account's limit is: at least 1. */
    public int reservedConcurrency(int reserved) {
        return (int) Math.max(1, Math.round(reserved / scale));
    }

    /** New environments per function per 10 s, at least 1. */
    public int lambdaEnvironmentsPer10Seconds() {
        return (int) Math.max(1, Math.round(LAMBDA_ENVIRONMENTS_PER_10_S / scale));
    }

    public double gatewayRate() {
        return GATEWAY_RATE / scale;
    }

    /** The gateway's account burst, at least 1. */
    public int gatewayBurst() {
        return (int) Math.max(1, Math.round(GATEWAY_BURST / scale));
    }

    /** The serverless cache's ECPU/s maximum, as its stack sets it ({@code maximum}), scaled. */
    public double cacheEcpusPerSecond(double maximum) {
        return maximum / scale;
    }

    @Override
    public String toString() {
        return scale == 1 ? "AWS's limits" : "AWS's limits / " + (scale == Math.rint(scale) ? String.valueOf((long) scale)
                : String.valueOf(scale));
    }
}
