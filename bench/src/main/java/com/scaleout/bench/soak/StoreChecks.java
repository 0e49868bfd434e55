package com.scaleout.bench.soak;

import com.scaleout.bench.soak.AcceptedWrites.ImportRecord;
import com.scaleout.bench.soak.AcceptedWrites.Review;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The album store's and the import API's writes against what the API shows: every accepted album can be read back,
 * its review counts hold every accepted review (exactly, when no review of it was unsure), and every accepted import
 * record's key is in its table's change log at its sequence or a later one (a later record of the same key wins).
 */
final class StoreChecks {
    private final StackView stack;
    private final Findings findings;

    StoreChecks(StackView stack, Findings findings) {
        this.stack = stack;
        this.findings = findings;
    }

    void check(AcceptedWrites writes) {
        albums(writes);
        reviews(writes.reviews());
        imports(writes.imports());
    }

    private void albums(AcceptedWrites writes) {
        for (var album : writes.albums()) {
            if (album.accepted() && album.id() != null) {
                findings.expect("albums stored (GET /albums/{id})", stack.albumExists(album.id()), album.id());
            }
        }
    }

    private void reviews(List<Review> reviews) {
        Map<String, List<Review>> byAlbum = reviews.stream().collect(Collectors.groupingBy(Review::albumId));
        byAlbum.forEach((album, its) -> {
            long likes = its.stream().filter(r -> r.accepted() && r.like()).count();
            long dislikes = its.stream().filter(r -> r.accepted() && !r.like()).count();
            boolean exact = its.stream().allMatch(Review::accepted);
            var shown = stack.reviews(album).orElse(new StackView.Reviews(-1, -1));
            String what = String.format(Locale.ROOT, "album %s: %d likes and %d dislikes, expected %s%d and %d",
                    album, shown.likes(), shown.dislikes(), exact ? "" : "at least ", likes, dislikes);
            boolean asWritten = shown.likes() == likes && shown.dislikes() == dislikes;
            boolean atLeast = shown.likes() >= likes && shown.dislikes() >= dislikes;
            // with every review's outcome known, a count above the accepted ones is a review counted twice
            findings.found("reviews counted", asWritten || (atLeast && !exact) ? Findings.Outcome.AS_WRITTEN
                    : atLeast ? Findings.Outcome.DUPLICATED : Findings.Outcome.MISSING, what);
        });
    }

    private void imports(List<ImportRecord> records) {
        var latest = new HashMap<String, ImportRecord>();
        for (ImportRecord record : records) {
            if (record.accepted()) {
                latest.merge(record.clientId() + "/" + record.table() + "/" + record.key(), record,
                        (a, b) -> a.sequence() >= b.sequence() ? a : b);
            }
        }
        var changeLogs = new HashMap<String, Map<String, Long>>();
        for (ImportRecord record : latest.values()) {
            var applied = changeLogs.computeIfAbsent(record.clientId() + "/" + record.table(),
                    t -> stack.importChanges(record.clientId(), record.table()));
            Long sequence = applied.get(record.key());
            findings.expect("import records in their table's change log", sequence != null
                    && sequence >= record.sequence(), String.format(Locale.ROOT,
                    "client %d, table %s, key %s at sequence %d (change log: %s)", record.clientId(), record.table(),
                    record.key(), record.sequence(), sequence == null ? "absent" : sequence));
        }
    }
}
