package com.scaleout.bench.coldstart;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrimmedArtifactTest {
    @TempDir
    Path directory;

    @Test
    void keepsThePackagesOfTheLoadedClassesAndEveryResource() throws IOException {
        Path jar = directory.resolve("lambda.jar");
        try (var out = new ZipOutputStream(Files.newOutputStream(jar))) {
            for (String name : new String[] {"a/Used.class", "a/Used$Inner.class", "a/NotLoaded.class",
                    "c/Unused.class", "META-INF/versions/11/a/Used.class", "META-INF/services/x.Y", "c/rules.json"}) {
                out.putNextEntry(new ZipEntry(name));
                out.write(name.getBytes(StandardCharsets.UTF_8));
                out.closeEntry();
            }
        }
        Path log = Files.writeString(directory.resolve("classes.log"), """
                [0.010s][info][class,load] java.lang.Object source: shared objects file
                [0.200s][info][class,load] a.Used source: file:%s
                [0.202s][info][class,load] b.Other source: file:/elsewhere/other.jar
                """.formatted(jar));

        Set<String> loaded = TrimmedArtifact.loadedFrom(log, jar);
        Path trimmed = directory.resolve("trimmed.jar");
        TrimmedArtifact.write(jar, loaded, trimmed);

        assertThat(loaded).containsExactly("a.Used");
        try (var zip = new ZipFile(trimmed.toFile())) {
            assertThat(Collections.list(zip.entries()).stream().map(ZipEntry::getName)).containsExactlyInAnyOrder(
                    "a/Used.class", "a/Used$Inner.class", "a/NotLoaded.class", "META-INF/versions/11/a/Used.class",
                    "META-INF/services/x.Y", "c/rules.json");
        }
    }
}
