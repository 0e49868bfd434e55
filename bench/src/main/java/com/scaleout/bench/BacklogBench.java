package com.scaleout.bench;

import static com.scaleout.declaration.TableSpec.KeyAttribute.string;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.FunctionSpec;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.declaration.StreamConsumerSpec;
import com.scaleout.declaration.TableSpec;
import com.scaleout.local.LocalConfig;
import com.scaleout.local.LocalRuntime;
import com.scaleout.local.streams.StreamPoller;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * {@code ./scaleout bench backlog [records]}: a stream backlog drains at a steady rate instead of stalling. The
 * records are written to a table with a stream while its consumer is held (its first invocation waits), then the
 * consumer lets go and the records the poller delivers are counted per {@value #WINDOW_SECONDS}-s window until every
 * one is in. The consumer is declared as the social fanout is (batches of 100, 4 at once per shard) and does
 * nothing but count, so the figure is the poller's and moto's, not a consumer's. Baseline, same run: the rate at which
 * the same moto took the writes (BatchWriteItems of 25 from 4 threads).
 */
final class BacklogBench {
    static final String TABLE = "Backlog";
    static final String CONSUMER = "Drain";
    static final int WINDOW_SECONDS = 1;
    private static final int WRITERS = 4;
    private static final Duration DRAIN_LIMIT = Duration.ofMinutes(30);

    private BacklogBench() {
    }

    /** Counts what it is given, each key once; its first invocation waits until the backlog is written. */
    public static final class CountingHandler implements RequestHandler<DynamodbEvent, StreamsEventResponse> {
        static final CountDownLatch RELEASED = new CountDownLatch(1);
        static final Set<String> KEYS = ConcurrentHashMap.newKeySet();
        static final AtomicLong DELIVERED = new AtomicLong();

        @Override
        public StreamsEventResponse handleRequest(DynamodbEvent event, Context context) {
            try {
                RELEASED.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while held", e);
            }
            for (var record : event.getRecords()) {
                KEYS.add(record.getDynamodb().getKeys().get("pk").getS());
            }
            DELIVERED.addAndGet(event.getRecords().size());
            return new StreamsEventResponse(List.of());
        }
    }

    static Declaration declaration() {
        var production = ScaleoutDeclaration.declaration();
        var fanout = production.streamConsumers().stream()
                .filter(c -> c.function().equals(ScaleoutDeclaration.SOCIAL_FANOUT)).findFirst().orElseThrow();
        return Declaration.builder()
                .table(TableSpec.of(TABLE, string("pk")).stream(TableSpec.StreamView.NEW_AND_OLD_IMAGES))
                .function(production.function(ScaleoutDeclaration.HEALTH))
                // held for as long as the backlog takes to write: Lambda's longest timeout
                .function(FunctionSpec.of(CONSUMER, CountingHandler.class.getName()).timeoutSeconds(900))
                .streamConsumer(new StreamConsumerSpec(TABLE, CONSUMER, fanout.batchSize(),
                        fanout.batchingWindowSeconds(), fanout.retryAttempts(), fanout.parallelizationFactor(),
                        fanout.startingPosition()))
                .build();
    }

    static void run(int records) throws Exception {
        var report = new BenchReport("backlog", "./scaleout bench backlog " + records);
        Path dataDir = ScaleBench.freshDataDir("bench-backlog");
        var config = LocalConfig.fromEnvironment().withPort(0).withDataDir(dataDir);
        var declaration = declaration();
        StreamConsumerSpec consumer = declaration.streamConsumers().getFirst();
        try (var runtime = LocalRuntime.start(declaration, config)) {
            StreamPoller poller = runtime.poller(TABLE + "-" + CONSUMER);
            System.out.printf("writing %,d items to %s with its consumer held%n", records, TABLE);
            double writeSeconds = write(runtime, records);
            System.out.printf("written in %.1f s (%.0f items/s); draining%n", writeSeconds, records / writeSeconds);

            long start = System.nanoTime();
            CountingHandler.RELEASED.countDown();
            var windows = new ArrayList<Long>();
            long counted = 0;
            long giveUp = start + DRAIN_LIMIT.toNanos();
            while (CountingHandler.KEYS.size() < records && System.nanoTime() < giveUp) {
                long windowEnd = start + TimeUnit.SECONDS.toNanos((long) WINDOW_SECONDS * (windows.size() + 1));
                while (System.nanoTime() < windowEnd && CountingHandler.KEYS.size() < records) {
                    Thread.sleep(100);
                }
                long now = CountingHandler.KEYS.size();
                windows.add(now - counted);
                counted = now;
                System.out.printf("  %3d s: %,d of %,d delivered (read size %d)%n",
                        WINDOW_SECONDS * windows.size(), now, records, poller.readSize());
            }
            double drainSeconds = (System.nanoTime() - start) / 1e9;
            long unique = CountingHandler.KEYS.size();
            report.line(String.format(Locale.ROOT, "%,d items written to a table with a stream (NEW_AND_OLD_IMAGES) "
                    + "while its consumer was held, then drained by the local poller (batches of %d, %d at once per "
                    + "shard, a consumer that only counts).", records, consumer.batchSize(),
                    consumer.parallelizationFactor()));
            report.line("");
            report.line("| figure | value |");
            report.line("|---|---:|");
            report.line(String.format(Locale.ROOT, "| baseline: writing the backlog (BatchWriteItem of 25, %d "
                    + "threads) | %.1f s, %,.0f items/s |", WRITERS, writeSeconds, records / writeSeconds));
            report.line(String.format(Locale.ROOT, "| draining it | %.1f s, %,.0f records/s (%.2f × the write "
                    + "rate) |", drainSeconds, unique / drainSeconds, (unique / drainSeconds) / (records / writeSeconds)));
            report.line(String.format(Locale.ROOT, "| records delivered / distinct | %,d / %,d of %,d |",
                    CountingHandler.DELIVERED.get(), unique, records));
            report.line(String.format(Locale.ROOT, "| largest read, resyncs, batches to the on-failure destination "
                    + "| %d, %d, %d |", poller.largestRead(), poller.resyncs(), poller.batchesSentToOnFailure()));
            report.line("");
            var full = windows.subList(0, Math.max(0, windows.size() - 1)); // the last window is cut short
            report.line(String.format(Locale.ROOT, "Records delivered per %d-s window: %s. Full windows: first %s, "
                    + "median %s, last %s, slowest %s.", WINDOW_SECONDS,
                    String.join(", ", windows.stream().map(w -> String.format(Locale.ROOT, "%,d", w)).toList()),
                    full.isEmpty() ? "-" : String.format(Locale.ROOT, "%,d", full.getFirst()),
                    full.isEmpty() ? "-" : String.format(Locale.ROOT, "%,.0f",
                            BenchReport.median(full.stream().map(Long::doubleValue).toList())),
                    full.isEmpty() ? "-" : String.format(Locale.ROOT, "%,d", full.getLast()),
                    full.isEmpty() ? "-" : String.format(Locale.ROOT, "%,d",
                            full.stream().mapToLong(Long::longValue).min().orElse(0))));
        }
        report.save();
        BenchmarksBlock.named("backlog").updateIn(Path.of("BENCHMARKS.md"), String.join("\n", report.lines()));
    }

    /** The backlog in BatchWriteItems of 25 from {@value #WRITERS} threads; the seconds it took. */
    private static double write(LocalRuntime runtime, int records) throws InterruptedException {
        var next = new AtomicInteger();
        var written = new AtomicInteger();
        long start = System.nanoTime();
        try (var writers = Executors.newFixedThreadPool(WRITERS)) {
            for (int w = 0; w < WRITERS; w++) {
                writers.execute(() -> {
                    int from;
                    while ((from = next.getAndAdd(25)) < records) {
                        var batch = new ArrayList<WriteRequest>();
                        for (int i = from; i < Math.min(records, from + 25); i++) {
                            var item = Map.of("pk", AttributeValue.fromS("backlog-" + i),
                                    "body", AttributeValue.fromS("a record of the backlog, number " + i));
                            batch.add(WriteRequest.builder().putRequest(p -> p.item(item)).build());
                        }
                        Map<String, List<WriteRequest>> unprocessed = Map.of(TABLE, batch);
                        while (!unprocessed.isEmpty()) {
                            var sending = unprocessed;
                            unprocessed = runtime.dynamoDb().batchWriteItem(r -> r.requestItems(sending))
                                    .unprocessedItems();
                        }
                        int done = written.addAndGet(batch.size());
                        if (done % 10_000 < 25) {
                            System.out.printf("  %,d of %,d written%n", done, records);
                        }
                    }
                });
            }
        }
        return (System.nanoTime() - start) / 1e9;
    }
}
