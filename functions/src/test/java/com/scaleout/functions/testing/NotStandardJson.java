package com.scaleout.functions.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

/** Bodies that are JavaScript or YAML rather than JSON, or beyond its limits, as clients have sent them (issue 23). */
public final class NotStandardJson {
    public static final List<String> BODIES = List.of("[+1]", "[NaN]", "[/* a comment */ 1]", "[1, // the end",
            "['single quotes']", "[01]", "[".repeat(1_001) + "]".repeat(1_001), "[" + "7".repeat(1_001) + "]",
            "[" + "7".repeat(1_001) + ".5]", "[1e-2147483649]");

    /** Words of Jackson's own that a parser's message carries: its package, feature and constraint names. */
    private static final List<String> PARSER_INTERNALS = List.of("com.fasterxml", "jackson", "JsonReadFeature",
            "StreamReadConstraints", "Feature", "`");

    private NotStandardJson() {
    }

    /** {@code message}, the answer to {@code body}, names nothing of the parser's own. */
    public static void assertNoParserInternals(String message, String body) {
        for (String internal : PARSER_INTERNALS) {
            assertThat(message).as(body).doesNotContainIgnoringCase(internal);
        }
    }
}
