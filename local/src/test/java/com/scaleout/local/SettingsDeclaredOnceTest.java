package com.scaleout.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.declaration.Setting;
import com.scaleout.declaration.Settings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Settings are named in their catalogues only ({@link Settings} for the functions', {@link LocalSettings} for the
 * local runtime's); everywhere else code reads a declared {@link Setting} (RuntimeEnvironment takes nothing else).
 * This scan catches a name written out again as a string: any {@code "SCALEOUT_...}, {@code "TABLE_...},
 * {@code "BUCKET_...} literal, or the literal name of a declared setting.
 */
class SettingsDeclaredOnceTest {
    private static final List<Path> SOURCES = List.of(Path.of("src/main/java"), Path.of("../functions/src/main/java"),
            Path.of("../cdk/src/main/java"), Path.of("../bench/src/main/java"));
    private static final Set<String> CATALOGUES = Set.of("Settings.java", "LocalSettings.java");
    private static final Pattern LITERAL = Pattern.compile("\"([A-Z][A-Z0-9_]*)\"");
    private static final Pattern PREFIXED = Pattern.compile("\"(SCALEOUT|TABLE|BUCKET)_");

    @Test
    void noSettingIsNamedOutsideItsCatalogue() {
        var names = new HashSet<String>();
        Settings.named().forEach(setting -> names.add(setting.name()));
        LocalSettings.all().forEach(setting -> names.add(setting.name()));

        var found = new ArrayList<String>();
        for (Path root : SOURCES) {
            assertThat(root).as("scanned sources").isDirectory();
            try (Stream<Path> files = Files.walk(root)) {
                files.filter(file -> file.toString().endsWith(".java"))
                        .filter(file -> !CATALOGUES.contains(file.getFileName().toString()))
                        .forEach(file -> found.addAll(namedIn(file, names)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        assertThat(found).as("setting names written out instead of read from their declaration").isEmpty();
    }

    @Test
    void theScanSeesANameWrittenOut() throws IOException {
        Path file = Files.createTempFile("Stray", ".java");
        try {
            Files.writeString(file, """
                    String a = System.getenv("REDIS_URL");
                    String b = System.getProperty("SCALEOUT_SOMETHING_NEW");
                    String c = "TABLE_USERS";
                    String d = "NOT_A_SETTING";
                    """);
            assertThat(namedIn(file, Set.of("REDIS_URL"))).hasSize(3);
        } finally {
            Files.delete(file);
        }
    }

    private static List<String> namedIn(Path file, Set<String> names) {
        try {
            var hits = new ArrayList<String>();
            var lines = Files.readAllLines(file);
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                var literal = LITERAL.matcher(line);
                boolean named = false;
                while (literal.find()) {
                    named |= names.contains(literal.group(1));
                }
                if (named || PREFIXED.matcher(line).find()) {
                    hits.add(file + ":" + (i + 1) + ": " + line.strip());
                }
            }
            return hits;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
