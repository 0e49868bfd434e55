package com.scaleout.local.iam;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The grants a function keeps although no test run uses them, each with its reason: {@code iam/unused-grants.tsv}
 * (function, action pattern, resource pattern, reason; {@code *} and {@code ?} match in the first three, against
 * the function's name and the grant's action and resource as the policy writes them).
 */
public final class UnusedGrants {
    /** The project's own list, on the local runtime's classpath. */
    public static final String RESOURCE = "iam/unused-grants.tsv";

    /** One reasoned row. */
    public record Reason(String function, String action, String resource, String reason) {
        boolean covers(Grant grant) {
            return Wildcard.matches(function, grant.function(), false)
                    && Wildcard.matches(action, grant.action(), true)
                    && Wildcard.matches(resource, grant.resource(), false);
        }
    }

    private final List<Reason> reasons;

    UnusedGrants(List<Reason> reasons) {
        this.reasons = List.copyOf(reasons);
    }

    public static UnusedGrants none() {
        return new UnusedGrants(List.of());
    }

    public static UnusedGrants projects() {
        try (InputStream in = UnusedGrants.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is not on the classpath");
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Tab-separated rows; blank lines and lines starting with {@code #} are comments. A row needs its reason. */
    public static UnusedGrants parse(String tsv) {
        var reasons = new ArrayList<Reason>();
        String[] lines = tsv.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] fields = line.split("\t", -1);
            if (fields.length != 4 || fields[3].isBlank()) {
                throw new IllegalArgumentException(RESOURCE + " line " + (i + 1)
                        + ": expected function, action pattern, resource pattern and a reason, tab-separated");
            }
            reasons.add(new Reason(fields[0], fields[1], fields[2], fields[3].strip()));
        }
        return new UnusedGrants(reasons);
    }

    Optional<Reason> reasonFor(Grant grant) {
        return reasons.stream().filter(reason -> reason.covers(grant)).findFirst();
    }

    List<Reason> reasons() {
        return reasons;
    }
}
