package com.scaleout.cdk;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A synth or deploy command as a document shows it, turned into the context the CDK app then receives: what
 * {@code ./scaleout synth|deploy [stage] [-c k=v ...]}, {@code cdk synth|deploy}, {@code cdklocal deploy} and
 * LocalStack's {@code deploy.sh [stage]} pass (the latter adds what the script adds).
 */
final class DocumentedCommand {
    private static final Pattern STAGE = Pattern.compile("[a-z][a-z0-9-]{0,19}");
    private static final Pattern COMMAND = Pattern.compile(
            "^(\\./scaleout (synth|deploy)|(npx )?(cdk|cdklocal) (synth|deploy)|(\\./)?(localstack/)?deploy\\.sh)(\\s.*)?$");

    private DocumentedCommand() {
    }

    /** The context of the command on this line, or empty if it is no synth or deploy command. */
    static Optional<Map<String, String>> parse(String line) {
        String command = line.replaceAll("\\s+#.*", "").strip();
        if (command.startsWith("$ ")) {
            command = command.substring(2);
        }
        // an environment assignment before the command (LOCALSTACK_AUTH_TOKEN=... ./localstack/deploy.sh)
        command = command.replaceFirst("^([A-Z_]+=\\S*\\s+)+", "");
        var matcher = COMMAND.matcher(command);
        if (!matcher.matches()) {
            return Optional.empty();
        }
        List<String> words = Arrays.asList(command.split("\\s+"));
        var context = new LinkedHashMap<String, String>();
        boolean localStackScript = words.get(0).endsWith("deploy.sh");
        int first = localStackScript ? 1 : words.get(0).equals("npx") ? 3 : 2;
        if ((localStackScript || words.get(0).equals("./scaleout")) && words.size() > first
                && STAGE.matcher(words.get(first)).matches()) {
            context.put("stage", words.get(first));
        }
        if (localStackScript) {
            context.put("redisUrl", "redis://redis:6379");
            context.put("localstack", "true");
        }
        for (int i = first; i < words.size() - 1; i++) {
            if (words.get(i).equals("-c") || words.get(i).equals("--context")) {
                String[] pair = words.get(i + 1).split("=", 2);
                if (pair.length == 2) {
                    context.put(pair[0], pair[1]);
                }
            }
        }
        return Optional.of(context);
    }
}
