package com.scaleout.local.iam;

/** One checked AWS call: which function asked for which action on which resource, and what IAM decided. */
public record RecordedCall(String function, String action, String resource, Decision decision) {
    private static final String SEPARATOR = "\t";

    public String line() {
        return String.join(SEPARATOR, function, action, resource, decision.name());
    }

    public static RecordedCall parse(String line) {
        String[] fields = line.split(SEPARATOR, -1);
        if (fields.length != 4) {
            throw new IllegalArgumentException("a recorded call has 4 tab-separated fields, not: " + line);
        }
        return new RecordedCall(fields[0], fields[1], fields[2], Decision.valueOf(fields[3]));
    }
}
