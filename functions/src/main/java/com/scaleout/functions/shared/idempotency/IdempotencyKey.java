package com.scaleout.functions.shared.idempotency;

import com.scaleout.functions.shared.crypto.Digests;
import com.scaleout.functions.shared.http.ApiException;
import com.scaleout.functions.shared.http.ApiRequest;
import com.scaleout.functions.shared.http.Caller;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Optional;

/**
 * A request's {@code Idempotency-Key} (the header of draft-ietf-httpapi-idempotency-key-header, as Stripe and Mastodon
 * take it), with the caller it belongs to and the request it was sent with. The key is the client's: the same key
 * from another caller is another key. The caller is the one the route authenticated before the key is looked at
 * ({@link Caller}): the session's user, the credential the route checked (an import key, the admin key, a session
 * token), or the anonymous caller of the public routes (the album store's clients send no credential).
 *
 * @param scope   who sent it: {@link Caller#scope()}
 * @param key     the header's value (its quotes dropped, if the client sent it as a structured-field string)
 * @param requestDigest the SHA-256 of the request it was sent with: route, path, query and body, byte for byte
 *                      (read once; the fingerprint, the sealing key and the ids' secret are derived from it)
 */
public record IdempotencyKey(String scope, String key, byte[] requestDigest) {
    public static final String HEADER = "idempotency-key";
    /** Stripe's limit; a UUID is 36. */
    static final int MAX_LENGTH = 255;

    /**
     * The request's key in its caller's scope, if it sent one; a 400 for a malformed one. Only writes take a key:
     * GET ignores it.
     */
    public static Optional<IdempotencyKey> of(ApiRequest request, Caller caller) {
        String value = request.header(HEADER);
        if (value == null || request.routeKey() == null || request.routeKey().startsWith("GET ")) {
            return Optional.empty();
        }
        return Optional.of(new IdempotencyKey(caller.scope(), parse(value), digest(request)));
    }

    /** The record's id: the caller and the key, hashed (neither is stored as it is). */
    String id() {
        return HexFormat.of().formatHex(Digests.sha256("id\0" + scope + "\0" + key));
    }

    /**
     * Tells this request from another sent with the same key. Keyed by the key, so that the stored value says
     * nothing of the request to whoever reads the table without the key (a login's body holds a password).
     */
    String fingerprint() {
        return HexFormat.of().formatHex(Digests.hmac(Digests.sha256("fingerprint\0" + scope + "\0" + key), requestDigest));
    }

    /**
     * The key the stored response is sealed with: derived from the key and the whole request, neither stored, so the
     * table never holds a replayable token or import key in a form its reader could use.
     */
    byte[] sealingKey() {
        return Digests.hmac(Digests.sha256("seal\0" + scope + "\0" + key), requestDigest);
    }

    /** The secret the request's ids are drawn from when it runs again ({@code RequestIds}). */
    byte[] idSecret() {
        return Digests.hmac(Digests.sha256("ids\0" + scope + "\0" + key), requestDigest);
    }

    private static String parse(String value) {
        String key = value.strip();
        if (key.length() >= 2 && key.startsWith("\"") && key.endsWith("\"")) {
            key = key.substring(1, key.length() - 1);
        }
        if (key.isEmpty() || key.length() > MAX_LENGTH || !key.chars().allMatch(c -> c >= 0x21 && c <= 0x7e)) {
            // the reason in the message: the album store's {"msg"} and Stitch's shape carry no field list
            throw ApiException.badRequest("Idempotency-Key must be 1 to " + MAX_LENGTH
                    + " visible ASCII characters (a UUID, say)");
        }
        return key;
    }

    /** What makes two requests the same one: route, raw path and query, and the body's bytes. */
    private static byte[] digest(ApiRequest request) {
        String head = request.routeKey() + "\n" + request.rawPath() + "\n" + request.rawQueryString() + "\n";
        return Digests.sha256(head.getBytes(StandardCharsets.UTF_8), request.bodyBytes());
    }
}
