package com.scaleout.functions.imports.dynamodb;

import com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue;
import com.scaleout.functions.imports.domain.AppliedChange;
import com.scaleout.functions.imports.domain.ImportedTable;
import java.time.Instant;
import java.util.Map;

/** ImportRecords' stream images (NEW_IMAGE, in the Lambda events library's attribute model) as applied changes. */
public final class ImportRecordImages {

    private ImportRecordImages() {
    }

    /**
     * The change an INSERT ({@code newKey}) or MODIFY record reports. Throws {@link IllegalArgumentException} when
     * the image lacks an attribute the record store always writes. {@code receivedAt}: when the store wrote it (the
     * stream record's creation time), or null.
     */
    public static AppliedChange appliedChange(Map<String, AttributeValue> newImage, boolean newKey,
                                              Instant receivedAt) {
        if (newImage == null) {
            throw new IllegalArgumentException("the stream record has no new image");
        }
        var table = new ImportedTable(Long.parseLong(number(newImage, ImportTables.Record.CLIENT_ID)),
                string(newImage, ImportTables.Record.TABLE));
        return new AppliedChange(table, string(newImage, ImportTables.Record.ID),
                Long.parseLong(number(newImage, ImportTables.Record.SEQUENCE)), newKey,
                string(newImage, ImportTables.Record.KEY), string(newImage, ImportTables.Record.DATA), receivedAt);
    }

    private static String string(Map<String, AttributeValue> image, String name) {
        AttributeValue value = image.get(name);
        if (value == null || value.getS() == null) {
            throw new IllegalArgumentException("the new image has no string " + name);
        }
        return value.getS();
    }

    private static String number(Map<String, AttributeValue> image, String name) {
        AttributeValue value = image.get(name);
        if (value == null || value.getN() == null) {
            throw new IllegalArgumentException("the new image has no number " + name);
        }
        return value.getN();
    }
}
