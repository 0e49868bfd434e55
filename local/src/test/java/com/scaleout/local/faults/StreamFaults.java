package com.scaleout.local.faults;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.FunctionSpec;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.declaration.StreamConsumerSpec;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.local.LocalRuntime;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/** What the stream fault tests share: the production declaration with one change, and the on-failure records. */
final class StreamFaults {
    /** The Tweets table's three consumers, whose effects the tests look for. */
    static final List<String> TWEET_CONSUMERS = List.of(ScaleoutDeclaration.TWEET_INDEXER,
            ScaleoutDeclaration.SEARCH_INDEXER, ScaleoutDeclaration.SOCIAL_FANOUT);

    private StreamFaults() {
    }

    /** The production declaration with the Tweets table's consumers changed by {@code change}. */
    static Declaration withTweetConsumers(UnaryOperator<StreamConsumerSpec> change) {
        return withConsumersOf(List.of("Tweets"), UnaryOperator.identity(), change);
    }

    /**
     * The production declaration with the consumers of {@code tables} changed by {@code consumerChange}, and their
     * functions by {@code functionChange}.
     */
    static Declaration withConsumersOf(List<String> tables, UnaryOperator<FunctionSpec> functionChange,
                                       UnaryOperator<StreamConsumerSpec> consumerChange) {
        Declaration production = ScaleoutDeclaration.declaration();
        Set<String> changedFunctions = production.streamConsumers().stream()
                .filter(c -> tables.contains(c.table())).map(StreamConsumerSpec::function).collect(Collectors.toSet());
        var functions = production.functions().stream()
                .map(f -> changedFunctions.contains(f.name()) ? functionChange.apply(f) : f).toList();
        var consumers = production.streamConsumers().stream()
                .map(c -> tables.contains(c.table()) ? consumerChange.apply(c) : c).toList();
        return new Declaration(production.tables(), production.buckets(), functions,
                production.authorizers(), production.routes(), production.routeThrottles(), consumers,
                production.webSocketApis());
    }

    static String consumerId(String function) {
        return "Tweets-" + function;
    }

    /** The on-failure records the runtime wrote for a consumer (none yet: empty). */
    static List<JsonNode> onFailureRecords(LocalRuntime runtime, String consumerId) {
        Path file = runtime.onFailure().fileFor(consumerId);
        var records = new ArrayList<JsonNode>();
        try {
            if (Files.exists(file)) {
                for (String line : Files.readAllLines(file)) {
                    records.add(Json.MAPPER.readTree(line));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return records;
    }
}
