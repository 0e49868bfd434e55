package com.scaleout.bench.capacity;

import com.scaleout.bench.ChartWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The capacity model's answer for some mixes at some rates, as Markdown: per mix, its ceilings in the order they are
 * reached (load at each rate as a share of the limit), the first to break, and the Lambda concurrency and monthly
 * cost at each rate; and a chart per mix (load against limit as the rate grows).
 */
public final class CapacityReport {
    /** The ceilings shown per mix; the rest are summarized in one line. */
    static final int SHOWN = 10;
    /** The ceilings drawn per chart. */
    private static final int CHARTED = 7;

    private final CapacityModel model;
    private final CostProfile profile;
    private final List<Double> rates;

    public CapacityReport(CapacityModel model, CostProfile profile, List<Double> rates) {
        this.model = model;
        this.profile = profile;
        this.rates = List.copyOf(rates);
    }

    /**
     * The Markdown for {@code mixes}; {@code charts}: the directory of each mix's chart (null for none; a viral mix,
     * one route, gets none).
     */
    public List<String> lines(List<TrafficMix> mixes, Path charts, String chartLink) throws IOException {
        var lines = new ArrayList<String>();
        lines.add("Computed by `./scaleout capacity` from the cost profile measured on " + profile.measured() + " (`"
                + profile.command() + "`, [route-costs.json](capacity/route-costs.json)) and the stack's ceilings: "
                + "AWS's default quotas, the declared route throttles and the synthesized template's stage throttle "
                + "and cache maximum. A share above 100 % is **over** the ceiling.");
        lines.add("");
        lines.addAll(summary(mixes));
        for (TrafficMix mix : mixes) {
            lines.add("");
            lines.addAll(mix(mix));
            if (charts != null && mix.hotKeys().isEmpty()) { // a viral mix's table says it all: one route
                Path png = charts.resolve(mix.name() + ".png");
                chart(mix, png);
                lines.add("");
                lines.add("![" + mix.name() + ": load against each ceiling](" + chartLink + "/" + mix.name() + ".png)");
            }
        }
        return lines;
    }

    /** One row per mix: the first ceiling, where, and the highest rate's concurrency, cost and ceilings over. */
    List<String> summary(List<TrafficMix> mixes) {
        double top = rates.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        var lines = new ArrayList<String>();
        lines.add(String.format(Locale.ROOT, "| mix | first to break | at (requests/s) | ceilings over at %s/s | Lambda "
                + "concurrency at %s/s | $ a month at %s/s |", count(top), count(top), count(top)));
        lines.add("|---|---|---:|---:|---:|---:|");
        for (TrafficMix mix : mixes) {
            var loads = model.loads(mix);
            lines.add(String.format(Locale.ROOT, "| `%s` | %s | %s | %d of %d | %s | %s |", mix.name(),
                    loads.getFirst().resource(), count(loads.getFirst().breaksAt()),
                    loads.stream().filter(load -> load.utilisation(top) > 1).count(), loads.size(),
                    count(model.concurrency(mix, top)), dollars(model.monthlyDollars(mix, top))));
        }
        return lines;
    }

    List<String> mix(TrafficMix mix) {
        var loads = model.loads(mix);
        var lines = new ArrayList<String>();
        lines.add("### `" + mix.name() + "`: " + mix.description());
        lines.add("");
        var first = loads.getFirst();
        lines.add(String.format(Locale.ROOT, "First to break: **%s**, at **%s requests/s** of this mix.",
                first.resource(), count(first.breaksAt())));
        lines.add("");
        var header = new StringBuilder("| ceiling | limit a second | per request |");
        var rule = new StringBuilder("|---|---:|---:|");
        for (double rate : rates) {
            header.append(" at ").append(count(rate)).append("/s |");
            rule.append("---:|");
        }
        header.append(" reached at (requests/s) | how to raise it |");
        rule.append("---:|---|");
        lines.add(header.toString());
        lines.add(rule.toString());
        for (ResourceLoad load : loads.subList(0, Math.min(SHOWN, loads.size()))) {
            var row = new StringBuilder(String.format(Locale.ROOT, "| %s | %s %s | %s |", load.resource(),
                    count(load.limit()), load.unit(), amount(load.perRequest())));
            for (double rate : rates) {
                row.append(' ').append(share(load.utilisation(rate))).append(" |");
            }
            row.append(' ').append(count(load.breaksAt())).append(" | ").append(load.raise()).append(" |");
            lines.add(row.toString());
        }
        if (loads.size() > SHOWN) {
            lines.add("");
            lines.add(String.format(Locale.ROOT, "%d more ceilings, each reached above %s requests/s.",
                    loads.size() - SHOWN, count(loads.get(SHOWN).breaksAt())));
        }
        lines.add("");
        lines.add("| requests/s | Lambda concurrency (upper bound) | $ a month (per-request charges) | ceilings over |");
        lines.add("|---:|---:|---:|---|");
        for (double rate : rates) {
            var over = loads.stream().filter(load -> load.utilisation(rate) > 1).toList();
            lines.add(String.format(Locale.ROOT, "| %s | %s | %s | %s |", count(rate),
                    count(model.concurrency(mix, rate)), dollars(model.monthlyDollars(mix, rate)),
                    over.isEmpty() ? "none" : over.size() + ": " + String.join("; ",
                            over.stream().limit(3).map(ResourceLoad::resource).toList())
                            + (over.size() > 3 ? "; …" : "")));
        }
        return lines;
    }

    private void chart(TrafficMix mix, Path png) throws IOException {
        var loads = model.loads(mix);
        double low = rates.stream().mapToDouble(Double::doubleValue).min().orElse(1) / 10;
        double high = rates.stream().mapToDouble(Double::doubleValue).max().orElse(1) * 2;
        double[] x = {low, high};
        var series = new ArrayList<ChartWriter.Series>();
        for (ResourceLoad load : loads.subList(0, Math.min(CHARTED, loads.size()))) {
            series.add(new ChartWriter.Series(shortName(load.resource()), x,
                    new double[] {100 * load.utilisation(low), 100 * load.utilisation(high)}, false));
        }
        series.add(new ChartWriter.Series("the ceiling (100 %)", x, new double[] {100, 100}, true));
        ChartWriter.write(png, mix.name() + ": load as a share of each ceiling", "requests a second of the mix",
                "% of the ceiling", series, true);
    }

    private static String shortName(String resource) {
        return resource.replace("`", "");
    }

    static String count(double value) {
        if (Double.isInfinite(value)) {
            return "never";
        }
        return value >= 100 ? String.format(Locale.ROOT, "%,.0f", value)
                : value >= 10 ? String.format(Locale.ROOT, "%.0f", value) : String.format(Locale.ROOT, "%.1f", value);
    }

    static String amount(double value) {
        return value >= 1 ? String.format(Locale.ROOT, "%.2f", value) : String.format(Locale.ROOT, "%.4f", value);
    }

    static String share(double utilisation) {
        String percent = utilisation >= 0.1 ? String.format(Locale.ROOT, "%,.0f %%", 100 * utilisation)
                : String.format(Locale.ROOT, "%.1f %%", 100 * utilisation);
        return utilisation > 1 ? "**" + percent + "**" : percent;
    }

    static String dollars(double value) {
        return String.format(Locale.ROOT, "$%,.0f", value);
    }
}
