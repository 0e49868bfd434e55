package com.scaleout.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A repository document read the few ways the document tests need: its sections, fenced blocks, table rows, links
 * and GitHub's anchors for its headings. Plain line handling: the documents are ours and simple, and a parser
 * library would be one more dependency for four regular expressions.
 */
final class Markdown {
    /** The repository's root: the tests run in {@code local/}. */
    static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    private static final Pattern HEADING = Pattern.compile("^(#{1,6}) +(.+?)#*\\s*$");
    /** An inline link or image, {@code [text](target)} or {@code [text](target "title")}. */
    private static final Pattern LINK = Pattern.compile("!?\\[[^\\]]*\\]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)");
    private static final Pattern CODE_SPAN = Pattern.compile("`+[^`]*`+");
    private static final Pattern HTML_ANCHOR = Pattern.compile("<a\\s+(?:id|name)=\"([^\"]+)\"");

    private final Path path;
    private final List<String> lines;

    private Markdown(Path path, List<String> lines) {
        this.path = path;
        this.lines = lines;
    }

    /** A document by its path from the repository's root, e.g. {@code docs/routes.md}. */
    static Markdown read(String relative) {
        return read(ROOT.resolve(relative));
    }

    static Markdown read(Path path) {
        try {
            return new Markdown(path, Files.readAllLines(path, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path, e);
        }
    }

    Path path() {
        return path;
    }

    List<String> lines() {
        return lines;
    }

    String name() {
        return ROOT.relativize(path).toString();
    }

    /** The lines under {@code heading} (e.g. {@code "## Routes"}), up to the next heading of its level or higher. */
    List<String> section(String heading) {
        int start = lines.indexOf(heading);
        assertThat(start).as("%s has a heading '%s'", name(), heading).isNotNegative();
        int level = heading.indexOf(' ');
        int end = start + 1;
        boolean inFence = false;
        while (end < lines.size()) {
            String line = lines.get(end);
            inFence ^= line.strip().startsWith("```");
            Matcher h = HEADING.matcher(line);
            if (!inFence && h.matches() && h.group(1).length() <= level) {
                break;
            }
            end++;
        }
        return lines.subList(start + 1, end);
    }

    /** The first fenced block's lines among {@code lines}. */
    static List<String> fencedBlock(List<String> lines, String where) {
        int open = -1;
        for (int i = 0; i < lines.size() && open < 0; i++) {
            if (lines.get(i).strip().startsWith("```")) {
                open = i;
            }
        }
        assertThat(open).as("a ``` block in " + where).isNotNegative();
        int close = open + 1;
        while (close < lines.size() && !lines.get(close).strip().startsWith("```")) {
            close++;
        }
        return lines.subList(open + 1, close);
    }

    /** The cells of each table row among {@code lines}, the header and the |---| line left out. */
    static List<List<String>> tableRows(List<String> lines) {
        var rows = new ArrayList<List<String>>();
        boolean header = true;
        for (String line : lines) {
            if (!line.startsWith("|")) {
                header = true;
                continue;
            }
            if (line.matches("\\|[-:| ]+\\|")) {
                header = false;
                continue;
            }
            if (!header) {
                String inner = line.strip().substring(1, line.strip().length() - 1);
                rows.add(Arrays.stream(inner.split("(?<!\\\\)\\|", -1)).map(String::strip).toList());
            }
        }
        return rows;
    }

    /** Every link target outside fenced blocks and code spans, as written. */
    List<String> links() {
        var links = new ArrayList<String>();
        for (String line : outsideFences()) {
            Matcher link = LINK.matcher(CODE_SPAN.matcher(line).replaceAll(""));
            while (link.find()) {
                links.add(link.group(1));
            }
        }
        return links;
    }

    /**
     * The anchors a link may name, as GitHub makes them from the headings: lower case, punctuation but hyphens and
     * underscores dropped, spaces as hyphens, a repeated one with {@code -1}, {@code -2}...; plus explicit HTML anchors.
     */
    Set<String> anchors() {
        var anchors = new LinkedHashSet<String>();
        var seen = new HashMap<String, Integer>();
        for (String line : outsideFences()) {
            Matcher h = HEADING.matcher(line);
            if (h.matches()) {
                String slug = h.group(2).strip().toLowerCase(Locale.ROOT)
                        .replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
                int n = seen.merge(slug, 1, Integer::sum);
                anchors.add(n == 1 ? slug : slug + "-" + (n - 1));
            }
            Matcher html = HTML_ANCHOR.matcher(line);
            while (html.find()) {
                anchors.add(html.group(1));
            }
        }
        return anchors;
    }

    /** The lines outside fenced blocks, the fences' own lines left out. */
    private List<String> outsideFences() {
        var outside = new ArrayList<String>();
        boolean inFence = false;
        for (String line : lines) {
            if (line.strip().startsWith("```")) {
                inFence = !inFence;
            } else if (!inFence) {
                outside.add(line);
            }
        }
        return outside;
    }
}
