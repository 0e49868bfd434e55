package com.scaleout.functions.social.domain;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** The search query parser on any text: 1 to 10 distinct sorted terms, or the reason the query is refused. */
class SearchQueryFuzzTest {

    @FuzzTest(maxDuration = "5s")
    void parse(byte[] input) {
        List<String> terms;
        try {
            terms = SearchTerms.ofQuery(new String(input, StandardCharsets.UTF_8));
        } catch (SearchTerms.InvalidQuery refused) {
            if (refused.getMessage() == null || refused.getMessage().isBlank()) {
                throw new AssertionError("refused without a reason");
            }
            return;
        }
        if (terms.isEmpty() || terms.size() > SearchTerms.MAX_QUERY_TERMS
                || !terms.equals(terms.stream().distinct().sorted().toList())
                || terms.stream().anyMatch(String::isEmpty)) {
            throw new AssertionError("terms past the rules: " + terms);
        }
    }
}
