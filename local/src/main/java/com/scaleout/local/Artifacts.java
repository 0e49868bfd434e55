package com.scaleout.local;

import com.scaleout.declaration.Artifact;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The Lambda artifacts in the repository's build output. The repository's root is the nearest directory holding the
 * {@code scaleout} script and the parent POM, at or above the working directory: {@code ./scaleout up} runs from the
 * root, the integration tests from their module's directory.
 */
final class Artifacts {
    static final String BUILD = "./scaleout build (or mvn -o package -DskipTests from the repository's root)";

    private Artifacts() {
    }

    /** The artifact's jar, checked: present, and not older than its module's compiled classes. */
    static Path jar(Artifact artifact) {
        Path root = repositoryRoot(Path.of("").toAbsolutePath());
        Path jar = root.resolve(artifact.path());
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("no Lambda artifact " + jar + ": build it with " + BUILD);
        }
        Path classes = jar.resolveSibling("classes");
        newestFileTime(classes).filter(newest -> newest.compareTo(modified(jar)) > 0).ifPresent(newest -> {
            throw new IllegalStateException("the Lambda artifact " + jar + " is older than " + classes
                    + ": rebuild it with " + BUILD);
        });
        return jar;
    }

    static Path repositoryRoot(Path start) {
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("scaleout")) && Files.isRegularFile(dir.resolve("pom.xml"))) {
                return dir;
            }
        }
        throw new IllegalStateException("not inside the Scaleout repository (no scaleout script and pom.xml at or "
                + "above " + start + "): run from the repository");
    }

    private static Optional<FileTime> newestFileTime(Path dir) {
        if (!Files.isDirectory(dir)) {
            return Optional.empty();
        }
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).map(Artifacts::modified).max(FileTime::compareTo);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static FileTime modified(Path file) {
        try {
            return Files.getLastModifiedTime(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
