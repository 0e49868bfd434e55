package com.scaleout.admin;

import com.scaleout.admin.application.ResetService;
import com.scaleout.admin.application.SeedService;
import com.scaleout.admin.application.StatusService;
import com.scaleout.admin.application.StressService;
import com.scaleout.admin.seed.SeedRequest;
import com.scaleout.functions.shared.redis.RedisLink;
import com.scaleout.functions.shared.snapstart.PrimingRequests;
import com.scaleout.functions.shared.http.AdminKey;
import com.scaleout.functions.shared.http.ApiException;
import com.scaleout.functions.shared.http.ApiHandler;
import com.scaleout.functions.shared.http.HttpResponses;
import java.util.Map;
import java.util.Optional;

/**
 * The test interface (NanoTwitter's {@code /test/*}), behind the admin key: {@code POST /admin/seed},
 * {@code POST /admin/reset}, {@code GET /admin/status}, {@code POST /admin/stress}.
 */
public final class AdminHandler extends ApiHandler {
    private final StatusService status;

    public AdminHandler() {
        this(AdminComponents.create(), AdminKey.fromEnvironment());
    }

    private AdminHandler(AdminComponents components, AdminKey admin) {
        this(components.seed(), components.reset(), components.status(), components.stress(), admin,
                components.redis());
    }

    AdminHandler(SeedService seed, ResetService reset, StatusService status, StressService stress, AdminKey admin) {
        this(seed, reset, status, stress, admin, Optional.empty());
    }

    private AdminHandler(SeedService seed, ResetService reset, StatusService status, StressService stress,
                         AdminKey admin, Optional<RedisLink> redis) {
        // every route behind the admin key, checked before anything else (an Idempotency-Key's replay included)
        super(Map.of(
                "POST /admin/seed", admin.guard(request -> {
                    var body = request.body(SeedBody.class);
                    var chunkId = Optional.ofNullable(body.chunkId());
                    var seeded = body.fansOf() == null ? seed.seed(seedRequest(body), chunkId)
                            : seed.seedFansOf(seedRequest(body), chunkId, body.fansOf());
                    // session tokens in the body: no-store, as a login's answer
                    return Boolean.TRUE.equals(body.sessions()) ? HttpResponses.secret(200, seed.withSessions(seeded))
                            : HttpResponses.json(200, seeded);
                }),
                "POST /admin/reset", admin.guard(request -> HttpResponses.json(200, reset.reset(request.deadline()))),
                "GET /admin/status", admin.guard(request -> HttpResponses.json(200, status.status())),
                "POST /admin/stress", admin.guard(request -> HttpResponses.json(200, stress.stress(
                        request.body(StressService.StressRequest.class), request.deadline())))), redis);
        this.status = status;
    }

    /**
     * The handler path is refused before the admin key is read (a secret: not in the snapshot); below the key, the
     * status's reads (table descriptions, the cache's INFO) are primed too. Every other route writes or scans.
     */
    @Override
    protected void warmUp() {
        handleRequest(PrimingRequests.http("GET /admin/status", Map.of()), null);
        status.status();
    }

    record SeedBody(Integer users, Integer tweetsPerUser, Integer followsPerUser, String chunkId, Boolean sessions,
                    String fansOf) {
    }

    private static SeedRequest seedRequest(SeedBody body) {
        if (body.users() == null) {
            throw ApiException.invalidField("users", "is required");
        }
        return new SeedRequest(body.users(),
                body.tweetsPerUser() == null ? SeedRequest.DEFAULT_PER_USER : body.tweetsPerUser(),
                body.followsPerUser() == null ? SeedRequest.DEFAULT_PER_USER : body.followsPerUser());
    }
}
