package com.scaleout.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchmarksBlockTest {
    private static final String BEGIN = BenchmarksBlock.BEGIN;
    private static final String END = BenchmarksBlock.END;

    @Test
    void replacesExactlyTheBlockAndNothingElse() {
        String before = "# Benchmarks\n\nIntro, with trailing spaces  \n\n";
        String after = "\n\n## Fanout\n\nhand-written analysis\n<!-- another comment -->\n";
        String document = before + BEGIN + "\nold table\n| a | b |\n" + END + after;

        String updated = BenchmarksBlock.replace(document, "new table\n");

        assertThat(updated).isEqualTo(before + BEGIN + "\nnew table\n" + END + after);
    }

    @Test
    void aSecondRunReplacesTheFirstRunsBlock() {
        String document = "# Benchmarks\n\nIntro.\n\n## Fanout\n\nanalysis\n";
        String once = BenchmarksBlock.replace(document, "run 1");
        String twice = BenchmarksBlock.replace(once, "run 2");

        assertThat(twice).isEqualTo(BenchmarksBlock.replace(document, "run 2"));
        assertThat(twice).doesNotContain("run 1").containsOnlyOnce(BEGIN).containsOnlyOnce(END);
    }

    @Test
    void withoutABlockOneIsInsertedBeforeTheFirstSection() {
        String document = "# Benchmarks\n\nIntro.\n\n## Fanout\n\nanalysis\n\n## Search\n";

        assertThat(BenchmarksBlock.replace(document, "table"))
                .isEqualTo("# Benchmarks\n\nIntro.\n\n" + BEGIN + "\ntable\n" + END + "\n\n## Fanout\n\nanalysis\n\n"
                        + "## Search\n");
    }

    @Test
    void withoutAnySectionTheBlockIsAppended() {
        assertThat(BenchmarksBlock.replace("# Benchmarks\n", "table"))
                .isEqualTo("# Benchmarks\n\n" + BEGIN + "\ntable\n" + END + "\n");
        assertThat(BenchmarksBlock.replace("", "table")).isEqualTo(BEGIN + "\ntable\n" + END + "\n");
    }

    @Test
    void brokenMarkersAreRefusedNotGuessedAt() {
        for (String broken : new String[] {
                "a\n" + BEGIN + "\nno end\n## Section\n",
                "a\n" + END + "\nno begin\n",
                "a\n" + END + "\n" + BEGIN + "\nreversed\n",
                BEGIN + "\none\n" + END + "\n" + BEGIN + "\ntwo\n" + END + "\n"}) {
            assertThatThrownBy(() -> BenchmarksBlock.replace(broken, "table"))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("markers");
        }
    }

    @Test
    void updateRewritesTheFileOrCreatesIt(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("BENCHMARKS.md");
        BenchmarksBlock.update(file, "first");
        assertThat(Files.readString(file)).isEqualTo("# Benchmarks\n\n" + BEGIN + "\nfirst\n" + END + "\n");

        Files.writeString(file, Files.readString(file) + "\n## Kept\n\nanalysis\n");
        BenchmarksBlock.update(file, "second");
        assertThat(Files.readString(file))
                .isEqualTo("# Benchmarks\n\n" + BEGIN + "\nsecond\n" + END + "\n\n## Kept\n\nanalysis\n");
    }

    @Test
    void aNamedBlockGoesAfterTheOtherBlocksAndLeavesThemAlone() {
        String document = "# Benchmarks\n\nIntro.\n\n" + BEGIN + "\n## Suite (generated)\n| a |\n" + END
                + "\n\n## Fanout\n\nanalysis\n";
        var soak = BenchmarksBlock.named("soak");

        String once = soak.replaceIn(document, "## Soak (generated)\nrun 1");
        String twice = soak.replaceIn(once, "## Soak (generated)\nrun 2");

        assertThat(once).isEqualTo("# Benchmarks\n\nIntro.\n\n" + BEGIN + "\n## Suite (generated)\n| a |\n" + END
                + "\n\n<!-- soak:begin -->\n## Soak (generated)\nrun 1\n<!-- soak:end -->\n\n## Fanout\n\nanalysis\n");
        assertThat(twice).doesNotContain("run 1").containsOnlyOnce("<!-- soak:begin -->");
        assertThat(BenchmarksBlock.replace(twice, "suite 2")).contains("run 2").contains(BEGIN + "\nsuite 2\n" + END);
    }
}
