package com.scaleout.local.tables;

import static com.scaleout.declaration.TableSpec.KeyAttribute.string;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scaleout.declaration.TableSpec;
import com.scaleout.functions.shared.retry.Retry;
import com.scaleout.local.testing.SettableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.retries.api.BackoffStrategy;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.CreateTableResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeTimeToLiveRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTimeToLiveResponse;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;
import software.amazon.awssdk.services.dynamodb.model.UpdateTimeToLiveRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateTimeToLiveResponse;

/** Table creation against a DynamoDB that times out: each step retried, and what a timed-out attempt did kept. */
class TableProvisionerTest {
    private static final TableSpec SESSIONS = TableSpec.of("Sessions", string("id")).ttl("expiresAt");

    private final SlowDynamoDb dynamoDb = new SlowDynamoDb();
    private final List<Duration> waits = new ArrayList<>();
    private final SettableClock clock = new SettableClock(Instant.parse("2026-12-01T10:00:00Z"));
    private final TableProvisioner provisioner = new TableProvisioner(dynamoDb,
            Retry.on(BackoffStrategy.exponentialDelayWithoutJitter(Duration.ofMillis(100), Duration.ofSeconds(5)))
                    .within(Duration.ofSeconds(60)).withClock(clock).withSleeper(wait -> {
                        waits.add(wait);
                        clock.advance(wait);
                    }));

    @Test
    void aTimedOutCreateThatDidCreateTheTableIsRetriedAndTheTtlIsStillEnabled() {
        dynamoDb.failNext("DescribeTable", timeout());
        dynamoDb.createsThenTimesOut = true;
        dynamoDb.failNext("UpdateTimeToLive", timeout());

        provisioner.ensure(SESSIONS);

        assertThat(dynamoDb.tables).containsKey("Sessions");
        assertThat(dynamoDb.creates).as("the retry read back the table the timed-out create made").isEqualTo(1);
        assertThat(dynamoDb.ttl).containsEntry("Sessions", "expiresAt");
        assertThat(waits).as("backoff between attempts").containsExactly(Duration.ofMillis(100),
                Duration.ofMillis(200), Duration.ofMillis(100));
    }

    @Test
    void anExistingTableWithoutItsTtlGetsItAndOneWithItIsLeftAlone() {
        dynamoDb.tables.put("Sessions", SESSIONS);

        provisioner.ensure(SESSIONS);
        provisioner.ensure(SESSIONS);

        assertThat(dynamoDb.creates).isZero();
        assertThat(dynamoDb.ttlUpdates).isEqualTo(1);
    }

    @Test
    void aRequestTheServiceRejectsIsNotRetried() {
        var rejected = DynamoDbException.builder().message("bad key schema").statusCode(400).build();
        dynamoDb.failNext("DescribeTable", rejected);

        assertThatThrownBy(() -> provisioner.ensure(SESSIONS)).isSameAs(rejected);
        assertThat(waits).isEmpty();
    }

    @Test
    void aBackendThatNeverAnswersFailsOnceTheBudgetIsSpent() {
        dynamoDb.alwaysTimesOut = true;

        assertThatThrownBy(() -> provisioner.ensure(SESSIONS)).isInstanceOf(ApiCallAttemptTimeoutException.class);
        assertThat(waits.stream().reduce(Duration.ZERO, Duration::plus)).isLessThanOrEqualTo(Duration.ofSeconds(60));
        assertThat(waits).hasSizeGreaterThan(10);
    }

    private static SdkClientException timeout() {
        return ApiCallAttemptTimeoutException.create(2000);
    }

    /** The four calls the provisioner makes, each of which can be made to fail as a busy moto_server fails. */
    private static final class SlowDynamoDb implements DynamoDbClient {
        final Map<String, TableSpec> tables = new HashMap<>();
        final Map<String, String> ttl = new HashMap<>();
        final Map<String, Deque<RuntimeException>> failures = new HashMap<>();
        boolean createsThenTimesOut;
        boolean alwaysTimesOut;
        int creates;
        int ttlUpdates;

        void failNext(String operation, RuntimeException failure) {
            failures.computeIfAbsent(operation, o -> new ArrayDeque<>()).add(failure);
        }

        private void maybeFail(String operation) {
            if (alwaysTimesOut) {
                throw timeout();
            }
            var next = failures.getOrDefault(operation, new ArrayDeque<>()).poll();
            if (next != null) {
                throw next;
            }
        }

        @Override
        public DescribeTableResponse describeTable(DescribeTableRequest request) {
            maybeFail("DescribeTable");
            if (!tables.containsKey(request.tableName())) {
                throw ResourceNotFoundException.builder().message("no table").build();
            }
            return DescribeTableResponse.builder().build();
        }

        @Override
        public CreateTableResponse createTable(CreateTableRequest request) {
            maybeFail("CreateTable");
            creates++;
            tables.put(request.tableName(), SESSIONS);
            if (createsThenTimesOut) {
                createsThenTimesOut = false;
                throw timeout(); // the table is there, but the caller never heard
            }
            return CreateTableResponse.builder().build();
        }

        @Override
        public DescribeTimeToLiveResponse describeTimeToLive(DescribeTimeToLiveRequest request) {
            maybeFail("DescribeTimeToLive");
            var status = ttl.containsKey(request.tableName()) ? TimeToLiveStatus.ENABLED : TimeToLiveStatus.DISABLED;
            return DescribeTimeToLiveResponse.builder().timeToLiveDescription(d -> d.timeToLiveStatus(status)).build();
        }

        @Override
        public UpdateTimeToLiveResponse updateTimeToLive(UpdateTimeToLiveRequest request) {
            maybeFail("UpdateTimeToLive");
            ttlUpdates++;
            ttl.put(request.tableName(), request.timeToLiveSpecification().attributeName());
            return UpdateTimeToLiveResponse.builder().build();
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
