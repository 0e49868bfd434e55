package com.scaleout.functions.imports.streams;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.amazonaws.services.lambda.runtime.tests.EventLoader;
import com.amazonaws.services.lambda.runtime.tests.annotations.Event;
import com.scaleout.functions.imports.application.ChangeLogService;
import com.scaleout.functions.imports.domain.ImportedTable;
import com.scaleout.functions.imports.domain.LoggedChange;
import com.scaleout.functions.imports.fakes.InMemoryChangeLog;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;

/** The change log handler on the ImportRecords stream samples of events/imports/. */
class ChangeLogHandlerTest {
    private static final ImportedTable ORDERS = new ImportedTable(42, "orders");
    private static final ImportedTable CUSTOMERS = new ImportedTable(42, "customers");
    /** Order 1: inserted at sequence 100, then modified at 120. */
    private static final String ORDER_1 = "Qk9vN2xSOXNUNHdZNnpCOGNEMWZHaaaa";
    private static final String ORDER_2 = "b3JkZXItMi1yZWNvcmQtaWQtaGFzaAbb";
    private static final String CUSTOMER = "Y3VzdG9tZXItMS1yZWNvcmQtaWQtaAcc";

    private final InMemoryChangeLog log = new InMemoryChangeLog();
    private final ChangeLogHandler handler = new ChangeLogHandler(new ChangeLogService(log));

    @ParameterizedTest
    @Event(value = "events/imports/changelog-stream.json", type = DynamodbEvent.class)
    void logsInsertsAndModifiesPerTableInStreamOrderAndSkipsRemoves(DynamodbEvent event) {
        StreamsEventResponse response = handler.handleRequest(event, null);

        assertThat(response.getBatchItemFailures()).isEmpty();
        // received when the record store wrote them: the stream records' creation time
        var received = java.time.Instant.parse("2026-11-29T23:00:00Z");
        assertThat(log.log(ORDERS)).containsExactly(
                new LoggedChange(1, 100, ORDER_1, "{\"id\":1}", "{\"id\":1,\"total\":12.50,\"note\":\"first\"}",
                        received),
                new LoggedChange(2, 101, ORDER_2, "{\"id\":2}", "{\"id\":2,\"total\":7,\"note\":null}", received),
                new LoggedChange(3, 120, ORDER_1, "{\"id\":1}",
                        "{\"id\":1,\"total\":\"12.50 EUR\",\"note\":\"second\"}", received));
        assertThat(log.log(CUSTOMERS)).extracting(LoggedChange::recordId).containsExactly(CUSTOMER);

        var orders = log.statistics(ORDERS).orElseThrow();
        assertThat(orders.rows()).isEqualTo(2);
        assertThat(orders.lastSequence()).isEqualTo(120);
        assertThat(orders.columns().typesByName()).isEqualTo(Map.of(
                "id", "integer", "total", "integer|number|string", "note", "null|string"));
        assertThat(log.statistics(CUSTOMERS).orElseThrow().columns().typesByName())
                .isEqualTo(Map.of("email", "string", "vip", "boolean"));
    }

    @ParameterizedTest
    @Event(value = "events/imports/changelog-stream.json", type = DynamodbEvent.class)
    void aBatchDeliveredAgainChangesNothing(DynamodbEvent event) {
        handler.handleRequest(event, null);
        var orders = log.log(ORDERS);
        var statistics = log.statistics(ORDERS);

        var replay = handler.handleRequest(EventLoader.loadDynamoDbEvent("events/imports/changelog-stream.json"),
                null);

        assertThat(replay.getBatchItemFailures()).isEmpty();
        assertThat(log.log(ORDERS)).isEqualTo(orders);
        assertThat(log.statistics(ORDERS)).isEqualTo(statistics);
        assertThat(log.log(CUSTOMERS)).hasSize(1);
    }

    @ParameterizedTest
    @Event(value = "events/imports/changelog-stream-missing-sequence.json", type = DynamodbEvent.class)
    void reportsTheFirstUnreadableRecordAndLogsOnlyTheRecordsBeforeIt(DynamodbEvent event) {
        var response = handler.handleRequest(event, null);

        assertThat(response.getBatchItemFailures()).extracting(StreamsEventResponse.BatchItemFailure::getItemIdentifier)
                .containsExactly("5200000000000000000000000002");
        assertThat(log.log(ORDERS)).extracting(LoggedChange::recordId).containsExactly(ORDER_1);
        assertThat(log.log(CUSTOMERS)).isEmpty();
    }
}
