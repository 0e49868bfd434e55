package com.scaleout.local.streams;

import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.scaleout.declaration.StreamConsumerSpec;
import com.scaleout.functions.shared.logging.ThrottledLogs;
import com.scaleout.local.iam.EventSourceRole;
import com.scaleout.local.lambda.FunctionPool;
import com.scaleout.local.lambda.InvocationPayload;
import com.scaleout.local.lambda.InvocationException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.exception.SdkServiceException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * Lambda's DynamoDB Streams event source mapping for one consumer: reads the table's stream with the Streams
 * API and invokes the function with {@code DynamodbEvent} batches: one at a time, or as many at once as the
 * declared parallelization factor, each item's records in one batch in order. Where the mapping reports batch item
 * failures, a {@code StreamsEventResponse} with failures retries from the first failed record (otherwise what the
 * handler returns is ignored, and only an error fails the batch); after the declared retry limit the failing record
 * (bisect-on-error) or what is left of the batch (without it) goes to the on-failure destination and the poller moves
 * on.
 *
 * <p>Reads ask for an adaptive number of records ({@link ReadSize}) with a timeout above the largest read, so a
 * backlog drains at the rate the backend serves it instead of every read timing out and being retried.
 *
 * <p>The checkpoint is a (sequence number, event id) pair, checked whenever an iterator is opened at it; when it no
 * longer matches (the stream was rewound under it) the poller re-synchronizes by event id. Records DynamoDB would not
 * emit (see {@link MotoStreamQuirks}) are skipped. How records are read depends on the backend:
 * <ul>
 *   <li>{@link ReadMode#SINGLE} (the runtime's own moto, whose patch layer undoes a cancelled transaction without
 *       touching the stream's other records, behind the gate that runs each write alone): each record is read
 *       once, along the chain of iterators the reads return, as Lambda reads DynamoDB.</li>
 *   <li>{@link ReadMode#CONFIRMED} (a backend given by {@code DYNAMODB_ENDPOINT}, possibly moto as released, where
 *       a cancelled transaction restores a copy of the table: its records are visible while it runs, iterators
 *       opened earlier keep reading the discarded copy, later records reuse its sequence numbers): every poll opens
 *       a fresh iterator at the checkpoint, and a record is handed over only after two consecutive reads, at least
 *       a poll interval apart, agree on it.</li>
 * </ul>
 */
public final class StreamPoller implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(StreamPoller.class.getName());
    /** Above the largest read (DynamoDB's 1,000 records); the functions' 2 s / 4 s budget would cut a backlog's. */
    static final Duration READ_TIMEOUT = Duration.ofSeconds(30);
    private static final int REMEMBERED_EVENT_IDS = 100_000;
    private static final Duration MAX_IDLE = Duration.ofMillis(500);

    private final StreamConsumerSpec spec;
    private final String tableName;
    private final FunctionPool function;
    private final DynamoDbClient dynamoDb;
    private final DynamoDbStreamsClient streams;
    private final OnFailureDestination onFailure;
    private final Duration pollInterval;
    private final ReadMode readMode;
    private final IteratorAge iteratorAge;
    private final ReadSize readSize = new ReadSize();
    private final RecordAge recordAge;
    /** An overloaded account throttles every invocation for a while: one warning per poller every 10 s. */
    private final org.apache.logging.log4j.Logger throttled = ThrottledLogs.busy();
    private final Thread thread;
    private volatile boolean running = true;
    private volatile String refusal;

    private String streamArn;
    private String shardId;
    private Position checkpoint;
    private boolean skipToLatest;
    /** Records read after the checkpoint and not yet consumed (CONFIRMED: awaiting the confirming read). */
    private List<Record> previousRead = List.of();
    /** SINGLE: the iterator after {@link #previousRead}, or null to open one at the checkpoint. */
    private String nextIterator;
    private long previousReadAt;
    private Instant headFirstSeen;
    private volatile Instant drainedSince;
    private final Map<String, Boolean> deliveredIds = new LinkedHashMap<>(1024, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
            return size() > REMEMBERED_EVENT_IDS;
        }
    };

    private final AtomicLong recordsDelivered = new AtomicLong();
    private final AtomicLong batchesSentToOnFailure = new AtomicLong();
    private final AtomicLong throttledInvocations = new AtomicLong();
    private final AtomicLong resyncs = new AtomicLong();
    private final AtomicLong largestRead = new AtomicLong();

    /** The last record consumed (delivered, skipped or sent to the on-failure destination). */
    private record Position(String sequenceNumber, String eventId) {
        static Position of(Record record) {
            return new Position(record.dynamodb().sequenceNumber(), record.eventID());
        }
    }

    /** How a poller reads its stream (see the class comment). */
    public enum ReadMode { SINGLE, CONFIRMED }

    public StreamPoller(StreamConsumerSpec spec, String tableName, FunctionPool function, DynamoDbClient dynamoDb,
                        DynamoDbStreamsClient streams, OnFailureDestination onFailure, Duration pollInterval,
                        ReadMode readMode, IteratorAge iteratorAge) {
        this.spec = spec;
        this.tableName = tableName;
        this.function = function;
        this.dynamoDb = dynamoDb;
        this.streams = streams;
        this.onFailure = onFailure;
        this.pollInterval = pollInterval;
        this.readMode = readMode;
        this.iteratorAge = iteratorAge;
        this.recordAge = RecordAge.of(spec.maximumRecordAgeSeconds());
        this.skipToLatest = spec.startingPosition() == StreamConsumerSpec.StartingPosition.LATEST;
        this.thread = Thread.ofPlatform().name("stream-" + spec.id()).daemon(true).unstarted(this::run);
    }

    public void start() {
        thread.start();
    }

    public String consumerId() {
        return spec.id();
    }

    /**
     * When the latest read began, if it found the stream worked off (nothing new, nothing waiting): every record
     * written before that instant has been delivered. Empty while records are read or wait for delivery.
     */
    public java.util.Optional<Instant> drainedSince() {
        return java.util.Optional.ofNullable(drainedSince);
    }

    public long recordsDelivered() {
        return recordsDelivered.get();
    }

    public long batchesSentToOnFailure() {
        return batchesSentToOnFailure.get();
    }

    /** Invocations the function's concurrency refused, each tried again later without using a retry. */
    public long throttledInvocations() {
        return throttledInvocations.get();
    }

    public long resyncs() {
        return resyncs.get();
    }

    public ReadMode readMode() {
        return readMode;
    }

    /** Why the function's execution role may not read the stream, when it may not: the poller then stops. */
    public Optional<String> refusal() {
        return Optional.ofNullable(refusal);
    }

    /** The most records one read has returned. */
    public long largestRead() {
        return largestRead.get();
    }

    /** The number of records the next read asks for. */
    public int readSize() {
        return readSize.current();
    }

    private void run() {
        long idleMillis = pollInterval.toMillis();
        while (running) {
            boolean busy = false;
            try {
                busy = pollOnce();
            } catch (ResourceNotFoundException e) {
                forgetStream(); // table or stream gone (e.g. a reset): find the new one
            } catch (ApiCallTimeoutException | ApiCallAttemptTimeoutException e) {
                readSize.afterTimeout();
                forgetUnconsumed();
                if (running) {
                    LOG.warning(() -> spec.id() + ": stream read timed out; reading " + readSize.current()
                            + " records at a time");
                }
            } catch (SdkServiceException e) {
                // throttled by the gate (the backend is busy): back off quietly and read again
                forgetUnconsumed();
                if (running && !e.isThrottlingException()) {
                    LOG.log(Level.WARNING, spec.id() + ": stream read failed; retrying", e);
                }
            } catch (SdkException e) {
                // A slow or restarting backend: keep stream and checkpoint, and try again.
                forgetUnconsumed();
                if (running) {
                    LOG.log(Level.WARNING, spec.id() + ": stream read failed; retrying", e);
                }
            } catch (RuntimeException e) {
                LOG.log(Level.SEVERE, spec.id() + ": poller error", e);
            }
            // Idle polls back off (up to MAX_IDLE), so an idle stack costs moto little; activity resets it.
            idleMillis = busy ? pollInterval.toMillis() : Math.min(MAX_IDLE.toMillis(), idleMillis * 2);
            if (!busy && running) {
                sleep(idleMillis);
            }
        }
    }

    /** One read and at most one delivered batch; true when there is more to do soon (no idle back-off). */
    boolean pollOnce() {
        if (!locateStream()) {
            return false;
        }
        if (skipToLatest) {
            checkpoint = lastRecordPosition();
            skipToLatest = false;
        }
        return readMode == ReadMode.SINGLE ? pollSingle() : pollConfirmed();
    }

    /** SINGLE: reads on from where the last read ended while fewer than a batch are waiting, then delivers. */
    private boolean pollSingle() {
        int fresh = 0;
        boolean full = false;
        Instant readStarted = Instant.now();
        if (previousRead.size() < capacity()) {
            int asked = readSize.current();
            List<Record> read = readOn();
            if (read == null) {
                return true; // re-synchronized; read again
            }
            fresh = read.size();
            full = fresh >= asked;
            if (fresh > 0) {
                var waiting = new ArrayList<Record>(previousRead.size() + fresh);
                waiting.addAll(previousRead);
                waiting.addAll(read);
                previousRead = waiting;
            }
        }
        if (previousRead.isEmpty()) {
            headFirstSeen = null;
            drainedSince = readStarted;
            return false;
        }
        drainedSince = null;
        int deliverable = previousRead.size();
        if (full && MotoStreamQuirks.mayBePlaceholder(previousRead.getLast())) {
            deliverable--; // a read cut between an update's two INSERTs: decide once the next record is read
        }
        if (deliverable == 0) {
            return true;
        }
        Position before = checkpoint;
        deliver(previousRead, deliverable);
        // a batching window still gathering, with nothing new on the stream: wait a poll interval, not a spin
        return fresh > 0 || !java.util.Objects.equals(before, checkpoint);
    }

    private List<Record> readOn() {
        if (nextIterator == null) {
            previousRead = List.of();
            var opened = readAfterCheckpoint();
            if (opened == null) {
                return null;
            }
            nextIterator = opened.nextIterator();
            return opened.records();
        }
        var response = read(nextIterator, readSize.current());
        nextIterator = response.nextShardIterator();
        return response.records();
    }

    /** CONFIRMED: a fresh read at the checkpoint; delivers what it and the previous read agree on. */
    private boolean pollConfirmed() {
        // The two reads that must agree on a record are at least one poll interval apart, so a transaction that
        // is rolled back has had that long to be.
        long sincePreviousRead = System.nanoTime() - previousReadAt;
        if (!previousRead.isEmpty() && sincePreviousRead < pollInterval.toNanos()) {
            sleep((pollInterval.toNanos() - sincePreviousRead) / 1_000_000 + 1);
        }
        Instant readStarted = Instant.now();
        var opened = readAfterCheckpoint();
        List<Record> read = opened == null ? null : opened.records();
        if (read == null) {
            return true; // re-synchronized; read again
        }
        drainedSince = read.isEmpty() ? readStarted : null;
        int confirmed = commonPrefix(previousRead, read);
        previousRead = read;
        previousReadAt = System.nanoTime();
        if (confirmed == 0) {
            headFirstSeen = read.isEmpty() ? null : (headFirstSeen == null ? Instant.now() : headFirstSeen);
            return !read.isEmpty(); // records await their confirming read, one poll interval from now
        }
        return deliver(read, confirmed);
    }

    private boolean deliver(List<Record> read, int confirmed) {
        var window = read.subList(0, confirmed);
        var batch = new ArrayList<Record>();
        int consumed = 0;
        for (int i = 0; i < window.size() && batch.size() < capacity(); i++) {
            Record record = window.get(i);
            consumed = i + 1;
            if (wasDelivered(record) || MotoStreamQuirks.isArtifact(read, i)) {
                continue;
            }
            batch.add(record);
        }
        if (headFirstSeen == null) {
            headFirstSeen = Instant.now();
        }
        boolean windowOpen = spec.batchingWindowSeconds() > 0 && batch.size() < spec.batchSize()
                && Instant.now().isBefore(headFirstSeen.plusSeconds(spec.batchingWindowSeconds()));
        if (!batch.isEmpty() && windowOpen) {
            return true; // gather more records, as MaximumBatchingWindowInSeconds does
        }
        if (!batch.isEmpty()) {
            invokeConcurrently(batch);
        }
        Record last = window.get(consumed - 1);
        checkpoint = Position.of(last);
        previousRead = previousRead.subList(consumed, previousRead.size());
        headFirstSeen = null;
        return true;
    }

    /** Records one delivery takes: a batch for each of the declared concurrent batches per shard. */
    private int capacity() {
        return spec.batchSize() * spec.parallelizationFactor();
    }

    /**
     * Lambda's ParallelizationFactor: the records are split into up to that many batches, each item's records in
     * one batch and in stream order, delivered at once (each batch retried on its own), so that consumers whose
     * time goes to round trips rather than to the backend's CPU keep up with a busy table. (Lambda splits by
     * partition key; here by item key, which keeps the per-item order DynamoDB Streams promise.)
     */
    private void invokeConcurrently(List<Record> records) {
        int factor = spec.parallelizationFactor();
        var groups = new ArrayList<List<Record>>();
        for (int i = 0; i < factor; i++) {
            groups.add(new ArrayList<>());
        }
        for (Record record : records) {
            groups.get(Math.floorMod(record.dynamodb().keys().hashCode(), factor)).add(record);
        }
        var nonEmpty = groups.stream().filter(group -> !group.isEmpty()).toList();
        if (nonEmpty.size() == 1) {
            deliverInOrder(nonEmpty.getFirst());
            return;
        }
        var threads = new ArrayList<Thread>();
        for (var group : nonEmpty) {
            threads.add(Thread.ofVirtual().name("stream-" + spec.id() + "-batch").start(() -> deliverInOrder(group)));
        }
        for (Thread thread : threads) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                running = false;
                return;
            }
        }
    }

    /** One group's records in batches, one batch after another (a skewed group may be larger than a batch). */
    private void deliverInOrder(List<Record> group) {
        for (List<Record> batch : StreamBatches.of(group, spec.batchSize(), this::fitsOneInvocation)) {
            if (!running) {
                return;
            }
            invokeWithRetries(batch);
        }
    }

    /** Lambda's synchronous payload limit holds for a stream batch's event too. */
    private boolean fitsOneInvocation(List<Record> batch) {
        return InvocationPayload.requestFits(StreamRecordMapper.event(batch, streamArn));
    }

    /**
     * The records past the declared maximum age leave the batch for the on-failure destination, undelivered, as
     * Lambda discards them before each invocation and retry.
     */
    private List<Record> withoutExpired(List<Record> batch, int invokes) {
        Instant now = Instant.now();
        var byAge = batch.stream().collect(java.util.stream.Collectors.partitioningBy(r -> recordAge.exceeded(r, now)));
        var expired = byAge.get(true);
        if (expired.isEmpty()) {
            return batch;
        }
        LOG.warning(() -> spec.id() + ": " + expired.size() + " records older than the maximum record age of "
                + spec.maximumRecordAgeSeconds() + " s; sent to the on-failure destination");
        setAside(expired, invokes, "RecordAgeExceeded");
        return byAge.get(false);
    }

    /** The records, undelivered, to the on-failure destination as one record of a failed batch. */
    private void setAside(List<Record> records, int invokes, String condition) {
        onFailure.send(spec.id(), spec.function(), streamArn, shardId, records, invokes, condition);
        batchesSentToOnFailure.incrementAndGet();
        remember(records);
    }

    /**
     * Delivers the batch, retrying from the first failed record. When a record still fails after the retry limit,
     * with bisect-on-error it alone goes to the on-failure destination and the records after it are delivered
     * afresh: what bisecting achieves in AWS, where one poison record does not take its neighbours with it. Without
     * it, Lambda discards the failing batch: what is left of it goes to the on-failure destination, as one record. An
     * invocation that was throttled never ran: as in Lambda it is tried again until it runs and uses none of the
     * retries.
     */
    private void invokeWithRetries(List<Record> batch) {
        List<Record> remaining = batch;
        int invokes = 0;
        int throttledInARow = 0;
        while (running && !remaining.isEmpty()) {
            remaining = withoutExpired(remaining, invokes);
            if (remaining.isEmpty()) {
                return;
            }
            Outcome outcome = invoke(remaining);
            if (outcome.result() == Outcome.Result.THROTTLED) {
                throttledInvocations.incrementAndGet();
                sleep(RetryBackoff.after(++throttledInARow).toMillis());
                continue;
            }
            throttledInARow = 0;
            invokes++;
            if (outcome.result() == Outcome.Result.DELIVERED) {
                markDelivered(remaining);
                return;
            }
            int firstFailed = indexOf(remaining, outcome.failedFrom());
            markDelivered(remaining.subList(0, firstFailed));
            remaining = remaining.subList(firstFailed, remaining.size());
            if (invokes > spec.retryAttempts()) {
                // bisect-on-error isolates the failing record; without it Lambda discards what is left of the batch
                var discarded = spec.bisectsOnError() ? remaining.subList(0, 1) : remaining;
                String first = discarded.getFirst().dynamodb().sequenceNumber();
                LOG.warning(() -> spec.id() + ": " + (discarded.size() == 1 ? "record " + first
                        : discarded.size() + " records from " + first) + " still failing after "
                        + spec.retryAttempts() + " retries; sent to the on-failure destination");
                setAside(discarded, invokes, "RetryAttemptsExhausted");
                remaining = remaining.subList(discarded.size(), remaining.size());
                invokes = 0;
                continue;
            }
            sleep(RetryBackoff.after(invokes).toMillis());
        }
    }

    /** What one invocation came to: every record handled, a failure from one record on, or no run at all. */
    private record Outcome(Result result, String failedFrom) {
        enum Result { DELIVERED, FAILED, THROTTLED }

        static final Outcome DELIVERED = new Outcome(Result.DELIVERED, null);
        static final Outcome THROTTLED = new Outcome(Result.THROTTLED, null);

        static Outcome failedFrom(String sequenceNumber) {
            return new Outcome(Result.FAILED, sequenceNumber);
        }
    }

    /** Invokes the function with the batch; an invocation that ran reports its iterator age, as in Lambda. */
    private Outcome invoke(List<Record> batch) {
        Instant delivered = Instant.now();
        Outcome outcome = invokeOnce(batch);
        if (outcome.result() != Outcome.Result.THROTTLED) {
            newestCreation(batch).ifPresent(newest -> iteratorAge.publish(spec.function(),
                    maxZero(Duration.between(newest, delivered)), delivered));
        }
        return outcome;
    }

    private static Optional<Instant> newestCreation(List<Record> batch) {
        return batch.stream().map(record -> record.dynamodb().approximateCreationDateTime())
                .filter(Objects::nonNull).max(Instant::compareTo);
    }

    /** Stream times are whole seconds: a record written just before its delivery may look a little ahead. */
    private static Duration maxZero(Duration age) {
        return age.isNegative() ? Duration.ZERO : age;
    }

    private Outcome invokeOnce(List<Record> batch) {
        Outcome whole = Outcome.failedFrom(batch.getFirst().dynamodb().sequenceNumber());
        try {
            Object result = function.invoke(StreamRecordMapper.event(batch, streamArn));
            if (result == null || !spec.reportsBatchItemFailures()) {
                return Outcome.DELIVERED; // without ReportBatchItemFailures, Lambda does not read the response
            }
            if (!(result instanceof StreamsEventResponse response)) {
                LOG.warning(() -> spec.id() + ": handler returned " + result.getClass().getName()
                        + ", not a StreamsEventResponse; treating the batch as failed");
                return whole;
            }
            if (response.getBatchItemFailures() == null || response.getBatchItemFailures().isEmpty()) {
                return Outcome.DELIVERED;
            }
            // The earliest failure in the batch decides, whatever order the handler listed them in.
            String earliest = null;
            int earliestIndex = Integer.MAX_VALUE;
            for (var failure : response.getBatchItemFailures()) {
                int index = failure.getItemIdentifier() == null ? -1 : indexOf(batch, failure.getItemIdentifier());
                if (index < 0) {
                    LOG.warning(() -> spec.id() + ": unknown item identifier " + failure.getItemIdentifier()
                            + "; retrying the whole batch, as Lambda does");
                    return whole;
                }
                if (index < earliestIndex) {
                    earliestIndex = index;
                    earliest = failure.getItemIdentifier();
                }
            }
            return Outcome.failedFrom(earliest);
        } catch (InvocationException e) {
            if (e.kind() == InvocationException.Kind.THROTTLED) {
                throttled.warn(spec.id() + ": invocation throttled; tried again, as Lambda does, without using a"
                        + " retry", e);
                return Outcome.THROTTLED;
            }
            LOG.warning(() -> spec.id() + ": invocation failed (" + e.kind() + "); the batch will be retried");
            return whole;
        }
    }

    private static int indexOf(List<Record> batch, String sequenceNumber) {
        for (int i = 0; i < batch.size(); i++) {
            if (batch.get(i).dynamodb().sequenceNumber().equals(sequenceNumber)) {
                return i;
            }
        }
        return -1;
    }

    /** Delivered (or set aside): concurrent batches of one delivery add to it at once. */
    private void remember(List<Record> records) {
        synchronized (deliveredIds) {
            records.forEach(r -> deliveredIds.put(r.eventID(), Boolean.TRUE));
        }
    }

    private boolean wasDelivered(Record record) {
        synchronized (deliveredIds) {
            return deliveredIds.containsKey(record.eventID());
        }
    }

    private void markDelivered(List<Record> records) {
        remember(records);
        recordsDelivered.addAndGet(records.size());
    }

    /** Records after the checkpoint, and the iterator after them. */
    private record Opened(List<Record> records, String nextIterator) {
    }

    /**
     * Records after the checkpoint, from a fresh iterator. Returns null when the checkpoint record is gone or
     * different (moto rewound its stream): the checkpoint is then moved to the last record already delivered.
     */
    private Opened readAfterCheckpoint() {
        if (checkpoint == null) {
            var response = read(iterator(ShardIteratorType.TRIM_HORIZON, null), readSize.current());
            return new Opened(response.records(), response.nextShardIterator());
        }
        var response = read(iterator(ShardIteratorType.AT_SEQUENCE_NUMBER, checkpoint.sequenceNumber()),
                readSize.current() + 1);
        List<Record> records = response.records();
        if (records.isEmpty() || !records.getFirst().eventID().equals(checkpoint.eventId())) {
            resynchronize();
            return null;
        }
        return new Opened(records.subList(1, records.size()), response.nextShardIterator());
    }

    private void resynchronize() {
        resyncs.incrementAndGet();
        Position found = null;
        for (Record record : readWholeShard()) {
            if (wasDelivered(record)) {
                found = Position.of(record);
            }
        }
        if (found == null && spec.startingPosition() == StreamConsumerSpec.StartingPosition.LATEST) {
            found = lastRecordPosition(); // nothing of ours is left: a LATEST consumer starts at the end
        }
        Position resumeAfter = found;
        LOG.warning(() -> spec.id() + ": stream rewound under the checkpoint (moto restores a copy of the table "
                + "after a cancelled transaction); resuming after " + resumeAfter);
        checkpoint = found;
        forgetUnconsumed();
        headFirstSeen = null;
    }

    private Position lastRecordPosition() {
        List<Record> all = readWholeShard();
        return all.isEmpty() ? null : Position.of(all.getLast());
    }

    private List<Record> readWholeShard() {
        var all = new ArrayList<Record>();
        String iterator = iterator(ShardIteratorType.TRIM_HORIZON, null);
        while (iterator != null) {
            String current = iterator;
            var response = read(current, ReadSize.MAX);
            if (response.records().isEmpty()) {
                break;
            }
            all.addAll(response.records());
            iterator = response.nextShardIterator();
        }
        return all;
    }

    /** One GetRecords, timed: its duration and size decide the next read's size. */
    private GetRecordsResponse read(String iterator, int limit) {
        long started = System.nanoTime();
        var response = streams.getRecords(r -> r.shardIterator(iterator).limit(limit)
                .overrideConfiguration(c -> c.apiCallTimeout(READ_TIMEOUT).apiCallAttemptTimeout(READ_TIMEOUT)));
        readSize.afterRead(response.records().size(), Duration.ofNanos(System.nanoTime() - started));
        largestRead.accumulateAndGet(response.records().size(), Math::max);
        return response;
    }

    /** Drops what was read but not consumed, and the iterator after it: the next read starts at the checkpoint. */
    private void forgetUnconsumed() {
        previousRead = List.of();
        nextIterator = null;
    }

    private String iterator(ShardIteratorType type, String sequenceNumber) {
        return streams.getShardIterator(r -> r.streamArn(streamArn).shardId(shardId).shardIteratorType(type)
                .sequenceNumber(sequenceNumber)).shardIterator();
    }

    /** Finds the table's current stream and its shard; false while the table does not exist yet. */
    private boolean locateStream() {
        if (streamArn != null) {
            return true;
        }
        String arn;
        try {
            arn = dynamoDb.describeTable(r -> r.tableName(tableName)).table().latestStreamArn();
        } catch (ResourceNotFoundException e) {
            return false;
        }
        if (arn == null) {
            return false;
        }
        Optional<String> refused = EventSourceRole.refusal(spec.function(), arn);
        if (refused.isPresent()) {
            refusal = refused.get();
            running = false; // the role is fixed for the run: retrying could not help
            LOG.severe(() -> spec.id() + ": not polling: " + refusal);
            return false;
        }
        var shards = streams.describeStream(r -> r.streamArn(arn)).streamDescription().shards();
        if (shards.isEmpty()) {
            return false;
        }
        // moto keeps one shard per stream; DynamoDB's shard lineage is not emulated.
        streamArn = arn;
        shardId = shards.getFirst().shardId();
        LOG.info(() -> spec.id() + ": reading " + arn);
        return true;
    }

    private void forgetStream() {
        streamArn = null;
        shardId = null;
        checkpoint = null;
        forgetUnconsumed();
        headFirstSeen = null;
    }

    private static int commonPrefix(List<Record> a, List<Record> b) {
        int n = Math.min(a.size(), b.size());
        int i = 0;
        while (i < n && a.get(i).eventID().equals(b.get(i).eventID())) {
            i++;
        }
        return i;
    }

    private void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running = false;
        }
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            thread.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
