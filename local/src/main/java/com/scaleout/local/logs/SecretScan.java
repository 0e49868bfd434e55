package com.scaleout.local.logs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Finds credentials in logs: bearer tokens, import tokens, session tokens or passwords in logged JSON, BCrypt
 * hashes, and the passwords and admin key the tests use. {@code ./scaleout test} runs it over the whole run's output
 * (unit, integration, smoke and end-to-end logs) and fails on any finding. The local runtime's own default admin
 * key is allowed in its start-up banner only, where the API contract says it is printed.
 */
public final class SecretScan {
    /** What was found: where, and which rule; never the secret itself (the report must not leak it again). */
    public record Finding(Path file, int line, String rule) {
        @Override
        public String toString() {
            return file + ":" + line + ": " + rule;
        }
    }

    private record Rule(String name, Pattern pattern) {
    }

    private static final List<Rule> RULES = List.of(
            new Rule("bearer token", Pattern.compile("(?i)\\bbearer\\s+[A-Za-z0-9._~+/=-]{16,}")),
            // <keyId 16>.<secret 43>, base64url; a Java frame ("SomeTest.someMethodName(") is not one: a random secret
            // has a digit, and no "(" follows it
            new Rule("import token", Pattern.compile(
                    "(?<![A-Za-z0-9_.$-])[A-Za-z0-9_-]{16}\\.(?=[A-Za-z_-]*[0-9])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_(-])")),
            // also JSON inside a JSON log line's message, where its quotes are escaped (\")
            new Rule("token or password in JSON", Pattern.compile(
                    "(\\\\?)\"(token|password|passwordHash|secret|apikey)\\1\"\\s*:\\s*\\1\"[^\"\\\\]{3,}",
                    Pattern.CASE_INSENSITIVE)),
            new Rule("token in a query string", Pattern.compile("[?&]apikey=[A-Za-z0-9._-]{8,}")),
            new Rule("BCrypt hash", Pattern.compile("\\$2[aby]\\$\\d\\d\\$[./A-Za-z0-9]{53}")),
            new Rule("a test password", Pattern.compile("\\bpassword-[A-Za-z0-9_]{3,15}\\b|\\bseeded-password\\b")),
            new Rule("the tests' admin key", Pattern.compile("\\b(it-admin-key|test-admin-key)\\b")),
            new Rule("the local admin key outside the banner", Pattern.compile(
                    "^(?!\\s*Admin key local-admin-key\\s).*\\blocal-admin-key\\b")));

    private SecretScan() {
    }

    public static List<Finding> scan(Path file) throws IOException {
        var findings = new ArrayList<Finding>();
        int number = 0;
        for (String line : Files.readAllLines(file, StandardCharsets.ISO_8859_1)) { // any bytes: logs are not always UTF-8
            number++;
            for (Rule rule : RULES) {
                if (rule.pattern().matcher(line).find()) {
                    findings.add(new Finding(file, number, rule.name()));
                }
            }
        }
        return findings;
    }

    /** {@code SecretScan FILE...}: prints each finding and exits 1 if there is any. */
    public static void main(String[] args) throws IOException {
        var findings = new ArrayList<Finding>();
        long lines = 0;
        for (String arg : args) {
            Path file = Path.of(arg);
            if (Files.isRegularFile(file)) {
                findings.addAll(scan(file));
                try (var all = Files.lines(file, StandardCharsets.ISO_8859_1)) {
                    lines += all.count();
                }
            }
        }
        findings.forEach(System.out::println);
        System.out.printf("log scan: %,d lines of %d files, %d credentials found%n", lines, args.length,
                findings.size());
        System.exit(findings.isEmpty() ? 0 : 1);
    }
}
