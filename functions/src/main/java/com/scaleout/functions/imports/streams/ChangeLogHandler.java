package com.scaleout.functions.imports.streams;

import com.scaleout.functions.shared.snapstart.PrimingRequests;
import java.util.Map;
import java.util.Optional;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.scaleout.functions.shared.streams.StreamHandler;
import com.scaleout.functions.imports.ImportComponents;
import com.scaleout.functions.imports.application.ChangeLogService;
import com.scaleout.functions.imports.domain.AppliedChange;
import com.scaleout.functions.imports.dynamodb.ImportRecordImages;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * On the ImportRecords stream: every INSERT (a new key) and MODIFY (a newer sequence) is an applied change, and
 * goes into its table's change log. The batch is appended per table rather than record by record; the first record
 * not logged is reported, so that Lambda retries from it, and the records before it (logged, or REMOVEs, which
 * only an admin reset makes and which change no log) are not redone. Records after it that were logged are
 * recognised on the retry and skipped.
 */
public final class ChangeLogHandler extends StreamHandler {
    private static final Logger LOG = Logger.getLogger(ChangeLogHandler.class.getName());

    private final ChangeLogService changeLog;

    public ChangeLogHandler() {
        this(ImportComponents.changeLogFromEnvironment());
    }

    /** Without the cache: the change log writes DynamoDB only, so it runs outside the cache's VPC. */
    ChangeLogHandler(ChangeLogService changeLog) {
        super(Optional.empty());
        this.changeLog = changeLog;
    }

    /**
     * A batch of one REMOVE (which logs nothing) and the tables of client 0 (client ids are positive: a query that
     * finds nothing). Nothing is written.
     */
    @Override
    protected void warmUp() {
        handleRequest(PrimingRequests.stream("ImportRecords", "REMOVE", null, Map.of()), null);
        changeLog.tables(0, 1, Optional.empty());
    }

    @Override
    protected StreamsEventResponse process(DynamodbEvent event) {
        var changes = new ArrayList<AppliedChange>();
        var streamSequences = new ArrayList<String>();
        String unreadable = null;
        for (var record : event.getRecords()) {
            String eventName = record.getEventName();
            if (!"INSERT".equals(eventName) && !"MODIFY".equals(eventName)) {
                continue;
            }
            String sequenceNumber = record.getDynamodb().getSequenceNumber();
            try {
                var created = record.getDynamodb().getApproximateCreationDateTime();
                changes.add(ImportRecordImages.appliedChange(record.getDynamodb().getNewImage(),
                        "INSERT".equals(eventName), created == null ? null : created.toInstant()));
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "record " + sequenceNumber + " is not an import record; reported for retry", e);
                unreadable = sequenceNumber;
                break;
            }
            streamSequences.add(sequenceNumber);
        }
        OptionalInt notLogged = changeLog.record(changes);
        String failedFrom = notLogged.isPresent() ? streamSequences.get(notLogged.getAsInt()) : unreadable;
        if (failedFrom == null) {
            return new StreamsEventResponse(List.of());
        }
        LOG.warning(() -> "records from " + failedFrom + " are not logged yet; reported for retry");
        return new StreamsEventResponse(List.of(new StreamsEventResponse.BatchItemFailure(failedFrom)));
    }
}
