package com.scaleout.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.scaleout.declaration.RouteSpec;
import com.scaleout.declaration.ScaleoutDeclaration;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The README's promises that code can check: its table of routes is the declaration's (method, path, auth), and its
 * layout names every top-level folder of the repository.
 */
class ReadmeTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern ROUTE_ROW = Pattern.compile(
            "^\\| (GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) \\| `([^`]+)` \\| ([^|]+?) \\| (.+) \\|$");
    private static final Pattern LAYOUT_ENTRY = Pattern.compile("^([.A-Za-z0-9_-]+)/");

    @Test
    void theRoutesTableIsTheDeclarationsRoutes() throws IOException {
        var declared = new LinkedHashMap<String, String>();
        ScaleoutDeclaration.declaration().routes().forEach(route -> declared.put(route.routeKey(), auth(route)));
        var documented = new LinkedHashMap<String, String>();
        for (String line : section("## Routes")) {
            Matcher row = ROUTE_ROW.matcher(line);
            if (row.matches()) {
                documented.put(row.group(1) + " " + row.group(2), row.group(3).strip());
            }
        }

        var fixes = new ArrayList<String>();
        declared.forEach((key, auth) -> {
            if (!documented.containsKey(key)) {
                fixes.add("add the row  " + row(key, auth));
            } else if (!documented.get(key).equals(auth)) {
                fixes.add("give " + key + " the auth " + auth + " (it says " + documented.get(key) + ")");
            }
        });
        documented.keySet().stream().filter(key -> !declared.containsKey(key))
                .forEach(key -> fixes.add("remove the row of " + key + " (not declared)"));
        assertThat(fixes).as("README.md's table under ## Routes and ScaleoutDeclaration differ; in the README:%n%s",
                String.join(System.lineSeparator(), fixes)).isEmpty();
    }

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

    private static String auth(RouteSpec route) {
        if (route.authorizer().isPresent()) {
            return route.authorizer().get().equals(ScaleoutDeclaration.SESSIONS_AUTHORIZER) ? "session"
                    : route.authorizer().get();
        }
        return switch (route.handlerCredential()) {
            case NONE -> "—";
            case IMPORT_KEY -> "import key";
            case ADMIN_KEY -> "admin key";
        };
    }

    private static String row(String key, String auth) {
        String[] methodAndPath = key.split(" ", 2);
        return "| " + methodAndPath[0] + " | `" + methodAndPath[1] + "` | " + auth + " | WHAT IT DOES |";
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
