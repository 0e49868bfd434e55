package com.scaleout.local.streams;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.scaleout.functions.shared.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import software.amazon.awssdk.services.dynamodb.model.Record;

/**
 * Where a stream batch goes when its retries are exhausted: one JSON line per batch in
 * {@code <data dir>/on-failure/<consumer>.jsonl}, shaped like the invocation record Lambda sends to an on-failure
 * destination ({@code DDBStreamBatchInfo} names the sequence range to re-read), plus the records' ids and keys.
 */
public final class OnFailureDestination {
    private final Path directory;

    public OnFailureDestination(Path directory) {
        this.directory = directory;
    }

    public Path fileFor(String consumerId) {
        return directory.resolve(consumerId + ".jsonl");
    }

    /** Key attributes are strings, numbers or binary; binary is shown base64. */
    private static String keyText(software.amazon.awssdk.services.dynamodb.model.AttributeValue value) {
        if (value.s() != null) {
            return value.s();
        }
        if (value.n() != null) {
            return value.n();
        }
        return value.b() == null ? String.valueOf(value) : java.util.Base64.getEncoder().encodeToString(value.b().asByteArray());
    }

    synchronized void send(String consumerId, String functionName, String streamArn, String shardId,
                           List<Record> batch, int invokeCount, String condition) {
        ObjectNode line = Json.MAPPER.createObjectNode();
        line.put("version", "1.0");
        line.put("timestamp", Instant.now().toString());
        ObjectNode request = line.putObject("requestContext");
        request.put("requestId", UUID.randomUUID().toString());
        request.put("functionArn", "arn:aws:lambda:us-east-1:000000000000:function:" + functionName);
        request.put("condition", condition);
        request.put("approximateInvokeCount", invokeCount);
        ObjectNode info = line.putObject("DDBStreamBatchInfo");
        info.put("shardId", shardId);
        info.put("startSequenceNumber", batch.getFirst().dynamodb().sequenceNumber());
        info.put("endSequenceNumber", batch.getLast().dynamodb().sequenceNumber());
        info.put("batchSize", batch.size());
        info.put("streamArn", streamArn);
        var records = line.putArray("records");
        for (Record record : batch) {
            var item = records.addObject();
            item.put("eventID", record.eventID());
            item.put("eventName", record.eventNameAsString());
            item.put("sequenceNumber", record.dynamodb().sequenceNumber());
            var keys = item.putObject("keys");
            record.dynamodb().keys().forEach((name, value) -> keys.put(name, keyText(value)));
        }
        try {
            Files.createDirectories(directory);
            Files.writeString(fileFor(consumerId), Json.write(line) + "\n", StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the on-failure record for " + consumerId, e);
        }
    }
}
