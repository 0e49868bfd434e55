package com.scaleout.bench;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Line charts as PNG files (XChart), for the benchmark report (latency percentiles and throughput over time) and the
 * capacity model (load against each limit as the rate grows, both axes logarithmic).
 */
public final class ChartWriter {
    private static final int WIDTH = 900;
    private static final int HEIGHT = 420;
    /**
     * The last interval of a load run covers only the requests in flight at its deadline: shorter than this, its
     * rate is noise (one request in 50 ms reads as 20/s), so it is left out of the charts (not out of the totals).
     */
    private static final double SHORTEST_INTERVAL_SECONDS = 0.5;

    static {
        System.setProperty("java.awt.headless", "true"); // charts are drawn off screen, on machines without one
    }

    private ChartWriter() {
    }

    /** One line: its legend, its points, and whether it is drawn dashed (a baseline). */
    public record Series(String name, double[] x, double[] y, boolean dashed) {
    }

    static void write(Path png, String title, String xTitle, String yTitle, List<Series> lines) throws IOException {
        write(png, title, xTitle, yTitle, lines, false);
    }

    /** {@code logLog}: both axes logarithmic (every value above 0), for figures that span decades. */
    public static void write(Path png, String title, String xTitle, String yTitle, List<Series> lines, boolean logLog)
            throws IOException {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(logLog ? WIDTH * 2 / 3 : HEIGHT).title(title)
                .xAxisTitle(xTitle).yAxisTitle(yTitle).build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS)
                .setLegendLayout(logLog ? Styler.LegendLayout.Vertical : Styler.LegendLayout.Horizontal)
                .setChartBackgroundColor(java.awt.Color.WHITE);
        if (logLog) {
            chart.getStyler().setXAxisLogarithmic(true).setYAxisLogarithmic(true);
        } else {
            chart.getStyler().setYAxisMin(0.0);
        }
        chart.getStyler().setXAxisDecimalPattern("0");
        for (Series line : lines) {
            var series = chart.addSeries(line.name(), line.x(), line.y());
            series.setMarker(SeriesMarkers.NONE);
            if (line.dashed()) {
                series.setLineStyle(SeriesLines.DASH_DASH);
            }
        }
        Files.createDirectories(png.toAbsolutePath().getParent());
        try (OutputStream out = Files.newOutputStream(png)) {
            BitmapEncoder.saveBitmap(chart, out, BitmapEncoder.BitmapFormat.PNG);
        }
    }

    /**
     * p50, p95 and p99 of each second of a load run, in milliseconds; a second in which no request completed has no
     * percentiles and is left out (the line joins its neighbours), rather than drawn as 0 ms.
     */
    static void latencyOverTime(Path png, String title, LoadDriver.Run run) throws IOException {
        write(png, title, "seconds into the run", "latency (ms)", List.of(
                series("p50", run, LoadDriver.Second::p50Millis, false, true),
                series("p95", run, LoadDriver.Second::p95Millis, false, true),
                series("p99", run, LoadDriver.Second::p99Millis, false, true)));
    }

    /** A load run's rate per second (of requests or of units) with its baseline run's, dashed, on the same axis. */
    static void throughputOverTime(Path png, String title, String yTitle, ToDoubleFunction<LoadDriver.Second> rate,
                                   LoadDriver.Run run, LoadDriver.Run baseline) throws IOException {
        write(png, title, "seconds into the run", yTitle, List.of(series(run.name(), run, rate, false, false),
                series(baseline.name() + " (baseline)", baseline, rate, true, false)));
    }

    /** The run's seconds as points at each interval's end, but for a short tail (and empty seconds if asked). */
    static Series series(String name, LoadDriver.Run run, ToDoubleFunction<LoadDriver.Second> value, boolean dashed,
                         boolean completedOnly) {
        var seconds = new ArrayList<LoadDriver.Second>();
        for (var second : run.timeline()) {
            if (second.lengthSeconds() >= SHORTEST_INTERVAL_SECONDS && (!completedOnly || second.requests() > 0)) {
                seconds.add(second);
            }
        }
        if (seconds.isEmpty()) { // XChart refuses an empty series: a run too short to chart shows as one zero
            return new Series(name, new double[] {0}, new double[] {0}, dashed);
        }
        double[] x = new double[seconds.size()];
        double[] y = new double[seconds.size()];
        for (int i = 0; i < seconds.size(); i++) {
            // plotted at the interval's end: what completed during that second
            x[i] = seconds.get(i).startSeconds() + seconds.get(i).lengthSeconds();
            y[i] = value.applyAsDouble(seconds.get(i));
        }
        return new Series(name, x, y, dashed);
    }
}
