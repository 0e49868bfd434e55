package com.scaleout.bench.coldstart;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * A trimmed artifact for one start: the Lambda jar with every resource but, of its classes, only those of the
 * packages the start loaded any class from (as the JVM's class-load log names them), so unused libraries and
 * unused parts of used ones (another service's SDK model) are gone. Whole packages, because which anonymous or
 * nested class a start loads varies from run to run. A measure of what trimming can buy, not a deployable
 * artifact: another route of the same function may need a package this start did not touch.
 */
public final class TrimmedArtifact {
    /** {@code -Xlog:class+load} lines: {@code [...][info][class,load] a.b.C source: file:/...jar}. */
    private static final Pattern LOADED = Pattern.compile("\\] (\\S+) source: (.+)$");
    private static final Pattern VERSIONED = Pattern.compile("^META-INF/versions/\\d+/");

    private TrimmedArtifact() {
    }

    /** The classes the log says were loaded from {@code jar}. */
    public static Set<String> loadedFrom(Path classLoadLog, Path jar) throws IOException {
        var classes = new HashSet<String>();
        String jarName = String.valueOf(jar.getFileName());
        for (String line : Files.readAllLines(classLoadLog)) {
            var match = LOADED.matcher(line);
            if (match.find() && match.group(2).contains(jarName)) {
                classes.add(match.group(1));
            }
        }
        return classes;
    }

    /** Writes {@code trimmed}: {@code jar}'s resources and, of its classes, those in the packages of {@code used}. */
    public static void write(Path jar, Set<String> used, Path trimmed) throws IOException {
        var packages = new HashSet<String>();
        used.forEach(name -> packages.add(packageOf(name)));
        try (var in = new ZipFile(jar.toFile()); var out = new ZipOutputStream(Files.newOutputStream(trimmed))) {
            var entries = in.entries();
            while (entries.hasMoreElements()) {
                ZipEntry entry = entries.nextElement();
                String name = entry.getName();
                boolean unusedClass = name.endsWith(".class") && !packages.contains(packageOf(className(name)));
                if (entry.isDirectory() || unusedClass) {
                    continue;
                }
                out.putNextEntry(new ZipEntry(name));
                try (var content = in.getInputStream(entry)) {
                    content.transferTo(out);
                }
                out.closeEntry();
            }
        }
    }

    private static String packageOf(String className) {
        int dot = className.lastIndexOf('.');
        return dot < 0 ? "" : className.substring(0, dot);
    }

    static String className(String entryName) {
        String base = VERSIONED.matcher(entryName).replaceFirst("");
        return base.substring(0, base.length() - ".class".length()).replace('/', '.');
    }
}
