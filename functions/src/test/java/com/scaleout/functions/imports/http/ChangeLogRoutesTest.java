package com.scaleout.functions.imports.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.amazonaws.services.lambda.runtime.tests.annotations.Event;
import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.functions.imports.application.ChangeLogService;
import com.scaleout.functions.imports.application.ImportKeys;
import com.scaleout.functions.imports.application.ImportService;
import com.scaleout.functions.imports.domain.AppliedChange;
import com.scaleout.functions.imports.domain.ImportKey;
import com.scaleout.functions.imports.domain.ImportTokens;
import com.scaleout.functions.imports.domain.ImportedTable;
import com.scaleout.functions.imports.fakes.InMemoryChangeLog;
import com.scaleout.functions.imports.fakes.InMemoryImportKeyStore;
import com.scaleout.functions.shared.json.Json;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;

/** The tables and changes routes on the samples of events/imports/. */
class ChangeLogRoutesTest {
    /** The token of the samples, client 42's. */
    private static final String TOKEN = "cl42ImportKey001.Zq8vN2xR9sT4wY6zB8cD1fG3hJ5mP0qL2nV4bX6aZ8e";
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-29T23:00:00Z"), ZoneOffset.UTC);

    private final InMemoryChangeLog log = new InMemoryChangeLog();
    private final ImportHandler handler;

    ChangeLogRoutesTest() {
        var keys = new InMemoryImportKeyStore();
        keys.create(new ImportKey(ImportTokens.keyIdOf(TOKEN).orElseThrow(), 42, "replicator",
                ImportTokens.hash(TOKEN), CLOCK.instant(), Optional.empty()));
        var changeLog = new ChangeLogService(log);
        var orders = new ImportedTable(42, "orders");
        changeLog.record(List.of(
                new AppliedChange(orders, "order-1", 100, true, "{\"id\":1}", "{\"id\":1,\"total\":12.50}"),
                new AppliedChange(orders, "order-2", 101, true, "{\"id\":2}", "{\"id\":2,\"total\":7}"),
                new AppliedChange(orders, "order-1", 120, false, "{\"id\":1}", "{\"id\":1,\"total\":\"due\"}"),
                new AppliedChange(new ImportedTable(42, "customers"), "customer-1", 5, true,
                        "{\"email\":\"ada@example.com\"}", "{\"email\":\"ada@example.com\"}"),
                new AppliedChange(new ImportedTable(7, "invoices"), "invoice-1", 1, true, "{\"n\":1}", "{\"n\":1}")));
        handler = new ImportHandler(new ImportService((records, deadline) -> {
            throw new AssertionError("these routes store no records");
        }), new ImportKeys(keys, CLOCK, Duration.ofHours(1)), changeLog, CLOCK);
    }

    private static JsonNode json(APIGatewayV2HTTPResponse response) throws Exception {
        return Json.MAPPER.readTree(response.getBody());
    }

    @ParameterizedTest
    @Event(value = "events/imports/get-import-tables.json", type = APIGatewayV2HTTPEvent.class)
    void listsTheCallersTablesByNameWithTheirStatisticsPageByPage(APIGatewayV2HTTPEvent event) throws Exception {
        var first = handler.handleRequest(event, null);

        assertThat(first.getStatusCode()).isEqualTo(200);
        JsonNode page = json(first);
        assertThat(page.get("items")).hasSize(1);
        JsonNode customers = page.get("items").get(0);
        assertThat(customers.get("name").asText()).isEqualTo("customers");
        assertThat(customers.get("rows").asLong()).isEqualTo(1);
        assertThat(customers.get("lastSequence").asLong()).isEqualTo(5);
        assertThat(customers.get("columns")).isEqualTo(Json.MAPPER.valueToTree(Map.of("email", "string")));
        assertThat(page.get("next").isTextual()).isTrue();

        event.setQueryStringParameters(Map.of("limit", "1", "cursor", page.get("next").asText()));
        JsonNode second = json(handler.handleRequest(event, null));

        assertThat(second.get("items")).hasSize(1);
        JsonNode orders = second.get("items").get(0);
        assertThat(orders.get("name").asText()).isEqualTo("orders");
        assertThat(orders.get("rows").asLong()).isEqualTo(2);
        assertThat(orders.get("lastSequence").asLong()).isEqualTo(120);
        assertThat(orders.get("lastPosition").asLong()).isEqualTo(3);
        assertThat(orders.get("columns")).isEqualTo(Json.MAPPER.valueToTree(
                Map.of("id", "integer", "total", "integer|number|string")));
        assertThat(orders.get("columnsTruncated").asBoolean()).isFalse();
        assertThat(second.get("next").isNull()).isTrue();
    }

    @ParameterizedTest
    @Event(value = "events/imports/get-import-table-changes.json", type = APIGatewayV2HTTPEvent.class)
    void pagesThroughATablesChangesAfterAPositionWithKeyAndDataAsSent(APIGatewayV2HTTPEvent event)
            throws Exception {
        var response = handler.handleRequest(event, null);

        assertThat(response.getStatusCode()).isEqualTo(200);
        JsonNode page = json(response);
        assertThat(page.get("items")).extracting(item -> item.get("position").asLong()).containsExactly(2L, 3L);
        JsonNode second = page.get("items").get(0);
        assertThat(second.get("sequence").asLong()).isEqualTo(101);
        assertThat(second.get("key")).isEqualTo(Json.MAPPER.readTree("{\"id\":2}"));
        assertThat(second.get("data")).isEqualTo(Json.MAPPER.readTree("{\"id\":2,\"total\":7}"));
        assertThat(page.get("next").asText()).isEqualTo("3");

        event.setQueryStringParameters(Map.of("after", "0", "limit", "1"));
        String firstPage = handler.handleRequest(event, null).getBody();
        assertThat(firstPage).contains("\"data\":{\"id\":1,\"total\":12.50}"); // the decimal as the client sent it
    }

    @ParameterizedTest
    @Event(value = "events/imports/get-import-table-changes-unknown-table.json", type = APIGatewayV2HTTPEvent.class)
    void aTableWithNothingLoggedHasAnEmptyLog(APIGatewayV2HTTPEvent event) throws Exception {
        var response = handler.handleRequest(event, null);

        assertThat(response.getStatusCode()).isEqualTo(200);
        assertThat(json(response)).isEqualTo(Json.MAPPER.readTree("{\"items\":[],\"next\":null}"));
    }

    /** A table name is counted in code points at push, so the log of a table of 255 emoji can be read too. */
    @ParameterizedTest
    @Event(value = "events/imports/get-import-table-changes-unknown-table.json", type = APIGatewayV2HTTPEvent.class)
    void aTableNameIsCountedInCodePoints(APIGatewayV2HTTPEvent event) throws Exception {
        event.getPathParameters().put("table", "\uD83D\uDE80".repeat(255));
        assertThat(handler.handleRequest(event, null).getStatusCode()).isEqualTo(200);

        event.getPathParameters().put("table", "\uD83D\uDE80".repeat(256));
        assertBadField(handler.handleRequest(event, null), "table");
    }

    @ParameterizedTest
    @Event(value = "events/imports/get-import-tables-no-token.json", type = APIGatewayV2HTTPEvent.class)
    void withoutATokenIs401InStitchsWords(APIGatewayV2HTTPEvent event) throws Exception {
        var response = handler.handleRequest(event, null);

        assertThat(response.getStatusCode()).isEqualTo(401);
        assertThat(json(response).get("message").asText()).isEqualTo("Not Authorized");
    }

    @ParameterizedTest
    @Event(value = "events/imports/get-import-tables-bad-cursor.json", type = APIGatewayV2HTTPEvent.class)
    void aMalformedCursorIs400(APIGatewayV2HTTPEvent event) throws Exception {
        assertBadField(handler.handleRequest(event, null), "cursor");
    }

    @ParameterizedTest
    @Event(value = "events/imports/get-import-table-changes-bad-after.json", type = APIGatewayV2HTTPEvent.class)
    void aNegativeAfterIs400(APIGatewayV2HTTPEvent event) throws Exception {
        assertBadField(handler.handleRequest(event, null), "after");

        event.setQueryStringParameters(Map.of("after", "99999999999999999999"));
        assertBadField(handler.handleRequest(event, null), "after");
        event.setQueryStringParameters(Map.of("after", "3x"));
        assertBadField(handler.handleRequest(event, null), "after");
    }

    @ParameterizedTest
    @Event(value = "events/imports/get-import-table-changes-bad-limit.json", type = APIGatewayV2HTTPEvent.class)
    void aLimitOver1000Is400(APIGatewayV2HTTPEvent event) throws Exception {
        assertBadField(handler.handleRequest(event, null), "limit");

        event.setQueryStringParameters(Map.of("limit", "0"));
        assertBadField(handler.handleRequest(event, null), "limit");
        event.setQueryStringParameters(Map.of("limit", "\u0663"));
        assertBadField(handler.handleRequest(event, null), "limit");
    }

    private static void assertBadField(APIGatewayV2HTTPResponse response, String field) throws Exception {
        assertThat(response.getStatusCode()).isEqualTo(400);
        JsonNode body = json(response);
        assertThat(body.get("status").asText()).isEqualTo("ERROR");
        assertThat(body.get("errors").get(0).get("field").asText()).isEqualTo(field);
    }
}
