package com.scaleout.warehouse.streams;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.scaleout.functions.imports.domain.ImportedTable;
import com.scaleout.functions.imports.dynamodb.ImportTableImages;
import com.scaleout.functions.shared.snapstart.PrimingRequests;
import com.scaleout.functions.shared.streams.StreamHandler;
import com.scaleout.warehouse.WarehouseComponents;
import com.scaleout.warehouse.application.WarehouseLoader;
import com.scaleout.warehouse.domain.DeclaredTypes;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * On the ImportTables stream (new and old images): each commit of a change log moves its table's
 * {@code lastPosition}. The batch's commits are gathered per table, and each table is loaded up to the greatest
 * position committed in the batch: one file per table per batch, whatever the number of appends, which is the
 * buffering (records, bytes, seconds) that the event source mapping's batch size and window declare. A table that
 * fails is reported from its first record in the batch, so that Lambda retries it and what follows; tables loaded
 * before it are not redone, and those after it find themselves loaded on the retry.
 */
public final class WarehouseLoaderHandler extends StreamHandler {
    private static final Logger LOG = Logger.getLogger(WarehouseLoaderHandler.class.getName());

    private final WarehouseLoader loader;

    public WarehouseLoaderHandler() {
        this(WarehouseComponents.loaderFromEnvironment());
    }

    WarehouseLoaderHandler(WarehouseLoader loader) {
        super(Optional.empty());
        this.loader = loader;
    }

    /** A batch of one REMOVE, which commits nothing: nothing is read or written. */
    @Override
    protected void warmUp() {
        handleRequest(PrimingRequests.stream("ImportTables", "REMOVE", null, Map.of()), null);
    }

    /**
     * Where one table's commits start in the batch, the greatest position they commit, and the types declared as
     * of the last of them.
     */
    private record Commits(String firstSequenceNumber, long upTo, Map<String, String> declaredTypes) {
    }

    @Override
    protected StreamsEventResponse process(DynamodbEvent event) {
        var byTable = new LinkedHashMap<ImportedTable, Commits>();
        for (var record : event.getRecords()) {
            var images = record.getDynamodb();
            // a claim taken or rolled back, or statistics only, commit nothing
            ImportTableImages.commit(images.getNewImage(), images.getOldImage()).ifPresent(commit -> byTable.merge(
                    commit.table(),
                    new Commits(images.getSequenceNumber(), commit.lastPosition(), commit.declaredTypes()),
                    (first, later) -> new Commits(first.firstSequenceNumber(), Math.max(first.upTo(), later.upTo()),
                            later.declaredTypes())));
        }
        for (var entry : byTable.entrySet()) {
            try {
                loader.load(entry.getKey(), entry.getValue().upTo(),
                        DeclaredTypes.ofJsonTypes(entry.getValue().declaredTypes()));
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, entry.getKey() + " not loaded; reported for retry", e);
                return new StreamsEventResponse(List.of(new StreamsEventResponse.BatchItemFailure(
                        entry.getValue().firstSequenceNumber())));
            }
        }
        return new StreamsEventResponse(List.of());
    }
}
