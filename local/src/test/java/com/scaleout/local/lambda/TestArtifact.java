package com.scaleout.local.lambda;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

/** A Lambda artifact of a few classes, built by a test from its own compiled classes. */
final class TestArtifact {
    private TestArtifact() {
    }

    static Path jar(Path dir, Class<?>... classes) throws IOException {
        Path jar = dir.resolve("function.jar");
        try (var out = new JarOutputStream(Files.newOutputStream(jar))) {
            for (Class<?> type : classes) {
                String entry = type.getName().replace('.', '/') + ".class";
                out.putNextEntry(new JarEntry(entry));
                try (InputStream bytes = type.getClassLoader().getResourceAsStream(entry)) {
                    bytes.transferTo(out);
                }
                out.closeEntry();
            }
        }
        return jar;
    }
}
