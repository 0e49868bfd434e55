package com.scaleout.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cold-start bench copies its probe's classes into a jar of their own. One of them (LocalContext) comes from the
 * local runtime's jar once the bench runs on the bench module's class path: reading only directories broke
 * {@code ./scaleout bench coldstart} (NotDirectoryException on scaleout-local-...jar).
 */
class ClassFilesTest {
    private static final List<String> FILES = List.of("a/b/Probe.class", "a/b/Probe$Round.class",
            "a/b/ProbeLauncher.class", "a/b/Other.class");

    @Test
    void readsAClassAndItsNestedOnesFromAJar(@TempDir Path dir) throws Exception {
        Path jar = dir.resolve("module.jar");
        try (var out = new JarOutputStream(Files.newOutputStream(jar))) {
            for (String name : FILES) {
                out.putNextEntry(new JarEntry(name));
                out.write(name.getBytes(StandardCharsets.UTF_8));
                out.closeEntry();
            }
        }

        var files = ClassFiles.of(jar, "a.b", "Probe");

        assertThat(files).containsOnlyKeys("a/b/Probe.class", "a/b/Probe$Round.class");
        assertThat(new String(files.get("a/b/Probe$Round.class"), StandardCharsets.UTF_8))
                .isEqualTo("a/b/Probe$Round.class");
    }

    @Test
    void readsThemFromAClassesDirectory(@TempDir Path dir) throws Exception {
        for (String name : FILES) {
            Path file = dir.resolve(name);
            Files.createDirectories(file.getParent());
            Files.writeString(file, name);
        }

        assertThat(ClassFiles.of(dir, "a.b", "Probe")).containsOnlyKeys("a/b/Probe.class", "a/b/Probe$Round.class");
    }
}
