package com.scaleout.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.ScaleoutDeclaration;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/architecture.md's "What is built" table against the repository: the root POM's modules, and every function,
 * table, bucket and WebSocket API of the declaration, each in the row of the module that builds it.
 */
class WhatIsBuiltTest {
    static final String DOCUMENT = "docs/architecture.md";
    private static final Pattern POM_MODULE = Pattern.compile("<module>([^<]+)</module>");
    private static final Pattern FOLDER = Pattern.compile("^`([a-z0-9-]+)/`$");
    private static final Pattern KINDS = Pattern.compile("(functions|tables|buckets|WebSocket APIs): ([^;]+)");
    private static final Pattern NAME = Pattern.compile("`([^`]+)`");
    private static final Declaration DECLARATION = ScaleoutDeclaration.declaration();
    /** What the declaration holds, by the word the table's third column uses for it. */
    private static final Map<String, List<String>> DECLARED = Map.of(
            "functions", DECLARATION.functions().stream().map(f -> f.name()).toList(),
            "tables", DECLARATION.tables().stream().map(t -> t.name()).toList(),
            "buckets", DECLARATION.buckets().stream().map(b -> b.name()).toList(),
            "WebSocket APIs", DECLARATION.webSocketApis().stream().map(a -> a.name()).toList());

    /** A row: its module (the folder in the second column) and the names its third column gives of each kind. */
    private record Row(String part, String module, Map<String, List<String>> declared) {
    }

    @Test
    void theTableNamesEveryMavenModuleAndOnlyFoldersThatExist() throws IOException {
        var modules = new TreeSet<String>();
        Matcher module = POM_MODULE.matcher(Files.readString(Markdown.ROOT.resolve("pom.xml")));
        while (module.find()) {
            modules.add(module.group(1).strip());
        }
        var named = new TreeSet<String>();
        rows().forEach(row -> named.add(row.module()));

        var unnamed = new TreeSet<>(modules);
        unnamed.removeAll(named);
        assertThat(unnamed).as("Maven modules (root pom.xml) that %s's table does not name: add a row for each",
                DOCUMENT).isEmpty();
        assertThat(named).as("folders %s's table names", DOCUMENT)
                .allSatisfy(folder -> assertThat(Markdown.ROOT.resolve(folder)).as(folder + "/").isDirectory());
    }

    @Test
    void everyDeclaredPartIsInExactlyOneRowAndNothingElseIs() {
        var fixes = new ArrayList<String>();
        List<Row> rows = rows();
        DECLARED.forEach((kind, declared) -> {
            var rowsOf = new LinkedHashMap<String, List<String>>();
            for (Row row : rows) {
                row.declared().getOrDefault(kind, List.of()).forEach(name -> rowsOf
                        .computeIfAbsent(name, n -> new ArrayList<>()).add(row.part()));
            }
            declared.stream().filter(name -> !rowsOf.containsKey(name))
                    .forEach(name -> fixes.add("name the declared " + kind + " `" + name + "` in the row that builds it"));
            rowsOf.forEach((name, parts) -> {
                if (!declared.contains(name)) {
                    fixes.add("remove " + kind + " `" + name + "`: not declared (in: " + parts + ")");
                } else if (parts.size() > 1) {
                    fixes.add("name " + kind + " `" + name + "` in one row, not " + parts.size() + ": " + parts);
                }
            });
        });
        assertThat(fixes).as("%s's table and ScaleoutDeclaration differ:%n%s", DOCUMENT,
                String.join(System.lineSeparator(), fixes)).isEmpty();
    }

    @Test
    void eachFunctionIsInTheRowOfTheModuleThatShipsIt() {
        Function<String, String> shippedBy = name -> DECLARATION.function(name).artifact().path().split("/")[0];
        var misplaced = new ArrayList<String>();
        for (Row row : rows()) {
            row.declared().getOrDefault("functions", List.of()).stream()
                    .filter(name -> DECLARED.get("functions").contains(name))
                    .filter(name -> !shippedBy.apply(name).equals(row.module()))
                    .forEach(name -> misplaced.add("`" + name + "` ships in " + shippedBy.apply(name)
                            + "/'s artifact, not " + row.module() + "/'s"));
        }
        assertThat(misplaced).as("functions in the wrong module's row of %s", DOCUMENT).isEmpty();
    }

    private static List<Row> rows() {
        var rows = new ArrayList<Row>();
        for (List<String> cells : Markdown.tableRows(Markdown.read(DOCUMENT).section("## What is built"))) {
            assertThat(cells).as("a row of %s's table: part | module | declared as", DOCUMENT).hasSize(3);
            Matcher folder = FOLDER.matcher(cells.get(1));
            assertThat(folder.matches()).as("the module of '%s' is one folder, as `name/` (was '%s')", cells.get(0),
                    cells.get(1)).isTrue();
            var declared = new LinkedHashMap<String, List<String>>();
            Matcher kinds = KINDS.matcher(cells.get(2));
            while (kinds.find()) {
                var names = new ArrayList<String>();
                Matcher name = NAME.matcher(kinds.group(2));
                while (name.find()) {
                    names.add(name.group(1));
                }
                declared.put(kinds.group(1), names);
            }
            rows.add(new Row(cells.get(0), folder.group(1), declared));
        }
        assertThat(rows).as("the rows of %s's table under ## What is built", DOCUMENT).isNotEmpty();
        return rows;
    }
}
