package com.scaleout.functions.imports.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.scaleout.functions.imports.ImportFakes.MemoryRecordStore;
import com.scaleout.functions.imports.domain.ImportRecord;
import com.scaleout.functions.imports.domain.RecordRules;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** All or nothing: who may send which records, and which of a request's records reach the store. */
class ImportServiceTest {
    private static final long CALLER = 4821;
    private static final long OTHER = 5930;
    private static final Instant DEADLINE = Instant.parse("2026-11-29T23:00:28Z");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final MemoryRecordStore store = new MemoryRecordStore();
    private final ImportService service = new ImportService(store);

    private static String record(long clientId, long sequence, String data) {
        return "{\"client_id\": " + clientId + ", \"table_name\": \"customers\", \"sequence\": " + sequence
                + ", \"action\": \"upsert\", \"key_names\": [\"id\"], \"data\": " + data + "}";
    }

    private static List<RecordRules.Checked> checked(String... records) {
        var outcomes = new ArrayList<RecordRules.Checked>();
        for (int i = 0; i < records.length; i++) {
            try {
                outcomes.add(RecordRules.pushRecord(i, JSON.readTree(records[i])));
            } catch (Exception e) {
                throw new IllegalArgumentException(records[i], e);
            }
        }
        return outcomes;
    }

    private static ImportRecord importRecord(long sequence, String data) {
        try {
            return ImportRecord.of(CALLER, "customers", sequence, List.of("id"), (ObjectNode) JSON.readTree(data));
        } catch (Exception e) {
            throw new IllegalArgumentException(data, e);
        }
    }

    @Test
    void aRequestMixingClientsIsInvalidWithAReasonForEachForeignRecord() {
        var request = checked(
                record(CALLER, 1, "{\"id\": 1}"),
                record(OTHER, 2, "{\"id\": 2}"),
                record(CALLER, 3, "{\"id\": 3}"),
                record(OTHER, 4, "{\"id\": 4}"));

        var rejected = catchThrowableOfType(ImportService.InvalidRecordsException.class,
                () -> service.accept(request, CALLER, DEADLINE));

        assertThat(rejected.invalid()).extracting(RecordRules.Invalid::index, RecordRules.Invalid::reason)
                .containsExactly(
                        tuple(1, "record 1: the batch contains data points for multiple clients."
                                + " Only client_id 4821 is allowed"),
                        tuple(3, "record 3: the batch contains data points for multiple clients."
                                + " Only client_id 4821 is allowed"));
        assertThat(store.upserts()).isEmpty();
    }

    @Test
    void aRequestOfAnotherClientOnlyIsForbidden() {
        var request = checked(record(OTHER, 1, "{\"id\": 1}"), record(OTHER, 2, "{\"id\": 2}"));

        assertThatThrownBy(() -> service.accept(request, CALLER, DEADLINE))
                .isInstanceOf(ImportService.ForeignClientException.class)
                .hasMessage("Access token is not associated with this client.");
        assertThat(store.upserts()).isEmpty();
    }

    @Test
    void aRequestMixingAnInvalidRecordOfTheCallerWithAForeignOneIsInvalidNotForbidden() {
        var request = checked(
                record(CALLER, 1, "{\"name\": \"no id\"}"),
                record(OTHER, 2, "{\"id\": 2}"));

        var rejected = catchThrowableOfType(ImportService.InvalidRecordsException.class,
                () -> service.accept(request, CALLER, DEADLINE));

        assertThat(rejected).as("the request holds a record of the caller's client: it mixes clients").isNotNull();
        assertThat(rejected.invalid()).extracting(RecordRules.Invalid::reason).containsExactly(
                "record 0: key field \"id\" is missing from data",
                "record 1: the batch contains data points for multiple clients. Only client_id 4821 is allowed");
        assertThat(store.upserts()).isEmpty();
    }

    @Test
    void aRequestOfAnotherClientOnlyIsForbiddenEvenWhenSomeOfItsRecordsAreInvalid() {
        var request = checked(record(OTHER, 1, "{\"id\": 1}"), record(OTHER, 2, "{\"name\": \"no id\"}"));

        assertThatThrownBy(() -> service.accept(request, CALLER, DEADLINE))
                .isInstanceOf(ImportService.ForeignClientException.class);
    }

    @Test
    void invalidRecordsRejectTheWholeRequestWithEveryReasonInIndexOrder() {
        var request = checked(
                record(CALLER, 1, "{\"id\": 1}"),
                record(CALLER, 2, "{\"id\": null}"),
                record(CALLER, 3, "{\"id\": 3}"),
                record(CALLER, 4, "[]"));

        var rejected = catchThrowableOfType(ImportService.InvalidRecordsException.class,
                () -> service.accept(request, CALLER, DEADLINE));

        assertThat(rejected.invalid()).extracting(RecordRules.Invalid::index, RecordRules.Invalid::reason)
                .containsExactly(
                        tuple(1, "record 1: key field \"id\" is null"),
                        tuple(3, "record 3: data must be an object"));
        assertThat(store.upserts()).isEmpty();
    }

    @Test
    void checkingStoresNothing() {
        var valid = service.check(checked(record(CALLER, 1, "{\"id\": 1}"), record(CALLER, 2, "{\"id\": 2}")),
                CALLER);

        assertThat(valid).extracting(ImportRecord::sequence).containsExactly(1L, 2L);
        assertThat(store.upserts()).isEmpty();
    }

    @Test
    void acceptingStoresTheLatestRecordOfEachKeyInOneCall() {
        service.accept(checked(
                record(CALLER, 5, "{\"id\": 1, \"v\": \"five\"}"),
                record(CALLER, 9, "{\"id\": 1, \"v\": \"nine\"}"),
                record(CALLER, 7, "{\"id\": 1, \"v\": \"seven\"}"),
                record(CALLER, 1, "{\"id\": 2, \"v\": \"one\"}")), CALLER, DEADLINE);

        assertThat(store.upserts()).hasSize(1);
        assertThat(store.upserts().getFirst()).extracting(record -> record.data().get("v").asText())
                .containsExactly("nine", "one");
    }

    @Test
    void latestPerKeyKeepsTheHighestSequenceOfEachKey() {
        var latest = ImportService.latestPerKey(List.of(
                importRecord(3, "{\"id\": 1, \"v\": \"a\"}"),
                importRecord(8, "{\"id\": 2, \"v\": \"b\"}"),
                importRecord(10, "{\"id\": 1.0, \"v\": \"c\"}"),
                importRecord(2, "{\"id\": 2, \"v\": \"d\"}"),
                importRecord(4, "{\"id\": \"1\", \"v\": \"e\"}")));

        assertThat(latest).extracting(record -> record.data().get("v").asText()).containsExactly("c", "b", "e");
    }

    @Test
    void latestPerKeyKeepsTheFirstOfEqualSequences() {
        var latest = ImportService.latestPerKey(List.of(
                importRecord(5, "{\"id\": 1, \"v\": \"first\"}"),
                importRecord(5, "{\"id\": 1, \"v\": \"second\"}"),
                importRecord(4, "{\"id\": 1, \"v\": \"older\"}")));

        assertThat(latest).singleElement().satisfies(record -> assertThat(record.data().get("v").asText())
                .isEqualTo("first"));
    }
}
