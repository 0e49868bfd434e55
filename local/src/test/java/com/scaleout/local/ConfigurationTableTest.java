package com.scaleout.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.FunctionSpec;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.declaration.Setting;
import com.scaleout.declaration.Settings;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/configuration.md's variables are those the code reads: every setting of the functions' catalogue, of the
 * local runtime's and every name the declaration derives (TABLE_..., BUCKET_...) has a row, exactly or as a
 * {@code PREFIX_<NAME>} pattern; no row names a variable nothing reads.
 */
class ConfigurationTableTest {
    static final String DOCUMENT = "docs/configuration.md";
    private static final Pattern NAME = Pattern.compile("`([A-Z][A-Z0-9_]*(?:<NAME>)?)`");
    private static final String SCRIPT_SECTION = "Read by `./scaleout` alone";

    @Test
    void everyVariableReadHasARowAndEveryRowIsRead() {
        var documented = new TreeSet<String>();
        var scriptOnly = new TreeSet<String>();
        List<String> section = Markdown.read(DOCUMENT).section("## Environment variables");
        boolean inScriptPart = false;
        for (String line : section) {
            inScriptPart |= line.contains(SCRIPT_SECTION);
            if (line.startsWith("| `")) {
                Matcher name = NAME.matcher(line.substring(0, line.indexOf(" |", 2)));
                while (name.find()) {
                    (inScriptPart ? scriptOnly : documented).add(name.group(1));
                }
            }
        }

        var read = new TreeSet<String>();
        Settings.named().forEach(setting -> read.add(setting.name()));
        LocalSettings.all().forEach(setting -> read.add(setting.name()));
        Declaration declaration = ScaleoutDeclaration.declaration();
        for (FunctionSpec function : declaration.functions()) {
            declaration.settingsOf(function.name()).stream().map(Setting::name).forEach(read::add);
        }

        var fixes = new ArrayList<String>();
        read.stream().filter(name -> !documented.contains(name) && documented.stream().noneMatch(
                pattern -> pattern.endsWith("<NAME>") && name.startsWith(pattern.replace("<NAME>", ""))))
                .forEach(name -> fixes.add("add a row for " + name));
        documented.stream().filter(name -> name.endsWith("<NAME>")
                        ? read.stream().noneMatch(n -> n.startsWith(name.replace("<NAME>", "")))
                        : !read.contains(name))
                .forEach(name -> fixes.add("remove the row of " + name + ": no setting of Settings, LocalSettings or the"
                        + " declaration has that name"));
        String script = ScaleoutScript.text();
        scriptOnly.stream().filter(name -> !script.contains("${" + name))
                .forEach(name -> fixes.add("remove the row of " + name + ": ./scaleout does not read it"));
        assertThat(fixes).as("%s and the settings differ:%n%s", DOCUMENT, String.join(System.lineSeparator(), fixes))
                .isEmpty();
    }
}
