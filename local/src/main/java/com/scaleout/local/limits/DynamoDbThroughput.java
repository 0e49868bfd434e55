package com.scaleout.local.limits;

import com.scaleout.local.cost.Charges;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;
import java.util.logging.Logger;

/**
 * DynamoDB's throughput limits for one account, scaled ({@link AwsLimits}): each partition key value of each table
 * and global index has its own {@link PartitionBucket} (a hot key is isolated in a partition of its own, as adaptive
 * capacity does, and no further: one key's items are not split across partitions), each table and index its
 * {@link TableCapacity}. A call is let in while every partition and table it will be served by has capacity left
 * ({@link #admit}); its exact units are charged after it ran ({@link #charge}). A write to a base table is refused
 * when an index partition it must write to is over its limit, as a throttled index throttles its table's writes.
 * Throttles are counted by resource and reason, for the reports.
 */
public final class DynamoDbThroughput {
    private static final Logger LOG = Logger.getLogger(DynamoDbThroughput.class.getName());
    /** Idle partitions are forgotten when more than this many are remembered. */
    private static final int REMEMBERED_PARTITIONS = 100_000;

    private final AwsLimits limits;
    private final String region;
    private final LongSupplier nanoTime;
    private final Map<Charges.Partition, PartitionBucket> partitions = new ConcurrentHashMap<>();
    private final Map<String, TableCapacity> tables = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> throttles = new ConcurrentHashMap<>();
    private final AtomicLong sweeping = new AtomicLong();

    public DynamoDbThroughput(AwsLimits limits, String region) {
        this(limits, region, System::nanoTime);
    }

    DynamoDbThroughput(AwsLimits limits, String region, LongSupplier nanoTime) {
        this.limits = limits;
        this.region = region;
        this.nanoTime = nanoTime;
    }

    public AwsLimits limits() {
        return limits;
    }

    /**
     * Whether a call served by {@code served} may go on now ({@code write}: it writes); the throttle it is refused
     * with, if not.
     */
    public Optional<Throttle> admit(Collection<Charges.Partition> served, boolean write) {
        long now = nanoTime.getAsLong();
        for (Charges.Partition partition : served) {
            var table = tables.computeIfAbsent(partition.resource(), r -> new TableCapacity(limits, now));
            Throttle.Limit refusal = table.refusal(write, now);
            if (refusal != null) {
                return Optional.of(throttled(partition.table(), partition.index(), null, write, refusal));
            }
            if (partition.key() != null && !bucket(partition, now).admits(now)) {
                return Optional.of(throttled(partition.table(), partition.index(), partition.key(), write,
                        Throttle.Limit.KEY_RANGE));
            }
        }
        return Optional.empty();
    }

    /** Takes a call's units from the partitions and tables that served them. */
    public void charge(Charges charges) {
        long now = nanoTime.getAsLong();
        for (Charges.Charge charge : charges.charges()) {
            var partition = charge.partition();
            tables.computeIfAbsent(partition.resource(), r -> new TableCapacity(limits, now))
                    .charge(charge.read(), charge.write(), now);
            if (partition.key() != null) {
                bucket(partition, now).charge(charge.read(), charge.write(), now);
            }
        }
        if (partitions.size() > REMEMBERED_PARTITIONS && sweeping.compareAndSet(0, 1)) {
            try {
                partitions.entrySet().removeIf(entry -> entry.getValue().idle(now));
            } finally {
                sweeping.set(0);
            }
        }
    }

    /** Throttles so far, by {@code reason resource}, sorted. */
    public Map<String, Long> throttles() {
        var counts = new TreeMap<String, Long>();
        throttles.forEach((key, count) -> counts.put(key, count.sum()));
        return counts;
    }

    private PartitionBucket bucket(Charges.Partition partition, long now) {
        return partitions.computeIfAbsent(partition, p -> new PartitionBucket(limits.partitionReadUnits(),
                limits.partitionWriteUnits(), now));
    }

    /** {@code key}: the partition key value over its limit, or null when the table (or index) as a whole is. */
    private Throttle throttled(String table, String index, String key, boolean write, Throttle.Limit limit) {
        String message = limit == Throttle.Limit.ACCOUNT_LIMIT
                ? "Throughput exceeds the current throughput limit for your account (" + limits + ")"
                : "The level of configured provisioned throughput for the " + (index == null ? "table" : "index")
                        + " was exceeded" + (key == null ? " (twice its previous peak)" : " by partition key value '"
                        + key + "'") + " (" + limits + ")";
        var throttle = Throttle.of(table, index, write, limit, region, message);
        var count = throttles.computeIfAbsent(throttle.reason() + " " + throttle.resource(), counted -> {
            LOG.info(() -> "DynamoDB throttles " + throttle.reason() + " on " + throttle.resource() + ": "
                    + message);
            return new LongAdder();
        });
        count.increment();
        return throttle;
    }
}
