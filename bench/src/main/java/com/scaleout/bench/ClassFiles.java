package com.scaleout.bench;

import java.io.IOException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A class's compiled files (the class and its nested ones) from where it was loaded: a classes directory in the
 * build, the module's jar when another module's class path holds it (the bench module runs on the local runtime's
 * jar, not on its classes directory).
 */
final class ClassFiles {
    private ClassFiles() {
    }

    /** Entry name (as in a jar) → bytes, sorted by name. */
    static Map<String, byte[]> of(Path codeSource, String packageName, String simpleName) throws IOException {
        if (Files.isDirectory(codeSource)) {
            return read(codeSource, packageName, simpleName);
        }
        try (FileSystem jar = FileSystems.newFileSystem(codeSource)) {
            return read(jar.getPath("/"), packageName, simpleName);
        }
    }

    private static Map<String, byte[]> read(Path root, String packageName, String simpleName) throws IOException {
        String packagePath = packageName.replace('.', '/');
        var found = new LinkedHashMap<String, byte[]>();
        try (var files = Files.list(root.resolve(packagePath))) {
            for (Path file : files.sorted().toList()) {
                String name = String.valueOf(file.getFileName());
                if (name.equals(simpleName + ".class") || name.startsWith(simpleName + "$")) {
                    found.put(packagePath + "/" + name, Files.readAllBytes(file));
                }
            }
        }
        return found;
    }
}
