package com.scaleout.local.streams;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamRecord;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.Record;

/**
 * Records read with the AWS SDK v2 Streams client, turned into the {@link DynamodbEvent} records Lambda's event
 * source mapping hands a stream handler (the events library has its own attribute value model).
 */
public final class StreamRecordMapper {

    private StreamRecordMapper() {
    }

    public static DynamodbEvent event(List<Record> records, String streamArn) {
        var event = new DynamodbEvent();
        event.setRecords(records.stream().map(r -> record(r, streamArn)).toList());
        return event;
    }

    static DynamodbEvent.DynamodbStreamRecord record(Record source, String streamArn) {
        var target = new DynamodbEvent.DynamodbStreamRecord();
        target.setEventSourceARN(streamArn);
        target.setEventID(source.eventID());
        target.setEventName(source.eventNameAsString());
        target.setEventVersion(source.eventVersion());
        target.setEventSource(source.eventSource());
        target.setAwsRegion(source.awsRegion());
        var data = source.dynamodb();
        var stream = new StreamRecord();
        if (data.approximateCreationDateTime() != null) {
            stream.setApproximateCreationDateTime(Date.from(data.approximateCreationDateTime()));
        }
        stream.setKeys(image(data.keys()));
        stream.setNewImage(data.hasNewImage() ? image(data.newImage()) : null);
        stream.setOldImage(data.hasOldImage() ? image(data.oldImage()) : null);
        stream.setSequenceNumber(data.sequenceNumber());
        stream.setSizeBytes(data.sizeBytes());
        if (data.streamViewTypeAsString() != null) {
            stream.setStreamViewType(com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamViewType
                    .fromValue(data.streamViewTypeAsString()));
        }
        target.setDynamodb(stream);
        return target;
    }

    static Map<String, AttributeValue> image(Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> source) {
        if (source == null) {
            return null;
        }
        var image = new LinkedHashMap<String, AttributeValue>();
        source.forEach((name, value) -> image.put(name, value(value)));
        return image;
    }

    static AttributeValue value(software.amazon.awssdk.services.dynamodb.model.AttributeValue source) {
        var value = new AttributeValue();
        switch (source.type()) {
            case S -> value.setS(source.s());
            case N -> value.setN(source.n());
            case B -> value.setB(source.b().asByteBuffer());
            case SS -> value.setSS(source.ss());
            case NS -> value.setNS(source.ns());
            case BS -> value.setBS(source.bs().stream().map(b -> b.asByteBuffer()).toList());
            case M -> value.setM(image(source.m()));
            case L -> value.setL(source.l().stream().map(StreamRecordMapper::value).toList());
            case BOOL -> value.setBOOL(source.bool());
            case NUL -> value.setNULL(true);
            default -> throw new IllegalArgumentException("unknown attribute type " + source.type());
        }
        return value;
    }
}
