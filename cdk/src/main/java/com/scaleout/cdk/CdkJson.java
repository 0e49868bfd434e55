package com.scaleout.cdk;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** The app's {@code cdk.json}: its {@code context} (the feature flags, the default stage) is the one place they are set. */
final class CdkJson {
    /** Relative to cdk/, the working directory of the CLI, the build and the module's tests. */
    static final String FILE = "cdk.json";

    private CdkJson() {
    }

    /** The file's {@code context}; a missing file is an error, since the flags change what is synthesized. */
    static Map<String, Object> context(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new IllegalStateException("no " + file.toAbsolutePath() + ": run the CDK app from cdk/ (its feature "
                    + "flags are in cdk.json)");
        }
        try {
            Map<String, Object> json = new ObjectMapper().readValue(file.toFile(), new TypeReference<>() {
            });
            @SuppressWarnings("unchecked")
            Map<String, Object> context = (Map<String, Object>) json.getOrDefault("context", Map.of());
            return context;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
