package com.scaleout.local.iam;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.declaration.FunctionSpec;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.local.template.LocalNames;
import com.scaleout.local.template.StackTemplate;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * {@code ./scaleout test}'s check of the template's permissions against a whole test run: every SDK call each
 * function was seen making (the {@code iam-calls.tsv} each local runtime writes when it closes, found under the
 * directories given) was granted (<em>sufficient</em>), and each grant was used or is listed with its reason
 * (<em>minimal</em>, see {@link PermissionAudit}). Exits 1 with the report when either fails, or when a listed reason
 * covers no grant any more.
 */
public final class PermissionCheck {
    private PermissionCheck() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2 || "--help".equals(args[0])) {
            System.out.println("usage: PermissionCheck TEMPLATE DIR...   (TEMPLATE: the cloud assembly directory or a "
                    + "template file; the iam-calls.tsv files under each DIR)");
            System.exit(args.length < 2 ? 2 : 0);
        }
        var template = StackTemplate.read(Path.of(args[0]), LocalNames.ofLocalStack("redis://127.0.0.1:6379"));
        Map<String, List<JsonNode>> documents = new LinkedHashMap<>();
        for (FunctionSpec function : ScaleoutDeclaration.declaration().functions()) {
            documents.put(function.name(), template.function(function.name()).policyDocuments());
        }
        var calls = new ArrayList<RecordedCall>();
        List<Path> files = callFiles(args);
        for (Path file : files) {
            calls.addAll(CallLog.read(file));
        }
        // Minimal per resource: CDK's grant methods give a function a table (and its indexes) with a bundle of
        // actions, of which a function uses some; each action unused is counted below, not failed on.
        var audit = new PermissionAudit(documents, UnusedGrants.projects(), PermissionAudit.Granularity.RESOURCE);
        boolean failed = false;
        for (var report : audit.audit(calls)) {
            if (!report.sufficient() || !report.minimal()) {
                failed = true;
                System.out.print(report.render());
            }
        }
        for (var stale : audit.staleReasons()) {
            failed = true;
            System.out.println("stale reason in " + UnusedGrants.RESOURCE + " (covers no grant): " + stale);
        }
        int unusedActions = new PermissionAudit(documents, UnusedGrants.projects()).audit(calls).stream()
                .mapToInt(report -> report.unused().size()).sum();
        System.out.printf("permissions: %d action grants never called (each action on each resource; mostly the "
                + "bundles of CDK's grantReadData/grantReadWriteData; counted, not failed on)%n", unusedActions);
        System.out.printf("permissions: %d calls from %d runs checked against %d functions' roles: %s%n",
                calls.size(), files.size(), documents.size(), failed ? "FAILED (see above)"
                        : "every call granted, every table, index and bucket granted used or reasoned");
        System.exit(failed ? 1 : 0);
    }

    private static List<Path> callFiles(String[] args) throws IOException {
        var files = new ArrayList<Path>();
        for (int i = 1; i < args.length; i++) {
            Path dir = Path.of(args[i]);
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (Stream<Path> found = Files.walk(dir)) {
                found.filter(path -> path.getFileName().toString().equals("iam-calls.tsv")).sorted()
                        .forEach(files::add);
            }
        }
        return files;
    }
}
