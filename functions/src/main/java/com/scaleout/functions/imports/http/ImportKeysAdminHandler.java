package com.scaleout.functions.imports.http;

import com.scaleout.functions.shared.snapstart.Primed;
import com.scaleout.functions.shared.snapstart.Priming;
import com.scaleout.functions.shared.snapstart.PrimingRequests;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.scaleout.functions.imports.ImportComponents;
import com.scaleout.functions.imports.application.ImportKeys;
import com.scaleout.functions.shared.http.AdminKey;
import com.scaleout.functions.shared.http.ApiException;
import com.scaleout.functions.shared.http.ApiHandler;
import com.scaleout.functions.shared.http.ApiRequest;
import com.scaleout.functions.shared.http.HttpResponses;
import java.util.Map;
import java.util.Optional;

/**
 * {@code POST /admin/import-keys} and {@code DELETE /admin/import-keys/{keyId}}, behind the admin key. The token
 * is in the creation's answer only; a revoked key stops working within the import function's key cache TTL.
 */
public final class ImportKeysAdminHandler extends ApiHandler implements Primed {
    private static final int MAX_NAME_LENGTH = 100;

    private final Priming priming;

    public ImportKeysAdminHandler() {
        this(ImportComponents.keysFromEnvironment(), AdminKey.fromEnvironment());
    }

    ImportKeysAdminHandler(ImportKeys keys, AdminKey admin) {
        super(Map.of(
                "POST /admin/import-keys", request -> {
                    admin.require(request);
                    return create(keys, request);
                },
                "DELETE /admin/import-keys/{keyId}", request -> {
                    admin.require(request);
                    if (!keys.revoke(request.pathParameter("keyId"))) {
                        throw ApiException.notFound("No import key " + request.pathParameter("keyId"));
                    }
                    return HttpResponses.noContent();
                }));
        this.priming = Priming.register(ImportKeysAdminHandler.class, Optional.empty(), () -> {
            // refused before the admin key is read (the key, a secret, must not be in the snapshot); then the
            // look-up of a key that does not exist, a GetItem
            handleRequest(PrimingRequests.http("POST /admin/import-keys", Map.of()), null);
            keys.authenticate(ImportHandler.UNKNOWN_IMPORT_TOKEN);
        });
    }

    @Override
    public Priming priming() {
        return priming;
    }

    record CreateBody(Long clientId, String name) {
    }

    record Created(String keyId, String token, long clientId, String name, String createdAt) {
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
        return HttpResponses.json(201, new Created(key.keyId(), created.token(), key.clientId(), key.name(),
                key.createdAt().toString()));
    }
}
