package com.scaleout.local.streams;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.declaration.FunctionSpec;
import com.scaleout.declaration.StreamConsumerSpec;
import com.scaleout.local.iam.CallLog;
import com.scaleout.local.iam.Decision;
import com.scaleout.local.iam.FunctionPolicies;
import com.scaleout.local.iam.Policy;
import com.scaleout.local.iam.RecordedCall;
import com.scaleout.local.lambda.AccountConcurrency;
import com.scaleout.local.lambda.FunctionCode;
import com.scaleout.local.lambda.FunctionPool;
import com.scaleout.local.lambda.ScalingRate;
import com.scaleout.local.testing.RecordingStreamHandler;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsRequest;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.GetShardIteratorRequest;
import software.amazon.awssdk.services.dynamodb.model.GetShardIteratorResponse;
import software.amazon.awssdk.services.dynamodb.model.OperationType;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * The poller's bookkeeping against a scripted stream, for the cases moto_server cannot be made to produce on
 * demand: a stream rewound under an already delivered record, with the same sequence numbers reused (what moto as
 * released does, read in {@link StreamPoller.ReadMode#CONFIRMED}); reads cut at a placeholder, and reads that time
 * out (in {@link StreamPoller.ReadMode#SINGLE}).
 */
class StreamPollerTest {
    private static final String ARN = "arn:aws:dynamodb:us-east-1:000000000000:table/T/stream/1";

    private final ScriptedStream stream = new ScriptedStream();
    private FunctionPool function;
    private StreamPoller poller;

    @TempDir
    Path dataDir;

    @BeforeEach
    void setUp() {
        RecordingStreamHandler.reset();
        function = new FunctionPool(FunctionSpec.of("Recorder", RecordingStreamHandler.class.getName()),
                FunctionCode.shared());
        poller = new StreamPoller(StreamConsumerSpec.of("T", "Recorder").retryAttempts(0), "T", function,
                stream.table(), stream, new OnFailureDestination(dataDir), Duration.ofMillis(10),
                StreamPoller.ReadMode.CONFIRMED, IteratorAge.NONE);
    }

    @AfterEach
    void tearDown() {
        function.close();
    }

    private static Record record(long sequence, String eventId, String key) {
        return Record.builder().eventID(eventId).eventName(OperationType.INSERT)
                .dynamodb(d -> d.sequenceNumber(String.valueOf(sequence))
                        .keys(Map.of("pk", AttributeValue.fromS(key)))
                        .newImage(Map.of("pk", AttributeValue.fromS(key), "v", AttributeValue.fromN("1"))))
                .build();
    }

    private List<String> deliveredKeys() {
        return RecordingStreamHandler.delivered().stream().map(r -> r.getDynamodb().getKeys().get("pk").getS())
                .toList();
    }

    private void pollTimes(int times) {
        for (int i = 0; i < times; i++) {
            poller.pollOnce();
        }
    }

    /** As Lambda's metric: from the newest record's creation in the batch to the delivery, by function name. */
    @Test
    void eachDeliveredBatchPublishesTheIteratorAgeOfItsNewestRecord() {
        record Published(String function, Duration age, Instant at) {
        }
        var published = new java.util.concurrent.CopyOnWriteArrayList<Published>();
        Instant newest = Instant.now().minusSeconds(30);
        var reporting = new StreamPoller(StreamConsumerSpec.of("T", "Recorder").retryAttempts(0), "T", function,
                stream.table(), stream, new OnFailureDestination(dataDir), Duration.ofMillis(10),
                StreamPoller.ReadMode.CONFIRMED, (name, age, at) -> published.add(new Published(name, age, at)));
        stream.records.add(created(record(1, "e1", "a"), newest.minusSeconds(60)));
        stream.records.add(created(record(2, "e2", "b"), newest));

        Instant before = Instant.now();
        reporting.pollOnce();
        assertThat(published).as("nothing delivered yet").isEmpty();
        reporting.pollOnce();

        assertThat(deliveredKeys()).containsExactly("a", "b");
        assertThat(published).singleElement().satisfies(batch -> {
            assertThat(batch.function()).isEqualTo("Recorder");
            assertThat(batch.at()).isAfterOrEqualTo(before);
            assertThat(batch.age()).isEqualTo(Duration.between(newest, batch.at()));
        });
    }

    /**
     * MaximumRecordAgeInSeconds as declared: a record older than it is sent to the on-failure destination (condition
     * RecordAgeExceeded) and never delivered; a younger one in the same read is delivered.
     */
    @Test
    void recordsOlderThanTheMaximumAgeGoToTheOnFailureDestinationUndelivered() throws Exception {
        var spec = StreamConsumerSpec.of("T", "Recorder").retryAttempts(0).maximumRecordAgeSeconds(60);
        var onFailure = new OnFailureDestination(dataDir);
        var ageing = new StreamPoller(spec, "T", function, stream.table(), stream, onFailure, Duration.ofMillis(10),
                StreamPoller.ReadMode.CONFIRMED, IteratorAge.NONE);
        stream.records.add(created(record(1, "e1", "stale"), Instant.now().minus(Duration.ofHours(2))));
        stream.records.add(created(record(2, "e2", "fresh"), Instant.now()));

        ageing.pollOnce();
        ageing.pollOnce();

        assertThat(deliveredKeys()).containsExactly("fresh");
        assertThat(ageing.batchesSentToOnFailure()).isEqualTo(1);
        var lines = java.nio.file.Files.readAllLines(onFailure.fileFor(spec.id()));
        assertThat(lines).singleElement().satisfies(line -> {
            var record = com.scaleout.functions.shared.json.Json.MAPPER.readTree(line);
            assertThat(record.at("/requestContext/condition").asText()).isEqualTo("RecordAgeExceeded");
            assertThat(record.at("/records/0/keys/pk").asText()).isEqualTo("stale");
        });
    }

    /**
     * Lambda's 6 MB invocation payload holds for a batch: ten records of 700 KB images make an event over it, so the
     * event source mapping sends the eight that fit, then the rest, though the batch size would take all ten.
     */
    @Test
    void aBatchWhoseEventWouldBeOverLambdasPayloadLimitIsCutToWhatFits() {
        String image = "x".repeat(700_000);
        for (int i = 1; i <= 10; i++) {
            Record small = record(i, "e" + i, "k" + i);
            stream.records.add(small.toBuilder().dynamodb(small.dynamodb().toBuilder()
                    .newImage(Map.of("pk", AttributeValue.fromS("k" + i), "image", AttributeValue.fromS(image)))
                    .build()).build());
        }

        pollTimes(2);

        assertThat(RecordingStreamHandler.BATCHES).extracting(List::size).containsExactly(8, 2);
    }

    private static Record created(Record record, Instant at) {
        return record.toBuilder().dynamodb(record.dynamodb().toBuilder().approximateCreationDateTime(at).build())
                .build();
    }

    /** An event source mapping reads the stream with the function's execution role, as Lambda does. */
    @Test
    void aFunctionWhoseRoleCannotReadTheStreamIsNeverPolledAndSaysWhy() {
        FunctionPolicies.register("Recorder", Policy.fromDocuments(List.of(policyAllowing(
                "dynamodb:DescribeStream", "dynamodb:GetShardIterator"))));
        try {
            stream.records.add(record(1, "e1", "a"));
            pollTimes(3);

            assertThat(deliveredKeys()).isEmpty();
            assertThat(stream.iteratorsOpened).isZero();
            assertThat(poller.refusal()).hasValueSatisfying(why -> assertThat(why)
                    .contains("Recorder").contains("dynamodb:GetRecords").contains(ARN)
                    .doesNotContain("dynamodb:GetShardIterator"));
        } finally {
            FunctionPolicies.clear();
        }
    }

    @Test
    void aFunctionWhoseRoleReadsTheStreamIsPolled() {
        FunctionPolicies.register("Recorder", Policy.fromDocuments(List.of(policyAllowing(
                "dynamodb:DescribeStream", "dynamodb:GetShardIterator", "dynamodb:GetRecords"))));
        try {
            stream.records.add(record(1, "e1", "a"));
            pollTimes(2);

            assertThat(deliveredKeys()).containsExactly("a");
            assertThat(poller.refusal()).isEmpty();
            assertThat(CallLog.calls()).as("the mapping's reads, for the permission audit").contains(
                    new RecordedCall("Recorder", "dynamodb:GetRecords", ARN, Decision.ALLOW));
        } finally {
            FunctionPolicies.clear();
            CallLog.clear();
        }
    }

    /** The grant CDK's grantStreamRead writes for the event source mapping, with the given actions. */
    private static com.fasterxml.jackson.databind.JsonNode policyAllowing(String... actions) {
        var json = new com.fasterxml.jackson.databind.ObjectMapper();
        var statement = json.createObjectNode().put("Effect", "Allow")
                .put("Resource", "arn:aws:dynamodb:us-east-1:000000000000:table/T/stream/*");
        var actionList = statement.putArray("Action");
        for (String action : actions) {
            actionList.add(action);
        }
        var document = json.createObjectNode().put("Version", "2012-10-17");
        document.putArray("Statement").add(statement);
        return document;
    }

    @Test
    void deliversARecordOnlyAfterTwoReadsAgreeOnIt() {
        stream.records.add(record(1, "e1", "a"));

        poller.pollOnce();
        assertThat(deliveredKeys()).isEmpty();

        poller.pollOnce();
        assertThat(deliveredKeys()).containsExactly("a");
    }

    @Test
    void aRecordThatVanishesBeforeItIsConfirmedIsNeverDelivered() {
        stream.records.add(record(1, "e1", "a"));
        pollTimes(2);
        stream.records.add(record(2, "phantom", "rolled-back"));
        poller.pollOnce();
        stream.rewindTo(1);                       // the transaction is cancelled
        stream.records.add(record(2, "e2", "b")); // same sequence number, new record

        pollTimes(3);

        assertThat(deliveredKeys()).containsExactly("a", "b");
    }

    @Test
    void resynchronizesByEventIdWhenTheStreamIsRewoundUnderTheCheckpoint() {
        stream.records.add(record(1, "e1", "a"));
        pollTimes(2);
        stream.records.add(record(2, "phantom", "rolled-back"));
        pollTimes(2);                             // delivered: the worst case
        stream.rewindTo(1);
        stream.records.add(record(2, "e2", "b"));
        stream.records.add(record(3, "e3", "c"));

        pollTimes(4);

        assertThat(deliveredKeys()).containsExactly("a", "rolled-back", "b", "c");
        assertThat(poller.resyncs()).isEqualTo(1);
    }

    @Test
    void skipsAPlaceholderInsertFollowedByTheRealInsertOfTheSameItem() {
        var placeholder = Record.builder().eventID("e1").eventName(OperationType.INSERT)
                .dynamodb(d -> d.sequenceNumber("1").keys(Map.of("pk", AttributeValue.fromS("u")))
                        .newImage(Map.of("pk", AttributeValue.fromS("u"))))
                .build();
        stream.records.add(placeholder);
        stream.records.add(record(2, "e2", "u"));

        pollTimes(3);

        assertThat(RecordingStreamHandler.delivered()).extracting(r -> r.getEventID()).containsExactly("e2");
    }

    /** A record the test handler fails: {@code always} as a reported item failure, {@code throw} by throwing. */
    private static Record poison(long sequence, String eventId, String failTimes) {
        return Record.builder().eventID(eventId).eventName(OperationType.INSERT)
                .dynamodb(d -> d.sequenceNumber(String.valueOf(sequence))
                        .keys(Map.of("pk", AttributeValue.fromS("poison")))
                        .newImage(Map.of("pk", AttributeValue.fromS("poison"),
                                "failTimes", AttributeValue.fromS(failTimes))))
                .build();
    }

    private List<List<String>> batchKeys() {
        return RecordingStreamHandler.BATCHES.stream().map(batch -> batch.stream()
                .map(r -> r.getDynamodb().getKeys().get("pk").getS()).toList()).toList();
    }

    /** Records a, a record failing as {@code failTimes} says, and c, read and delivered by a poller of the spec. */
    private StreamPoller deliverAroundAPoisonRecord(StreamConsumerSpec spec, String failTimes) {
        var confirmed = new StreamPoller(spec, "T", function, stream.table(), stream,
                new OnFailureDestination(dataDir), Duration.ofMillis(10), StreamPoller.ReadMode.CONFIRMED,
                IteratorAge.NONE);
        stream.records.add(record(1, "e1", "a"));
        stream.records.add(poison(2, "e2", failTimes));
        stream.records.add(record(3, "e3", "c"));
        for (int i = 0; i < 3; i++) {
            confirmed.pollOnce();
        }
        return confirmed;
    }

    private List<String> onFailureLines() throws java.io.IOException {
        var file = dataDir.resolve("T-Recorder.jsonl");
        return java.nio.file.Files.exists(file) ? java.nio.file.Files.readAllLines(file) : List.of();
    }

    /** With ReportBatchItemFailures and BisectBatchOnFunctionError, as the CDK app declares every mapping. */
    @Test
    void aPoisonRecordAloneGoesToTheOnFailureDestinationAndTheRecordsAfterItAreDelivered() throws Exception {
        var both = deliverAroundAPoisonRecord(StreamConsumerSpec.of("T", "Recorder").retryAttempts(0), "always");

        // a, then (poison, c) failing at poison, then c alone once poison is set aside (retry limit 0)
        assertThat(batchKeys()).containsExactly(List.of("a", "poison", "c"), List.of("c"));
        assertThat(onFailureLines()).singleElement().satisfies(line -> assertThat(line)
                .contains("\"startSequenceNumber\":\"2\"").contains("\"batchSize\":1"));
        assertThat(both.batchesSentToOnFailure()).isEqualTo(1);
    }

    /**
     * Without {@code FunctionResponseTypes: [ReportBatchItemFailures]} Lambda does not read what the handler returns:
     * an invocation that returned is a batch delivered, whatever failures it lists.
     */
    @Test
    void withoutReportBatchItemFailuresTheFailuresAHandlerReturnsAreIgnored() throws Exception {
        var ignoring = deliverAroundAPoisonRecord(StreamConsumerSpec.of("T", "Recorder").retryAttempts(0)
                .reportsBatchItemFailures(false), "always");

        assertThat(batchKeys()).containsExactly(List.of("a", "poison", "c"));
        assertThat(ignoring.recordsDelivered()).isEqualTo(3);
        assertThat(ignoring.batchesSentToOnFailure()).isZero();
        assertThat(onFailureLines()).isEmpty();
    }

    /**
     * Without {@code BisectBatchOnFunctionError} nothing isolates the failing record: once the retries are used up,
     * what is left of the batch (from the earliest reported failure on) goes to the on-failure destination as one
     * record, the records after the poison record with it, and none of them is delivered afterwards.
     */
    @Test
    void withoutBisectTheWholeRemainingBatchGoesToTheOnFailureDestinationAfterTheRetries() throws Exception {
        var whole = deliverAroundAPoisonRecord(StreamConsumerSpec.of("T", "Recorder").retryAttempts(1)
                .bisectsOnError(false), "always");

        // a delivered, (poison, c) retried once from the reported failure, then set aside together
        assertThat(batchKeys()).containsExactly(List.of("a", "poison", "c"), List.of("poison", "c"));
        assertThat(onFailureLines()).singleElement().satisfies(line -> assertThat(line)
                .contains("\"startSequenceNumber\":\"2\"").contains("\"endSequenceNumber\":\"3\"")
                .contains("\"batchSize\":2").contains("\"approximateInvokeCount\":2")
                .contains("RetryAttemptsExhausted"));
        assertThat(whole.recordsDelivered()).isEqualTo(1);
        assertThat(whole.batchesSentToOnFailure()).isEqualTo(1);
    }

    /**
     * Neither: a function error fails the whole batch, which is retried whole and then set aside whole; the records
     * before the poison record are not delivered either.
     */
    @Test
    void withNeitherAFunctionErrorSetsTheWholeBatchAsideAfterTheRetries() throws Exception {
        var plain = deliverAroundAPoisonRecord(StreamConsumerSpec.of("T", "Recorder").retryAttempts(1)
                .reportsBatchItemFailures(false).bisectsOnError(false), "throw");

        assertThat(batchKeys()).containsExactly(List.of("a", "poison", "c"), List.of("a", "poison", "c"));
        assertThat(onFailureLines()).singleElement().satisfies(line -> assertThat(line)
                .contains("\"startSequenceNumber\":\"1\"").contains("\"batchSize\":3"));
        assertThat(plain.recordsDelivered()).isZero();
    }

    private StreamPoller singleReadPoller() {
        return new StreamPoller(StreamConsumerSpec.of("T", "Recorder").retryAttempts(0).batchSize(1000), "T",
                function, stream.table(), stream, new OnFailureDestination(dataDir), Duration.ofMillis(10),
                StreamPoller.ReadMode.SINGLE, IteratorAge.NONE);
    }

    @Test
    void singleReadsDeliverOnTheFirstReadAndReadEachRecordOnceAlongTheIteratorChain() {
        try (var single = singleReadPoller()) {
            stream.records.add(record(1, "e1", "a"));
            stream.records.add(record(2, "e2", "b"));
            single.pollOnce();
            assertThat(deliveredKeys()).containsExactly("a", "b");

            stream.records.add(record(3, "e3", "c"));
            single.pollOnce();
            single.pollOnce();

            assertThat(deliveredKeys()).containsExactly("a", "b", "c");
            assertThat(stream.recordsServed).isEqualTo(3);
            assertThat(stream.iteratorsOpened).isEqualTo(1);
        }
    }

    @Test
    void thePollerSaysItIsDrainedOnlyAfterAReadFindsNothingLeft() {
        try (var single = singleReadPoller()) {
            assertThat(single.drainedSince()).isEmpty();
            stream.records.add(record(1, "e1", "a"));
            single.pollOnce();
            assertThat(deliveredKeys()).containsExactly("a");
            assertThat(single.drainedSince()).as("delivered, but not yet read to the end").isEmpty();

            var beforeTheRead = java.time.Instant.now();
            single.pollOnce();
            assertThat(single.drainedSince()).get().matches(at -> !at.isBefore(beforeTheRead));

            stream.records.add(record(2, "e2", "b"));
            single.pollOnce();
            assertThat(single.drainedSince()).isEmpty();
        }
    }

    @Test
    void aSingleReadCutRightAfterAPlaceholderInsertWaitsForTheRecordAfterIt() {
        try (var single = singleReadPoller()) {
            int firstRead = single.readSize();
            for (int i = 1; i < firstRead; i++) {
                stream.records.add(record(i, "e" + i, "k" + i));
            }
            stream.records.add(Record.builder().eventID("placeholder").eventName(OperationType.INSERT)
                    .dynamodb(d -> d.sequenceNumber(String.valueOf(firstRead)).keys(Map.of("pk",
                            AttributeValue.fromS("u"))).newImage(Map.of("pk", AttributeValue.fromS("u")))).build());
            stream.records.add(record(firstRead + 1, "real", "u"));

            single.pollOnce();
            assertThat(RecordingStreamHandler.delivered()).hasSize(firstRead - 1);
            single.pollOnce();

            assertThat(RecordingStreamHandler.delivered()).extracting(r -> r.getEventID())
                    .doesNotContain("placeholder").endsWith("real").hasSize(firstRead);
        }
    }

    @Test
    void aParallelizationFactorDeliversConcurrentBatchesWithEachItemsRecordsInOrder() {
        try (var parallel = new StreamPoller(StreamConsumerSpec.of("T", "Recorder").retryAttempts(0).batchSize(10)
                .parallelizationFactor(4), "T", function, stream.table(), stream, new OnFailureDestination(dataDir),
                Duration.ofMillis(10), StreamPoller.ReadMode.SINGLE, IteratorAge.NONE)) {
            for (int i = 1; i <= 30; i++) {
                stream.records.add(record(i, "e" + i, "k" + (i % 6)));
            }
            parallel.pollOnce();

            assertThat(RecordingStreamHandler.delivered()).extracting(r -> r.getEventID()).hasSize(30)
                    .doesNotHaveDuplicates();
            assertThat(RecordingStreamHandler.BATCHES).hasSizeGreaterThan(1)
                    .allSatisfy(batch -> assertThat(batch).hasSizeLessThanOrEqualTo(10));
            for (int k = 0; k < 6; k++) {
                String key = "k" + k;
                var sequences = RecordingStreamHandler.delivered().stream()
                        .filter(r -> r.getDynamodb().getKeys().get("pk").getS().equals(key))
                        .map(r -> Long.parseLong(r.getDynamodb().getSequenceNumber())).toList();
                assertThat(sequences).as("records of %s", key).isSorted().hasSize(5);
            }
        }
    }

    @Test
    void aThrottledInvocationIsTriedAgainUntilItRunsAndUsesNoRetry() {
        var spec = FunctionSpec.of("Recorder", RecordingStreamHandler.class.getName()).reservedConcurrency(1);
        var account = AccountConcurrency.of(AccountConcurrency.DEFAULT_LIMIT, List.of(spec));
        assertThat(account.tryStart("Recorder")).as("something else holds the one execution").isTrue();
        stream.records.add(record(1, "e1", "a"));
        try (var throttledFunction = new FunctionPool(spec, FunctionCode.shared(), account,
                ScalingRate.lambdas());
             var throttled = new StreamPoller(StreamConsumerSpec.of("T", "Recorder").retryAttempts(0), "T",
                     throttledFunction, stream.table(), stream, new OnFailureDestination(dataDir),
                     Duration.ofMillis(10), StreamPoller.ReadMode.SINGLE, IteratorAge.NONE)) {
            throttled.start();
            org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(60))
                    .until(() -> throttled.throttledInvocations() >= 3);
            assertThat(throttled.batchesSentToOnFailure()).as("no retries declared, none used").isZero();
            assertThat(deliveredKeys()).isEmpty();

            account.finish("Recorder");
            org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(60)).until(() -> deliveredKeys().size() == 1);
            assertThat(deliveredKeys()).containsExactly("a");
            assertThat(throttled.batchesSentToOnFailure()).isZero();
        }
    }

    @Test
    void aBacklogWhoseLargeReadsTimeOutDrainsInSmallerReads() {
        int backlog = 2_000;
        for (int i = 1; i <= backlog; i++) {
            stream.records.add(record(i, "e" + i, "k" + i));
        }
        stream.timeOutReadsOver = 30;
        try (var single = singleReadPoller()) {
            single.start();
            org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(60))
                    .until(() -> RecordingStreamHandler.delivered().size() >= backlog);
            assertThat(single.readSize()).isLessThan(ReadSize.INITIAL);
        }
        assertThat(RecordingStreamHandler.delivered()).extracting(r -> r.getEventID()).doesNotHaveDuplicates()
                .hasSize(backlog);
    }

    /** One shard whose records the test edits, read through the Streams API's iterator calls. */
    private static final class ScriptedStream implements DynamoDbStreamsClient {
        final List<Record> records = java.util.Collections.synchronizedList(new ArrayList<>());
        volatile int recordsServed;
        volatile int iteratorsOpened;
        /** Reads asking for more records than this time out, as reads of a busy moto did. */
        volatile int timeOutReadsOver = Integer.MAX_VALUE;

        void rewindTo(int size) {
            records.subList(size, records.size()).clear();
        }

        DynamoDbClient table() {
            return new DynamoDbClient() {
                @Override
                public DescribeTableResponse describeTable(Consumer<DescribeTableRequest.Builder> request) {
                    return DescribeTableResponse.builder().table(t -> t.tableName("T").latestStreamArn(ARN))
                            .build();
                }

                @Override
                public String serviceName() {
                    return "dynamodb";
                }

                @Override
                public void close() {
                }
            };
        }

        @Override
        public DescribeStreamResponse describeStream(Consumer<DescribeStreamRequest.Builder> request) {
            return DescribeStreamResponse.builder()
                    .streamDescription(d -> d.streamArn(ARN).shards(s -> s.shardId("shard-1"))).build();
        }

        @Override
        public GetShardIteratorResponse getShardIterator(Consumer<GetShardIteratorRequest.Builder> consumer) {
            var builder = GetShardIteratorRequest.builder();
            consumer.accept(builder);
            var request = builder.build();
            iteratorsOpened++;
            long start = request.shardIteratorType() == ShardIteratorType.TRIM_HORIZON ? 1
                    : Long.parseLong(request.sequenceNumber())
                    + (request.shardIteratorType() == ShardIteratorType.AFTER_SEQUENCE_NUMBER ? 1 : 0);
            return GetShardIteratorResponse.builder().shardIterator(String.valueOf(start)).build();
        }

        @Override
        public GetRecordsResponse getRecords(Consumer<GetRecordsRequest.Builder> consumer) {
            var builder = GetRecordsRequest.builder();
            consumer.accept(builder);
            var request = builder.build();
            if (request.limit() > timeOutReadsOver) {
                throw software.amazon.awssdk.core.exception.ApiCallTimeoutException.create(30_000);
            }
            int from = (int) Long.parseLong(request.shardIterator()) - 1;
            int to = Math.min(records.size(), from + request.limit());
            var page = from >= records.size() ? List.<Record>of() : List.copyOf(records.subList(from, to));
            recordsServed += page.size();
            return GetRecordsResponse.builder().records(page).nextShardIterator(String.valueOf(to + 1)).build();
        }

        @Override
        public String serviceName() {
            return "dynamodb";
        }

        @Override
        public void close() {
        }
    }
}
