package com.scaleout.local.backends;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.functions.shared.json.Json;
import java.io.IOException;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Which of two moto processes serves a request, when some tables are served apart ({@link #apart}): moto runs on
 * one core, and tables that never meet another in a transaction or a batch can be served by a second process on
 * the other core. A request goes where the tables it names are: {@code TableName}, the tables of
 * {@code RequestItems} or {@code TransactItems}, or the table in a {@code ResourceArn}. Everything else (streams,
 * S3, a request naming no table) goes to the main process; ListTables and moto's reset concern both. A request
 * naming tables of both is refused: DynamoDB would apply it atomically, two processes cannot.
 */
final class MotoRoutes {
    private static final String RESET_PATH = "/moto-api/reset";

    /** Where a request goes. */
    enum Route { MAIN, APART, BOTH_LIST_TABLES, BOTH_RESET }

    /** A request naming tables served by both processes. */
    static final class MixedTables extends Exception {
        MixedTables(Set<String> tables) {
            super("one request names tables the local stack serves from different moto processes: " + tables
                    + "; DynamoDB applies it atomically, so they must be served together (see MotoRoutes)");
        }
    }

    private final Set<String> apart;

    MotoRoutes(Set<String> apart) {
        this.apart = Set.copyOf(apart);
    }

    /** {@code amzTarget}: the X-Amz-Target header (null for S3 and moto's own API). */
    Route of(String amzTarget, String path, byte[] body) throws MixedTables {
        if (amzTarget == null) {
            return path != null && path.startsWith(RESET_PATH) ? Route.BOTH_RESET : Route.MAIN;
        }
        if (apart.isEmpty() || !amzTarget.startsWith("DynamoDB_")) {
            return Route.MAIN; // DynamoDB Streams: the tables served apart have none
        }
        if (amzTarget.endsWith(".ListTables")) {
            return Route.BOTH_LIST_TABLES;
        }
        var tables = tablesNamed(body);
        boolean anyApart = tables.stream().anyMatch(apart::contains);
        if (!anyApart) {
            return Route.MAIN;
        }
        if (!apart.containsAll(tables)) {
            throw new MixedTables(tables);
        }
        return Route.APART;
    }

    static Set<String> tablesNamed(byte[] body) {
        var tables = new LinkedHashSet<String>();
        JsonNode request;
        try {
            request = body.length == 0 ? null : Json.MAPPER.readTree(body);
        } catch (IOException e) {
            return tables; // moto answers a body that is not JSON itself
        }
        if (request == null || !request.isObject()) {
            return tables;
        }
        addText(tables, request.get("TableName"));
        if (request.path("RequestItems").isObject()) {
            request.get("RequestItems").fieldNames().forEachRemaining(tables::add);
        }
        for (JsonNode item : request.path("TransactItems")) {
            item.elements().forEachRemaining(action -> addText(tables, action.get("TableName")));
        }
        String arn = request.path("ResourceArn").asText("");
        int table = arn.indexOf(":table/");
        if (table >= 0) {
            String rest = arn.substring(table + ":table/".length());
            tables.add(rest.contains("/") ? rest.substring(0, rest.indexOf('/')) : rest);
        }
        return tables;
    }

    private static void addText(Set<String> tables, JsonNode name) {
        if (name != null && name.isTextual()) {
            tables.add(name.asText());
        }
    }
}
