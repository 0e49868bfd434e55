package com.scaleout.functions.imports.application;

import com.scaleout.declaration.OperatorMetricNames;
import com.scaleout.functions.imports.domain.ImportRecord;
import com.scaleout.functions.imports.domain.RecordRules;
import com.scaleout.functions.shared.metrics.OperatorMetrics;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Accepts checked records for a caller: all or nothing. A request with a record of another client is forbidden;
 * one with any invalid record is rejected whole, with every reason; otherwise every record is stored before
 * the call returns (or the store's busy error says to retry, which converges).
 */
public final class ImportService {
    private final RecordStore store;

    public ImportService(RecordStore store) {
        this.store = store;
    }

    /** Records of a client other than the caller's. */
    public static final class ForeignClientException extends RuntimeException {
        public ForeignClientException(String message) {
            super(message, null, false, false);
        }
    }

    /** Records that broke the rules: one reason per bad record. */
    public static final class InvalidRecordsException extends RuntimeException {
        private final List<RecordRules.Invalid> invalid;

        public InvalidRecordsException(List<RecordRules.Invalid> invalid) {
            super(invalid.size() + " invalid records", null, false, false);
            this.invalid = List.copyOf(invalid);
        }

        /** In index order. */
        public List<RecordRules.Invalid> invalid() {
            return invalid;
        }
    }

    /**
     * Checks without storing anything ({@code validate}). Records of another client: if none is the caller's,
     * the key is simply not this client's (403); if some are (valid or not), the request mixes clients and each
     * valid foreign record is invalid (Stitch's rule).
     */
    public List<ImportRecord> check(List<RecordRules.Checked> checked, long callerClientId) {
        var valid = new java.util.ArrayList<ImportRecord>(checked.size());
        var reasons = new java.util.ArrayList<RecordRules.Invalid>();
        boolean callers = false;
        boolean foreign = false;
        for (var outcome : checked) {
            switch (outcome) {
                case RecordRules.Valid v when v.record().clientId() != callerClientId -> {
                    foreign = true;
                    reasons.add(new RecordRules.Invalid(v.index(), "record " + v.index() + ": the batch contains"
                            + " data points for multiple clients. Only client_id " + callerClientId + " is allowed"));
                }
                case RecordRules.Valid v -> {
                    callers = true;
                    valid.add(v.record());
                }
                case RecordRules.Invalid invalid -> {
                    reasons.add(invalid);
                    if (invalid.clientId().isPresent()) {
                        boolean own = invalid.clientId().getAsLong() == callerClientId;
                        callers |= own;
                        foreign |= !own;
                    }
                }
            }
        }
        if (foreign && !callers) {
            throw new ForeignClientException("Access token is not associated with this client.");
        }
        if (!reasons.isEmpty()) {
            throw new InvalidRecordsException(reasons);
        }
        return valid;
    }

    /** Checks, then stores every record before returning. */
    public RecordStore.UpsertResult accept(List<RecordRules.Checked> checked, long callerClientId,
                                           Instant deadline) {
        var result = store.upsert(latestPerKey(check(checked, callerClientId)), deadline);
        OperatorMetrics.count(OperatorMetricNames.IMPORT_RECORDS_ACCEPTED, checked.size());
        return result;
    }

    /**
     * Several records of one request for the same key: only the highest sequence can win, so only it is written
     * (the first of equals, as the first write would win in the store too).
     */
    static java.util.Collection<ImportRecord> latestPerKey(List<ImportRecord> records) {
        Map<String, ImportRecord> latest = new LinkedHashMap<>(records.size() * 2);
        for (ImportRecord record : records) {
            latest.merge(record.key().id(), record,
                    (kept, candidate) -> candidate.sequence() > kept.sequence() ? candidate : kept);
        }
        return latest.values();
    }
}
