package com.scaleout.local.streams;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.tests.EventLoader;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.OperationType;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

/**
 * The runtime builds {@code DynamodbEvent}s from SDK records; Lambda deserializes them from JSON. Both must give
 * a handler the same objects: the sample in {@code events/streams/} is loaded the way the Lambda Java runtime
 * loads it and compared with the mapping of the equivalent SDK records.
 */
class StreamRecordMapperTest {
    private static final String ARN = "arn:aws:dynamodb:us-east-1:123456789012:table/Items/stream/"
            + "2026-11-29T23:00:00.000";

    private static Record sdkRecord(String id, OperationType name, long seconds, String sequence, long size,
                                    Map<String, AttributeValue> oldImage, Map<String, AttributeValue> newImage) {
        return Record.builder().eventID(id).eventName(name).eventVersion("1.1").eventSource("aws:dynamodb")
                .awsRegion("us-east-1")
                .dynamodb(d -> d.approximateCreationDateTime(Instant.ofEpochSecond(seconds))
                        .keys(Map.of("pk", AttributeValue.fromS("item-1")))
                        .oldImage(oldImage).newImage(newImage)
                        .sequenceNumber(sequence).sizeBytes(size)
                        .streamViewType(StreamViewType.NEW_AND_OLD_IMAGES))
                .build();
    }

    @Test
    void mapsSdkRecordsToWhatLambdaDeserializesFromTheSameStreamBatch() {
        DynamodbEvent expected = EventLoader.loadDynamoDbEvent("events/streams/items-insert-modify-remove.json");
        var pk = AttributeValue.fromS("item-1");
        var inserted = Map.of("pk", pk, "count", AttributeValue.fromN("1"),
                "tags", AttributeValue.fromSs(List.of("a", "b")),
                "nested", AttributeValue.fromM(Map.of("flag", AttributeValue.fromBool(true),
                        "list", AttributeValue.fromL(List.of(AttributeValue.fromS("x"), AttributeValue.fromN("2"),
                                AttributeValue.fromNul(true))))),
                "blob", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {0, 1, 2})));
        var records = List.of(
                sdkRecord("c4ca4238a0b923820dcc509a6f75849b", OperationType.INSERT, 1795993200L,
                        "1100000000017454423009", 120, null, inserted),
                sdkRecord("c81e728d9d4c2f636f067f89cc14862c", OperationType.MODIFY, 1795993201L,
                        "1100000000017454423010", 60, Map.of("pk", pk, "count", AttributeValue.fromN("1")),
                        Map.of("pk", pk, "count", AttributeValue.fromN("2"))),
                sdkRecord("eccbc87e4b5ce2fe28308fd9f2a7baf3", OperationType.REMOVE, 1795993202L,
                        "1100000000017454423011", 40, Map.of("pk", pk, "count", AttributeValue.fromN("2")), null));

        DynamodbEvent mapped = StreamRecordMapper.event(records, ARN);

        assertThat(mapped.getRecords()).usingRecursiveFieldByFieldElementComparator()
                .isEqualTo(expected.getRecords());
    }
}
