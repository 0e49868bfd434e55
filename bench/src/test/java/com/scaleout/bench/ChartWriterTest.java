package com.scaleout.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChartWriterTest {
    private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    @Test
    void writesAPngOfTheChartsSize(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("charts/line.png");
        ChartWriter.write(png, "title", "x", "y", List.of(
                new ChartWriter.Series("run", new double[] {1, 2, 3}, new double[] {10, 30, 20}, false),
                new ChartWriter.Series("baseline", new double[] {1, 2, 3}, new double[] {15, 15, 15}, true)));

        assertThat(Files.size(png)).isPositive();
        assertThat(Files.readAllBytes(png)).startsWith(PNG_SIGNATURE);
        var image = ImageIO.read(png.toFile());
        assertThat(image.getWidth()).isEqualTo(900);
        assertThat(image.getHeight()).isEqualTo(420);
    }

    @Test
    void chartsALoadRunsSecondsLeavingOutAShortTail(@TempDir Path dir) throws Exception {
        var seconds = List.of(new LoadDriver.Second(0, 1, 100, 100, 5, 9, 12),
                new LoadDriver.Second(1, 1, 120, 120, 4, 8, 10),
                new LoadDriver.Second(2, 0.05, 1, 1, 30, 30, 30));
        var run = new LoadDriver.Run("run", 2, 2.05, 221, 0, 221, new Histogram(3), seconds);
        var baseline = new LoadDriver.Run("baseline", 2, 1, 150, 0, 150, new Histogram(3), seconds.subList(0, 1));

        ChartWriter.latencyOverTime(dir.resolve("latency.png"), "latency", run);
        ChartWriter.throughputOverTime(dir.resolve("throughput.png"), "throughput", "requests/s",
                LoadDriver.Second::requestsPerSecond, run, baseline);

        assertThat(Files.size(dir.resolve("latency.png"))).isPositive();
        assertThat(Files.size(dir.resolve("throughput.png"))).isPositive();
    }

    @Test
    void latencyLeavesOutSecondsWithoutAnswersThroughputShowsThemAsZero() {
        var run = new LoadDriver.Run("run", 1, 3.2, 5, 0, 5, new Histogram(3), List.of(
                new LoadDriver.Second(0, 1, 0, 0, 0, 0, 0),
                new LoadDriver.Second(1, 1, 3, 3, 2_000, 2_500, 2_500),
                new LoadDriver.Second(2, 1, 2, 2, 900, 1_000, 1_000),
                new LoadDriver.Second(3, 0.2, 0, 0, 0, 0, 0)));

        var latency = ChartWriter.series("p50", run, LoadDriver.Second::p50Millis, false, true);
        var throughput = ChartWriter.series("rate", run, LoadDriver.Second::requestsPerSecond, false, false);

        assertThat(latency.x()).containsExactly(2, 3);
        assertThat(latency.y()).containsExactly(2_000, 900);
        assertThat(throughput.x()).containsExactly(1, 2, 3);
        assertThat(throughput.y()).containsExactly(0, 3, 2);
    }
}
