package com.scaleout.bench;

import com.scaleout.functions.social.application.SessionService;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The world the samples in {@code events/} describe (alice follows bob, bob and carol follow alice, alice's first
 * tweet, an import key of client 4821), built on a running stack through its public API, so that each sample meets
 * the data it expects. The ids and tokens the API hands out differ from those written in the samples (which the
 * handler tests plant): {@link #prepare} puts the live ones in their place. Stream samples name their tables with
 * the prefix a deployed stage has; locally a table's name is its logical one.
 */
final class SampleWorld {
    /** The key the samples' admin routes carry ({@code x-admin-key}); the stack must be started with it. */
    static final String ADMIN_KEY = "test-admin-key";

    // the values the samples carry (see events/README.md)
    private static final String SAMPLE_ALICE = "01M6B5CJM0A11CE00000000000";
    private static final String SAMPLE_BOB = "01M6DQS9M0B0B0000000000000";
    private static final String SAMPLE_CAROL = "01M6GA60M0CA70000000000000";
    private static final String SAMPLE_ALICE_TOKEN = "kQ7vN2xR9sT4wY6zB8cD1fG3hJ5mP0qL2nV4bX6aZ8e";
    private static final String SAMPLE_ALICE_FIRST_TWEET = "01M7W6C3800000000000000001";
    private static final String SAMPLE_IMPORT_TOKEN = "AsqqzAAqBSVrZe1F.Zt1FKVSlguUwRRTpy7pmCL3SDhUvwVq3qLFDFLkPlWo";
    private static final long SAMPLE_IMPORT_CLIENT = 4821;

    private final Map<String, String> replacements;

    private SampleWorld(Map<String, String> replacements) {
        this.replacements = replacements;
    }

    /** Builds the world on the stack at {@code baseUrl} (fresh: the usernames must be free). */
    static SampleWorld build(String baseUrl) throws Exception {
        var api = new BenchApi(baseUrl, Map.of("x-admin-key", ADMIN_KEY));
        var replacements = new LinkedHashMap<String, String>();
        String aliceToken = api.signUp("alice", "alice-password-1");
        String bobToken = api.signUp("bob", "bob-password-1");
        String carolToken = api.signUp("carol", "carol-password-1");
        replacements.put(SAMPLE_ALICE, api.send("GET", "/me", aliceToken, null).get("id").asText());
        replacements.put(SAMPLE_BOB, api.send("GET", "/me", bobToken, null).get("id").asText());
        replacements.put(SAMPLE_CAROL, api.send("GET", "/me", carolToken, null).get("id").asText());
        replacements.put(SAMPLE_ALICE_TOKEN, aliceToken);
        replacements.put(SessionService.sessionId(SAMPLE_ALICE_TOKEN), SessionService.sessionId(aliceToken));

        api.send("PUT", "/me/following/bob", aliceToken, null);
        api.send("PUT", "/me/following/alice", bobToken, null);
        api.send("PUT", "/me/following/alice", carolToken, null);
        replacements.put(SAMPLE_ALICE_FIRST_TWEET, api.send("POST", "/tweets", aliceToken,
                Map.of("text", "Hello #Java world")).get("id").asText());
        api.send("POST", "/tweets", bobToken, Map.of("text", "Hi @alice, #java and #Café"));

        var key = api.send("POST", "/admin/import-keys", null,
                Map.of("clientId", SAMPLE_IMPORT_CLIENT, "name", "warehouse loader"));
        replacements.put(SAMPLE_IMPORT_TOKEN, key.get("token").asText());
        replacements.put("table/scaleout-", "table/");
        return new SampleWorld(replacements);
    }

    /** The sample with this world's ids and tokens in place of the ones written in it. */
    String prepare(String sample) {
        String prepared = sample;
        for (var replacement : replacements.entrySet()) {
            prepared = prepared.replace(replacement.getKey(), replacement.getValue());
        }
        return prepared;
    }
}
