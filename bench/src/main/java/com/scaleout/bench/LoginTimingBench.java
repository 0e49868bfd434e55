package com.scaleout.bench;

import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.declaration.Settings;
import com.scaleout.functions.shared.failure.NotAuthenticatedException;
import com.scaleout.functions.social.SocialComponents;
import com.scaleout.functions.social.application.AccountService;
import com.scaleout.functions.social.application.SessionService;
import com.scaleout.functions.social.dynamodb.SocialTables;
import com.scaleout.local.LocalConfig;
import com.scaleout.local.LocalRuntime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.IntToDoubleFunction;

/**
 * {@code ./scaleout bench login [pairs]}: does a failed login take longer for a wrong password than for an unknown
 * username? Both run through the real session service on moto (the user lookup) at the production BCrypt cost,
 * interleaved in pairs whose order alternates, so drift of the shared machine falls on both alike. The answer is the
 * median of the paired differences with a distribution-free 95 % interval (the sign test's order statistics): an
 * interval that holds 0 means no difference this many samples can see. The baseline is one BCrypt check alone.
 */
final class LoginTimingBench {
    static final int PRODUCTION_COST = 10;
    private static final int ACCOUNTS = 20;
    private static final int WARM_UPS = 10;

    record Summary(int pairs, double unknownMedianMs, double wrongMedianMs, double differenceMs, double lowMs,
                   double highMs, double bcryptMs, double getItemDifferenceMs, double getItemLowMs,
                   double getItemHighMs) {
        boolean indistinguishable() {
            return lowMs <= 0 && highMs >= 0;
        }
    }

    static void run(int pairs) throws Exception {
        var report = new BenchReport("login", "./scaleout bench login " + pairs);
        measure(report, pairs);
        report.save();
    }

    static Summary measure(BenchReport report, int pairs) throws Exception {
        System.setProperty(Settings.BCRYPT_COST.name(), String.valueOf(PRODUCTION_COST));
        try (var runtime = LocalRuntime.start(ScaleoutDeclaration.declaration(),
                LocalConfig.fromEnvironment().withPort(0))) {
            var components = SocialComponents.create();
            var sessions = components.sessions();
            var names = new ArrayList<String>();
            String run = Long.toString(System.nanoTime() % 1_000_000, 36);
            for (int i = 0; i < ACCOUNTS; i++) {
                String name = "lt" + run + "_" + i;
                components.accounts().register(new AccountService.Registration(name, "the-right-password", null));
                names.add(name);
            }
            for (int i = 0; i < WARM_UPS; i++) {
                failedLoginMillis(sessions, "nobody" + run + "_w" + i);
                failedLoginMillis(sessions, names.get(i % ACCOUNTS));
            }
            var logins = interleaved(pairs, i -> failedLoginMillis(sessions, "nobody" + run + "_" + i),
                    i -> failedLoginMillis(sessions, names.get(i % ACCOUNTS)));
            var differences = logins.differences();
            double bcrypt = bcryptMillis(pairs / 4);
            var interval = medianInterval(differences);
            var dynamoDb = runtime.dynamoDb();
            // the emulator's own share: the one read a login makes (the username's claim), for a free and a taken
            // name; a difference here is moto's (an item found costs it more than none), not the code's
            var reads = interleaved(pairs, i -> getItemMillis(dynamoDb, "nobody" + run + "_g" + i),
                    i -> getItemMillis(dynamoDb, names.get(i % ACCOUNTS))).differences();
            var readInterval = medianInterval(reads);
            var summary = new Summary(pairs, BenchReport.median(logins.first()), BenchReport.median(logins.second()),
                    BenchReport.median(differences), interval[0], interval[1], bcrypt, BenchReport.median(reads),
                    readInterval[0], readInterval[1]);
            report.line(String.format(Locale.ROOT, "| measure (%d interleaved pairs, BCrypt cost %d) | ms |%n"
                            + "|---|---|%n| failed login, unknown username, median | %.2f |%n"
                            + "| failed login, wrong password, median | %.2f |%n"
                            + "| paired difference (wrong − unknown), median | %.2f |%n"
                            + "| its 95 %% interval (sign test) | %.2f .. %.2f |%n"
                            + "| baseline: one BCrypt check alone, median | %.2f |%n"
                            + "| baseline: the same GetItem of a taken and of a free username, paired difference "
                            + "(taken − free), median | %.2f |%n"
                            + "| its 95 %% interval | %.2f .. %.2f |%n"
                            + "| ratio unknown / wrong | %.3f |", pairs, PRODUCTION_COST, summary.unknownMedianMs(),
                    summary.wrongMedianMs(), summary.differenceMs(), summary.lowMs(), summary.highMs(),
                    summary.bcryptMs(), summary.getItemDifferenceMs(), summary.getItemLowMs(),
                    summary.getItemHighMs(), summary.unknownMedianMs() / summary.wrongMedianMs()));
            report.line("");
            report.line(summary.indistinguishable()
                    ? "The interval holds 0: no timing difference these samples can see."
                    : "The interval excludes 0: a wrong password and an unknown username differ in time.");
            return summary;
        }
    }

    private static double failedLoginMillis(SessionService sessions, String username) {
        long start = System.nanoTime();
        try {
            sessions.login(username, "not-the-password");
            throw new IllegalStateException("a wrong password logged in as " + username);
        } catch (NotAuthenticatedException expected) {
            // the wrong password's answer: timed
        }
        return (System.nanoTime() - start) / 1e6;
    }

    /** Timings of two kinds of call, made in pairs whose order alternates, and each pair's second − first. */
    record Paired(List<Double> first, List<Double> second, List<Double> differences) {
    }

    /** {@code pairs} pairs of {@code first(i)} and {@code second(i)}, the order within a pair alternating. */
    static Paired interleaved(int pairs, IntToDoubleFunction first, IntToDoubleFunction second) {
        var firsts = new ArrayList<Double>();
        var seconds = new ArrayList<Double>();
        var differences = new ArrayList<Double>();
        for (int i = 0; i < pairs; i++) {
            double a;
            double b;
            if (i % 2 == 0) {
                a = first.applyAsDouble(i);
                b = second.applyAsDouble(i);
            } else {
                b = second.applyAsDouble(i);
                a = first.applyAsDouble(i);
            }
            firsts.add(a);
            seconds.add(b);
            differences.add(b - a);
        }
        return new Paired(firsts, seconds, differences);
    }

    private static double getItemMillis(software.amazon.awssdk.services.dynamodb.DynamoDbClient dynamoDb,
                                        String username) {
        long start = System.nanoTime();
        dynamoDb.getItem(r -> r.tableName(SocialTables.USERNAMES).key(java.util.Map.of("username",
                software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS(username.toLowerCase(
                        java.util.Locale.ROOT)))));
        return (System.nanoTime() - start) / 1e6;
    }

    private static double bcryptMillis(int times) {
        var hasher = SocialComponents.passwordHasher();
        String hash = hasher.hash("the-right-password");
        var samples = new ArrayList<Double>();
        for (int i = 0; i < times; i++) {
            long start = System.nanoTime();
            hasher.matches("not-the-password", hash);
            samples.add((System.nanoTime() - start) / 1e6);
        }
        return BenchReport.median(samples);
    }

    /**
     * A 95 % confidence interval of the median of {@code values}, free of any assumption about their distribution:
     * the order statistics whose ranks the binomial(n, ½) puts 1.96 standard deviations either side of n/2.
     */
    static double[] medianInterval(List<Double> values) {
        var sorted = values.stream().sorted().toList();
        int n = sorted.size();
        int below = (int) Math.floor(n / 2.0 - 1.96 * Math.sqrt(n) / 2);
        int above = (int) Math.ceil(n / 2.0 + 1.96 * Math.sqrt(n) / 2);
        below = Math.max(0, below);
        above = Math.min(n - 1, above);
        return new double[] {sorted.get(below), sorted.get(above)};
    }
}
