package com.scaleout.local.streams;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.OperationType;
import software.amazon.awssdk.services.dynamodb.model.Record;

/**
 * Removes the records moto's stream has and DynamoDB's does not, so handlers see what they would see in AWS:
 * <ul>
 *   <li>an UpdateItem that creates an item emits a keys-only INSERT and then the real INSERT: the first is
 *       dropped when a later INSERT of the same keys follows (with no REMOVE in between);</li>
 *   <li>rewriting an item with identical attributes emits a MODIFY; DynamoDB writes no record when nothing
 *       changed, so a MODIFY whose old and new images are equal is dropped.</li>
 * </ul>
 */
final class MotoStreamQuirks {

    private MotoStreamQuirks() {
    }

    /** True when DynamoDB would not have emitted {@code records.get(index)}; later records are the lookahead. */
    static boolean isArtifact(List<Record> records, int index) {
        Record record = records.get(index);
        return isUnchangedModify(record) || isPlaceholderInsert(records, index);
    }

    private static boolean isUnchangedModify(Record record) {
        var data = record.dynamodb();
        return record.eventName() == OperationType.MODIFY && data.hasOldImage() && data.hasNewImage()
                && Objects.equals(data.oldImage(), data.newImage());
    }

    /** A keys-only INSERT: the placeholder of an update that creates an item, unless no INSERT of its keys follows. */
    static boolean mayBePlaceholder(Record record) {
        var data = record.dynamodb();
        return record.eventName() == OperationType.INSERT && data.hasNewImage() && data.newImage().equals(data.keys());
    }

    private static boolean isPlaceholderInsert(List<Record> records, int index) {
        Record record = records.get(index);
        var data = record.dynamodb();
        if (!mayBePlaceholder(record)) {
            return false;
        }
        Map<String, AttributeValue> keys = data.keys();
        for (Record later : records.subList(index + 1, records.size())) {
            if (!later.dynamodb().keys().equals(keys)) {
                continue;
            }
            return later.eventName() == OperationType.INSERT;
        }
        return false;
    }

    /** The records of {@code window} a handler should see. */
    static List<Record> withoutArtifacts(List<Record> window) {
        var kept = new ArrayList<Record>();
        for (int i = 0; i < window.size(); i++) {
            if (!isArtifact(window, i)) {
                kept.add(window.get(i));
            }
        }
        return kept;
    }
}
