package com.scaleout.local.security;

import com.scaleout.functions.social.application.SessionService;
import com.scaleout.functions.social.domain.Session;
import com.scaleout.functions.social.dynamodb.DynamoSessionStore;
import com.scaleout.functions.social.dynamodb.SocialTables;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Base64;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Sessions written straight into the Sessions table, through the product's own store, as a login would write
 * them but with the expiry the test chooses: an expired session without waiting 30 days.
 */
final class ForgedSessions {
    private static final SecureRandom RANDOM = new SecureRandom();

    private final DynamoSessionStore store;

    ForgedSessions(DynamoDbClient dynamoDb) {
        this.store = new DynamoSessionStore(dynamoDb, SocialTables.fromEnvironment());
    }

    /** The bearer token of a new session of this user that ends at {@code expiresAt}. */
    String sessionOf(String userId, String username, Instant expiresAt) {
        byte[] secret = new byte[32];
        RANDOM.nextBytes(secret);
        String token = Base64.getUrlEncoder().withoutPadding().encodeToString(secret); // a login's token shape
        store.save(new Session(SessionService.sessionId(token), userId, username, expiresAt.minusSeconds(86_400),
                expiresAt));
        return token;
    }

    /** Whether the session of this token is still stored (DynamoDB removes expired items only lazily). */
    boolean isStored(String token) {
        return store.find(SessionService.sessionId(token)).isPresent();
    }
}
