package com.scaleout.declaration;

import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * A Lambda function: the handler class Lambda (and the local runtime) instantiates, its memory, timeout and
 * concurrency.
 *
 * @param peakConcurrency the concurrent executions it is sized for: the most its provisioned concurrency
 *                        autoscales to in AWS (when a stage provisions any). Not a limit: a function scales on
 *                        demand up to the account's concurrency limit unless it has a reservation
 * @param reservedConcurrency its reserved concurrency, when it has one: executions set aside for it alone out of
 *                            the account's limit, and the most it may run at once (more are throttled); empty: none
 * @param tables the tables it reads or writes, so that the CDK app grants exactly those and passes their names
 * @param buckets the buckets it reads and writes
 * @param usesRedis whether it talks to the cache (decides VPC placement and the REDIS_URL variable)
 * @param settings the settings it reads beyond those its tables, buckets, cache and routes imply (see
 *                 {@link Declaration#settingsOf(String)})
 * @param artifact the Lambda artifact its handler ships in
 */
public record FunctionSpec(
        String name,
        String handler,
        int memoryMb,
        int timeoutSeconds,
        int peakConcurrency,
        OptionalInt reservedConcurrency,
        List<TableAccess> tables,
        List<String> buckets,
        boolean usesRedis,
        List<Setting> settings,
        Artifact artifact) {

    public static final int DEFAULT_MEMORY_MB = 1024;
    public static final int DEFAULT_TIMEOUT_SECONDS = 10;
    public static final int DEFAULT_PEAK_CONCURRENCY = 10;

    public FunctionSpec {
        Names.requireLogicalName(name, "function");
        Objects.requireNonNull(handler, "handler");
        if (memoryMb < 128 || memoryMb > 10_240) {
            throw new IllegalArgumentException(name + ": memory must be 128-10240 MB, was " + memoryMb);
        }
        if (timeoutSeconds < 1 || timeoutSeconds > 900) {
            throw new IllegalArgumentException(name + ": timeout must be 1-900 s, was " + timeoutSeconds);
        }
        if (peakConcurrency < 1) {
            throw new IllegalArgumentException(name + ": peak concurrency must be at least 1, was " + peakConcurrency);
        }
        Objects.requireNonNull(reservedConcurrency, "reservedConcurrency");
        // Lambda accepts a reservation of 0 (the function is switched off); a declared function is meant to run
        if (reservedConcurrency.isPresent() && reservedConcurrency.getAsInt() < 1) {
            throw new IllegalArgumentException(name + ": reserved concurrency must be at least 1, was "
                    + reservedConcurrency.getAsInt());
        }
        Objects.requireNonNull(artifact, "artifact");
        tables = List.copyOf(tables);
        buckets = List.copyOf(buckets);
        settings = List.copyOf(settings);
    }

    public static FunctionSpec of(String name, String handler) {
        return new FunctionSpec(name, handler, DEFAULT_MEMORY_MB, DEFAULT_TIMEOUT_SECONDS, DEFAULT_PEAK_CONCURRENCY,
                OptionalInt.empty(), List.of(), List.of(), false, List.of(), Artifact.FUNCTIONS);
    }

    public FunctionSpec memoryMb(int memoryMb) {
        return new FunctionSpec(name, handler, memoryMb, timeoutSeconds, peakConcurrency, reservedConcurrency, tables,
                buckets, usesRedis, settings, artifact);
    }

    public FunctionSpec timeoutSeconds(int timeoutSeconds) {
        return new FunctionSpec(name, handler, memoryMb, timeoutSeconds, peakConcurrency, reservedConcurrency, tables,
                buckets, usesRedis, settings, artifact);
    }

    public FunctionSpec peakConcurrency(int executions) {
        return new FunctionSpec(name, handler, memoryMb, timeoutSeconds, executions, reservedConcurrency, tables,
                buckets, usesRedis, settings, artifact);
    }

    public FunctionSpec reservedConcurrency(int executions) {
        return new FunctionSpec(name, handler, memoryMb, timeoutSeconds, peakConcurrency, OptionalInt.of(executions),
                tables, buckets, usesRedis, settings, artifact);
    }

    public FunctionSpec reads(String table) {
        return withTable(new TableAccess(table, TableAccess.Mode.READ));
    }

    public FunctionSpec readsAndWrites(String table) {
        return withTable(new TableAccess(table, TableAccess.Mode.READ_WRITE));
    }

    public FunctionSpec readsAndWritesBucket(String bucket) {
        var more = new java.util.ArrayList<>(buckets);
        more.add(bucket);
        return new FunctionSpec(name, handler, memoryMb, timeoutSeconds, peakConcurrency, reservedConcurrency, tables,
                more, usesRedis, settings, artifact);
    }

    public FunctionSpec withRedis() {
        return new FunctionSpec(name, handler, memoryMb, timeoutSeconds, peakConcurrency, reservedConcurrency, tables,
                buckets, true, settings, artifact);
    }

    /** It reads these settings too (tuning its work), beyond those its resources imply. */
    public FunctionSpec readsSettings(List<Setting> more) {
        var all = new java.util.ArrayList<>(settings);
        all.addAll(more);
        return new FunctionSpec(name, handler, memoryMb, timeoutSeconds, peakConcurrency, reservedConcurrency, tables,
                buckets, usesRedis, all, artifact);
    }

    public FunctionSpec readsSettings(Setting... more) {
        return readsSettings(List.of(more));
    }

    public FunctionSpec shippedIn(Artifact jar) {
        return new FunctionSpec(name, handler, memoryMb, timeoutSeconds, peakConcurrency, reservedConcurrency, tables,
                buckets, usesRedis, settings, jar);
    }

    private FunctionSpec withTable(TableAccess access) {
        var more = new java.util.ArrayList<>(tables);
        more.add(access);
        return new FunctionSpec(name, handler, memoryMb, timeoutSeconds, peakConcurrency, reservedConcurrency, more,
                buckets, usesRedis, settings, artifact);
    }

    /** A function's access to one table. */
    public record TableAccess(String table, Mode mode) {
        public enum Mode { READ, READ_WRITE }

        public TableAccess {
            Objects.requireNonNull(table, "table");
            Objects.requireNonNull(mode, "mode");
        }
    }
}
