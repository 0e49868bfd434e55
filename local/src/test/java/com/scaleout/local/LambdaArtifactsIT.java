package com.scaleout.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.declaration.Artifact;
import java.io.IOException;
import java.util.zip.ZipFile;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every Lambda artifact deploys: Lambda refuses a function whose code is more than 250 MB unzipped. The warehouse
 * loader's is the one near it (DuckDB's two native libraries and Glue's SDK), so an added library shows here before
 * a deploy fails.
 */
class LambdaArtifactsIT {
    /** Lambda's quota on a deployment package, unzipped (layers included; we use none). */
    private static final long UNZIPPED_LIMIT = 250L * 1024 * 1024;

    @ParameterizedTest
    @EnumSource(Artifact.class)
    void unzippedItFitsLambdasLimit(Artifact artifact) throws IOException {
        long unzipped = 0;
        try (var zip = new ZipFile(Artifacts.jar(artifact).toFile())) {
            for (var entries = zip.entries(); entries.hasMoreElements(); ) {
                unzipped += entries.nextElement().getSize();
            }
        }
        System.out.printf("%s: %,d bytes unzipped (%.0f%% of Lambda's limit)%n", artifact, unzipped,
                100.0 * unzipped / UNZIPPED_LIMIT);
        assertThat(unzipped).as(artifact + ", unzipped").isLessThanOrEqualTo(UNZIPPED_LIMIT);
    }
}
