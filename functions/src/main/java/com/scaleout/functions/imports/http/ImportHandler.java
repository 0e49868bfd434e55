package com.scaleout.functions.imports.http;

import com.scaleout.functions.shared.snapstart.PrimingRequests;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.functions.imports.ImportComponents;
import com.scaleout.functions.imports.application.ChangeLogService;
import com.scaleout.functions.imports.application.ImportKeys;
import com.scaleout.functions.imports.application.ImportService;
import com.scaleout.functions.imports.application.RecordStore;
import com.scaleout.functions.imports.domain.ImportKey;
import com.scaleout.functions.imports.domain.ImportedTable;
import com.scaleout.functions.imports.domain.ImportLimits;
import com.scaleout.functions.imports.domain.MessageSchema;
import com.scaleout.functions.imports.domain.RecordRules;
import com.scaleout.functions.shared.http.ApiHandler;
import com.scaleout.functions.shared.http.ApiRequest;
import com.scaleout.functions.shared.http.BearerToken;
import com.scaleout.functions.shared.http.Caller;
import com.scaleout.functions.shared.http.ErrorBody;
import com.scaleout.functions.shared.http.HttpResponses;
import com.scaleout.functions.shared.redis.RedisLink;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The import API: Stitch's Import API v2 (status, validate, push, batch) and RJMetrics' v2 data route, each
 * with its own status codes and bodies, and the hand-off's reads (tables and their change logs, see
 * {@link ChangeLogRoutes}). The caller's key is checked here rather than by a gateway authorizer
 * (see {@code RouteSpec.HandlerCredential}); checks are cached per environment by {@link ImportKeys}.
 */
public final class ImportHandler extends ApiHandler {
    /** Time kept back from the invocation's deadline to answer after the last write. */
    private static final Duration RESPONSE_MARGIN = Duration.ofMillis(1500);
    private static final Set<String> BATCH_FIELDS = Set.of("table_name", "schema", "messages", "key_names");
    private static final java.util.regex.Pattern RJMETRICS_TABLE = java.util.regex.Pattern.compile("[A-Za-z0-9_]+");
    /** An import key's format (key id, a dot, 43 characters) for a key id no key has. */
    static final String UNKNOWN_IMPORT_TOKEN = "snapstartpriming." + "0".repeat(43);


    public ImportHandler() {
        this(ImportComponents.create());
    }

    private ImportHandler(ImportComponents components) {
        this(components.imports(), components.keys(), components.changeLog(), components.clock(),
                components.redis());
    }

    /** With its services given: for tests and the in-process benchmark ({@code ./scaleout bench import}). */
    public ImportHandler(ImportService imports, ImportKeys keys, ChangeLogService changeLog, Clock clock) {
        this(imports, keys, changeLog, clock, Optional.empty());
    }

    /** @param redis the cache of the keys' marks, closed before a snapshot and reopened after the restore */
    private ImportHandler(ImportService imports, ImportKeys keys, ChangeLogService changeLog, Clock clock,
                          Optional<RedisLink> redis) {
        super(Map.of(
                "GET /v2/import/status", request -> StitchResponses.ok(),
                "POST /v2/import/validate", stitchGuarded(keys, request -> {
                    ImportKey key = stitchCaller(keys, request);
                    stitch(() -> imports.check(pushRecords(request), key.clientId()));
                    return StitchResponses.valid();
                }),
                "POST /v2/import/push", stitchGuarded(keys, request -> {
                    ImportKey key = stitchCaller(keys, request);
                    var records = pushRecords(request);
                    stitch(() -> imports.accept(records, key.clientId(), deadline(request)));
                    return StitchResponses.accepted();
                }),
                "POST /v2/import/batch", stitchGuarded(keys, request -> {
                    ImportKey key = stitchCaller(keys, request);
                    var batch = batchMessages(request, key.clientId());
                    stitch(() -> {
                        // refused batches declare nothing; the types are in place before the records' first commit
                        imports.check(batch.messages(), key.clientId());
                        changeLog.declareTypes(new ImportedTable(key.clientId(), batch.table()),
                                batch.schema().declaredTypes());
                        imports.accept(batch.messages(), key.clientId(), deadline(request));
                    });
                    return StitchResponses.accepted();
                }),
                "GET /v2/import/tables", request -> ChangeLogRoutes.tables(changeLog,
                        stitchCaller(keys, request).clientId(), request),
                "GET /v2/import/tables/{table}/changes", request -> ChangeLogRoutes.changes(changeLog,
                        stitchCaller(keys, request).clientId(), request),
                "POST /v2/client/{cid}/table/{table}/data", Route.guarded(
                        request -> importCaller(rjMetricsCaller(keys, request)),
                        request -> rjMetricsData(imports, keys, clock, request)),
                "GET /v2/client/{cid}/authenticate", request -> {
                    // a key of another client is not valid for this one: 401 like any other invalid key, not 403
                    if (!isOfClient(rjMetricsKey(keys, request), request.pathParameter("cid"))) {
                        throw RjMetricsResponses.notAuthorized();
                    }
                    return HttpResponses.json(200, new RjMetricsResponses.Outcome(200, "authenticated"));
                }), redis);
    }

    /**
     * The status route, and the tables of a key that does not exist (a GetItem, 401). Pushes are not primed: every
     * body past the key check is written.
     */
    @Override
    protected void warmUp() {
        handleRequest(PrimingRequests.http("GET /v2/import/status", Map.of()), null);
        handleRequest(PrimingRequests.http("GET /v2/import/tables", Map.of(), Map.of(),
                Map.of("authorization", "Bearer " + UNKNOWN_IMPORT_TOKEN), null), null);
    }

    private static Instant deadline(ApiRequest request) {
        return request.deadline().minus(RESPONSE_MARGIN);
    }

    /**
     * A Stitch write route behind its import key, checked before anything else (an Idempotency-Key's replay
     * included: a revoked key reaches none of its stored answers). The route looks the key up again, from the
     * environment's key cache.
     */
    private static Route stitchGuarded(ImportKeys keys, Route route) {
        return Route.guarded(request -> importCaller(stitchCaller(keys, request)), route);
    }

    private static Caller importCaller(ImportKey key) {
        return Caller.byId("import-key", key.keyId());
    }

    private static ImportKey stitchCaller(ImportKeys keys, ApiRequest request) {
        return bearerToken(request).flatMap(keys::authenticate).orElseThrow(StitchResponses::notAuthorized);
    }

    /** The caller's key, which must be the path's client's (403 otherwise). */
    private static ImportKey rjMetricsCaller(ImportKeys keys, ApiRequest request) {
        ImportKey key = rjMetricsKey(keys, request);
        String cid = request.pathParameter("cid");
        if (!isOfClient(key, cid)) {
            throw RjMetricsResponses.error(403, "This API key does not belong to client " + cid, List.of());
        }
        return key;
    }

    /** RJMetrics' clients send the key as {@code ?apikey=}; a Bearer header works too. */
    private static ImportKey rjMetricsKey(ImportKeys keys, ApiRequest request) {
        return bearerToken(request).or(() -> request.query("apikey"))
                .flatMap(keys::authenticate).orElseThrow(RjMetricsResponses::notAuthorized);
    }

    private static boolean isOfClient(ImportKey key, String cid) {
        return cid.matches("[1-9][0-9]{0,17}") && Long.parseLong(cid) == key.clientId();
    }

    private static Optional<String> bearerToken(ApiRequest request) {
        return BearerToken.of(request.header("authorization"));
    }

    private static List<RecordRules.Checked> pushRecords(ApiRequest request) {
        var format = RequestBodies.format(request, true);
        var records = RequestBodies.array(request.bodyBytes(), format, RecordRules::pushRecord);
        if (records.isEmpty()) {
            throw StitchResponses.error(400, "An array of 1 to " + ImportLimits.MAX_RECORDS + " records is expected");
        }
        return records;
    }

    /** The batch format: one table, its JSON Schema, and messages checked against it. */
    /** A batch's table, its schema, and its messages checked against both. */
    private record Batch(String table, MessageSchema schema, List<RecordRules.Checked> messages) {
    }

    private static Batch batchMessages(ApiRequest request, long clientId) {
        JsonNode body = RequestBodies.tree(request.bodyBytes(), RequestBodies.format(request, false));
        if (!body.isObject()) {
            throw batchInvalid("#: expected type: JSONObject, found: " + body.getNodeType());
        }
        body.fieldNames().forEachRemaining(field -> {
            if (!BATCH_FIELDS.contains(field)) {
                throw batchInvalid("#: extraneous key [" + field + "] is not permitted");
            }
        });
        for (String required : List.of("table_name", "schema", "messages")) {
            if (!body.has(required)) {
                throw batchInvalid("#: required key [" + required + "] not found");
            }
        }
        String table;
        List<String> keyNames;
        MessageSchema schema;
        try {
            table = RecordRules.tableName(body.get("table_name"));
            keyNames = body.has("key_names") ? RecordRules.keyNames(body.get("key_names"), true) : List.of();
            schema = MessageSchema.compile(body.get("schema"));
        } catch (RecordRules.Reason reason) {
            throw batchInvalid("#: " + reason.getMessage());
        }
        JsonNode messages = body.get("messages");
        if (!messages.isArray() || messages.isEmpty() || messages.size() > ImportLimits.MAX_RECORDS) {
            throw batchInvalid("#/messages: expected an array of 1 to " + ImportLimits.MAX_RECORDS + " messages");
        }
        var checked = new ArrayList<RecordRules.Checked>(messages.size());
        for (int i = 0; i < messages.size(); i++) {
            var outcome = RecordRules.batchMessage(i, messages.get(i), clientId, table, keyNames);
            if (outcome instanceof RecordRules.Valid valid) {
                int index = i;
                outcome = schema.violation(valid.record().data())
                        .<RecordRules.Checked>map(violation -> new RecordRules.Invalid(index,
                                "message " + index + ": did not conform to schema: " + violation))
                        .orElse(outcome);
            }
            checked.add(outcome);
        }
        return new Batch(table, schema, checked);
    }

    private static com.scaleout.functions.shared.http.ApiException batchInvalid(String detail) {
        return StitchResponses.error(400, "Request failed validation:" + detail);
    }

    /** Runs the service, mapping its refusals to Stitch's answers. */
    private static void stitch(Runnable work) {
        try {
            work.run();
        } catch (ImportService.ForeignClientException e) {
            throw StitchResponses.forbidden(e.getMessage());
        } catch (ImportService.InvalidRecordsException e) {
            throw StitchResponses.invalidRecords(e.invalid().stream()
                    .map(invalid -> new StitchResponses.RecordError(invalid.index(), invalid.reason())).toList());
        } catch (RecordStore.StoreBusyException e) {
            throw StitchResponses.busy();
        }
    }

    private static APIGatewayV2HTTPResponse rjMetricsData(ImportService imports, ImportKeys keys, Clock clock,
                                                          ApiRequest request) {
        ImportKey key = rjMetricsCaller(keys, request);
        String table = request.pathParameter("table");
        if (!RJMETRICS_TABLE.matcher(table).matches() || ImportLimits.length(table) > ImportLimits.MAX_TABLE_NAME_LENGTH) {
            throw RjMetricsResponses.error(400, "Invalid table name", List.of("table names are 1 to "
                    + ImportLimits.MAX_TABLE_NAME_LENGTH + " letters, digits and underscores"));
        }
        String contentType = request.header("content-type");
        if (contentType != null && !contentType.split(";", 2)[0].strip().equalsIgnoreCase("application/json")) {
            throw RjMetricsResponses.error(415, "Content-Type must be application/json", List.of());
        }
        JsonNode body;
        try {
            body = RequestBodies.tree(request.bodyBytes(), RequestBodies.Format.JSON);
        } catch (com.scaleout.functions.shared.http.ApiException malformed) {
            throw RjMetricsResponses.error(400, "Malformed JSON in the body", StitchResponses.detail(malformed).stream()
                    .toList());
        }
        List<JsonNode> points = new ArrayList<>();
        if (body.isArray()) {
            body.forEach(points::add);
        } else {
            points.add(body);
        }
        if (points.isEmpty() || points.size() > ImportLimits.MAX_RJMETRICS_POINTS) {
            throw RjMetricsResponses.error(400, "Send one data point or an array of 1 to "
                    + ImportLimits.MAX_RJMETRICS_POINTS, List.of());
        }
        // arrival time is the sequence (nanosecond scale, from a microsecond clock): a later request wins, and
        // within one request a later point, as RJMetrics replaced a point by the next with the same keys
        long arrival = ChronoUnit.MICROS.between(Instant.EPOCH, clock.instant()) * 1000;
        var checked = new ArrayList<RecordRules.Checked>(points.size());
        for (int i = 0; i < points.size(); i++) {
            checked.add(RecordRules.rjMetricsPoint(i, points.get(i), key.clientId(), table, arrival + i));
        }
        try {
            imports.accept(checked, key.clientId(), deadline(request));
        } catch (ImportService.InvalidRecordsException e) {
            throw RjMetricsResponses.error(400, "Invalid data points",
                    e.invalid().stream().map(RecordRules.Invalid::reason).toList());
        } catch (RecordStore.StoreBusyException e) {
            throw RjMetricsResponses.error(503, "Service busy: retry the request", List.of());
        }
        return HttpResponses.json(201, new RjMetricsResponses.Outcome(201, "created"));
    }

    @Override
    protected APIGatewayV2HTTPResponse error(int status, String message, List<ErrorBody.FieldError> errors,
                                             String requestId) {
        return HttpResponses.json(status, new StitchResponses.Error("ERROR", message, null, errors));
    }
}
