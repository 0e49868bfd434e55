package com.scaleout.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The README's promises that code can check: its layout names every top-level folder of the repository.
 */
class ReadmeTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern LAYOUT_ENTRY = Pattern.compile("^([.A-Za-z0-9_-]+)/");

    @Test
    void theLayoutNamesEveryTopLevelFolder() throws Exception {
        var named = new TreeSet<String>();
        for (String line : fencedBlock(section("## Layout"))) {
            Matcher entry = LAYOUT_ENTRY.matcher(line);
            if (entry.find()) {
                named.add(entry.group(1));
            }
        }
        var tracked = trackedTopLevelFolders();

        var unnamed = new TreeSet<>(tracked);
        unnamed.removeAll(named);
        var gone = new TreeSet<>(named);
        gone.removeAll(tracked);
        assertThat(unnamed).as("top-level folders README.md's layout does not name: add a line 'FOLDER/   what it "
                + "holds' to its block for each").isEmpty();
        assertThat(gone).as("folders README.md's layout names that the repository does not have").isEmpty();
    }

    /** The lines of the README's section under {@code heading}, up to the next heading of its level. */
    private static List<String> section(String heading) throws IOException {
        var lines = Files.readAllLines(ROOT.resolve("README.md"), StandardCharsets.UTF_8);
        int start = lines.indexOf(heading);
        assertThat(start).as("README.md has a section " + heading).isNotNegative();
        int end = start + 1;
        while (end < lines.size() && !lines.get(end).startsWith("## ")) {
            end++;
        }
        return lines.subList(start + 1, end);
    }

    private static List<String> fencedBlock(List<String> lines) {
        int open = lines.indexOf("```");
        int close = lines.subList(open + 1, lines.size()).indexOf("```") + open + 1;
        assertThat(open).as("the layout's block").isNotNegative();
        return lines.subList(open + 1, close);
    }

    private static TreeSet<String> trackedTopLevelFolders() throws IOException, InterruptedException {
        var git = new ProcessBuilder("git", "ls-files").directory(ROOT.toFile()).redirectErrorStream(true);
        Process process;
        try {
            process = git.start();
        } catch (IOException noGit) {
            assumeThat(noGit).as("git is not installed").isNull();
            throw noGit;
        }
        String files = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assumeThat(process.exitValue()).as("not a git checkout: %s", files).isZero();
        var folders = new TreeSet<String>();
        files.lines().filter(file -> file.contains("/")).forEach(file -> folders.add(file.substring(0, file.indexOf('/'))));
        return folders;
    }
}
