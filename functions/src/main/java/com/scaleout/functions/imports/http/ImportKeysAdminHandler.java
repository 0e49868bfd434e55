package com.scaleout.functions.imports.http;

import com.scaleout.functions.shared.snapstart.PrimingRequests;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.scaleout.functions.imports.ImportComponents;
import com.scaleout.functions.imports.application.ImportKeys;
import com.scaleout.functions.shared.http.AdminKey;
import com.scaleout.functions.shared.http.ApiException;
import com.scaleout.functions.shared.http.ApiHandler;
import com.scaleout.functions.shared.http.ApiRequest;
import com.scaleout.functions.shared.http.HttpResponses;
import com.scaleout.functions.shared.redis.RedisLink;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * {@code POST /admin/import-keys} and {@code DELETE /admin/import-keys/{keyId}}, behind the admin key. The token
 * is in the creation's answer only; a revoked key is refused by every environment of the import function at its
 * next use (see {@link ImportKeys}).
 */
public final class ImportKeysAdminHandler extends ApiHandler {
    private static final Logger LOG = Logger.getLogger(ImportKeysAdminHandler.class.getName());
    private static final int MAX_NAME_LENGTH = 100;

    private final ImportKeys keys;

    public ImportKeysAdminHandler() {
        this(RedisLink.fromEnvironment());
    }

    private ImportKeysAdminHandler(Optional<RedisLink> redis) {
        this(ImportComponents.keysFromEnvironment(redis), AdminKey.fromEnvironment(), redis);
    }

    ImportKeysAdminHandler(ImportKeys keys, AdminKey admin) {
        this(keys, admin, Optional.empty());
    }

    /** @param redis the cache of the keys' marks, closed before a snapshot and reopened after the restore */
    private ImportKeysAdminHandler(ImportKeys keys, AdminKey admin, Optional<RedisLink> redis) {
        // behind the admin key, checked before anything else (an Idempotency-Key's replay included)
        super(Map.of(
                "POST /admin/import-keys", admin.guard(request -> create(keys, request)),
                "DELETE /admin/import-keys/{keyId}", admin.guard(request -> revoke(keys,
                        request.pathParameter("keyId")))), redis);
        this.keys = keys;
    }

    /**
     * Refused before the admin key is read (the key, a secret, must not be in the snapshot); then the look-up of
     * a key that does not exist, a GetItem.
     */
    @Override
    protected void warmUp() {
        handleRequest(PrimingRequests.http("POST /admin/import-keys", Map.of()), null);
        keys.authenticate(ImportHandler.UNKNOWN_IMPORT_TOKEN);
    }

    record CreateBody(Long clientId, String name) {
    }

    record Created(String keyId, String token, long clientId, String name, String createdAt) {
    }

    /** 204 once the key is refused everywhere; 503 when the running environments could not be told (retry). */
    private static APIGatewayV2HTTPResponse revoke(ImportKeys keys, String keyId) {
        try {
            if (!keys.revoke(keyId)) {
                throw ApiException.notFound("No import key " + keyId);
            }
        } catch (ImportKeys.RevocationNotSpreadException e) {
            LOG.log(Level.WARNING, "revocation not spread to the running environments", e);
            throw new ApiException(503, "Key revoked, but running functions could not be told yet: retry the "
                    + "revocation", null);
        }
        return HttpResponses.noContent();
    }

    private static APIGatewayV2HTTPResponse create(ImportKeys keys, ApiRequest request) {
        var body = request.body(CreateBody.class);
        if (body.clientId() == null || body.clientId() <= 0) {
            throw ApiException.invalidField("clientId", "must be a positive integer");
        }
        String name = body.name() == null ? "" : body.name().strip();
        if (name.isEmpty() || name.length() > MAX_NAME_LENGTH) {
            throw ApiException.invalidField("name", "must be 1 to " + MAX_NAME_LENGTH + " characters");
        }
        var created = keys.create(body.clientId(), name);
        var key = created.key();
        return HttpResponses.secret(201, new Created(key.keyId(), created.token(), key.clientId(), key.name(),
                key.createdAt().toString()));
    }
}
