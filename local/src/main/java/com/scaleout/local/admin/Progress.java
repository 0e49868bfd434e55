package com.scaleout.local.admin;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;

/**
 * A progress bar for long admin work: redrawn in place on a terminal, one line per step otherwise (CI logs), with
 * the elapsed time and an estimate of what is left.
 */
final class Progress {
    private static final int WIDTH = 30;
    private final PrintStream out;
    private final boolean terminal;
    private final long total;
    private final long started = System.nanoTime();

    Progress(PrintStream out, boolean terminal, long total) {
        this.out = out;
        this.terminal = terminal;
        this.total = total;
    }

    void show(long done, String detail) {
        out.print(line(done, total, detail, Duration.ofNanos(System.nanoTime() - started)));
        out.print(terminal ? "\r" : "\n");
        out.flush();
    }

    /** A line of its own between redraws of the bar. */
    void note(String message) {
        if (terminal) {
            out.println();
        }
        out.println(message);
        out.flush();
    }

    void finish() {
        if (terminal) {
            out.println();
        }
    }

    /** {@code [#########.....]  30%  300/1,000 accounts, 3,000 tweets  12 s, about 28 s left} */
    static String line(long done, long total, String detail, Duration elapsed) {
        double share = total == 0 ? 1 : Math.min(1, (double) done / total);
        int filled = (int) Math.round(share * WIDTH);
        String eta = done == 0 || done >= total ? ""
                : String.format(Locale.ROOT, ", about %d s left",
                        Math.round(elapsed.toMillis() / 1000.0 * (total - done) / done));
        return String.format(Locale.ROOT, "[%s%s] %3d%%  %s  %d s%s", "#".repeat(filled), ".".repeat(WIDTH - filled),
                Math.round(share * 100), detail, elapsed.toSeconds(), eta);
    }
}
