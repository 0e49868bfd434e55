package com.scaleout.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Every relative link in the repository's Markdown documents (README.md, docs/, each folder's README) reaches a file
 * or folder, and a link into a Markdown document's {@code #anchor} reaches one of its headings: a moved section or a
 * renamed file fails here, not in a reader's browser.
 */
class DocumentLinksTest {
    /** Build outputs, installed packages and tool state: not the project's documents. */
    private static final Set<String> NOT_DOCUMENTS = Set.of(".git", "node_modules", "target", ".scaleout", "dist",
            "cdk.out", "test-results");

    @Test
    void everyRelativeLinkResolves() throws IOException {
        var documents = documents();
        assertThat(documents).as("the Markdown documents").extracting(Markdown::name).contains("README.md",
                "docs/routes.md");
        var broken = new ArrayList<String>();
        for (Markdown document : documents) {
            for (String link : document.links()) {
                if (link.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
                    continue; // https:, mailto: and the like: not this repository's
                }
                int hash = link.indexOf('#');
                String file = URLDecoder.decode(hash < 0 ? link : link.substring(0, hash), StandardCharsets.UTF_8);
                String anchor = hash < 0 ? "" : link.substring(hash + 1);
                Path target = file.isEmpty() ? document.path()
                        : document.path().getParent().resolve(file).normalize();
                if (!target.startsWith(Markdown.ROOT) || !Files.exists(target)) {
                    broken.add(document.name() + ": " + link + " (no such file)");
                } else if (!anchor.isEmpty() && target.toString().endsWith(".md")
                        && !Markdown.read(target).anchors().contains(anchor)) {
                    broken.add(document.name() + ": " + link + " (no such heading; it has "
                            + Markdown.read(target).anchors() + ")");
                }
            }
        }
        assertThat(broken).as("links that lead nowhere").isEmpty();
    }

    private static List<Markdown> documents() throws IOException {
        var found = new ArrayList<Path>();
        Files.walkFileTree(Markdown.ROOT, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
                // skipped whole: node_modules alone holds thousands of packages' READMEs
                return NOT_DOCUMENTS.contains(dir.getFileName().toString()) ? FileVisitResult.SKIP_SUBTREE
                        : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                if (file.getFileName().toString().endsWith(".md")) {
                    found.add(file);
                }
                return FileVisitResult.CONTINUE;
            }
        });
        return found.stream().sorted().map(Markdown::read).toList();
    }
}
