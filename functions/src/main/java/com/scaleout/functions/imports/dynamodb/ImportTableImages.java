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

    /**
     * The table whose log is committed up to {@code lastPosition}, with the field types its latest batch schema
     * declares (JSON Schema's names; empty when none was declared).
     */
    public record Commit(ImportedTable table, long lastPosition, Map<String, String> declaredTypes) {
        public Commit {
            declaredTypes = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(declaredTypes));
        }
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
                newImage.get(ImportTables.Statistics.TABLE).getS()), after, declaredTypes(newImage)));
    }

    private static Map<String, String> declaredTypes(Map<String, AttributeValue> image) {
        AttributeValue declared = image.get(ImportTables.Statistics.DECLARED_TYPES);
        if (declared == null || declared.getM() == null) {
            return Map.of();
        }
        var types = new java.util.TreeMap<String, String>(); // a map attribute keeps no order: name order, always
        declared.getM().forEach((field, type) -> {
            if (type.getS() != null) {
                types.put(field, type.getS());
            }
        });
        return types;
    }

    private static long lastPosition(Map<String, AttributeValue> image) {
        AttributeValue value = image == null ? null : image.get(ImportTables.Statistics.LAST_POSITION);
        return value == null || value.getN() == null ? 0 : Long.parseLong(value.getN());
    }
}
