package com.scaleout.functions.imports.dynamodb;

import com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue;
import com.scaleout.functions.imports.domain.ImportedTable;
import java.util.Map;
import java.util.Optional;

/**
 * ImportTables' stream images (new and old, in the Lambda events library's attribute model) as change log commits:
 * an append commits by moving its table's {@code lastPosition} (see {@link DynamoChangeLog}); every other update of
 * the item (a claim taken or rolled back) moves nothing.
 */
public final class ImportTableImages {

    /** The table whose log is committed up to {@code lastPosition}. */
    public record Commit(ImportedTable table, long lastPosition) {
    }

    private ImportTableImages() {
    }

    /** The commit this record reports, if it reports one. */
    public static Optional<Commit> commit(Map<String, AttributeValue> newImage, Map<String, AttributeValue> oldImage) {
        long after = lastPosition(newImage);
        if (after <= lastPosition(oldImage)) {
            return Optional.empty();
        }
        return Optional.of(new Commit(new ImportedTable(
                Long.parseLong(newImage.get(ImportTables.Statistics.CLIENT_ID).getS()),
                newImage.get(ImportTables.Statistics.TABLE).getS()), after));
    }

    private static long lastPosition(Map<String, AttributeValue> image) {
        AttributeValue value = image == null ? null : image.get(ImportTables.Statistics.LAST_POSITION);
        return value == null || value.getN() == null ? 0 : Long.parseLong(value.getN());
    }
}
