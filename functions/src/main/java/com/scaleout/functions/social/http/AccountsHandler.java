package com.scaleout.functions.social.http;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.scaleout.functions.shared.failure.TooManyRequestsException;
import com.scaleout.functions.shared.http.ApiHandler;
import com.scaleout.functions.shared.http.ApiRequest;
import com.scaleout.functions.shared.http.Caller;
import com.scaleout.functions.shared.http.HttpResponses;
import com.scaleout.functions.social.SocialComponents;
import com.scaleout.functions.social.application.AccountService;
import com.scaleout.functions.social.application.LoginThrottle;
import com.scaleout.functions.social.application.SessionService;
import com.scaleout.functions.social.domain.Times;
import com.scaleout.functions.shared.http.RequestJson;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.functions.shared.redis.RedisLink;
import com.scaleout.functions.shared.snapstart.Priming;
import com.scaleout.functions.shared.snapstart.PrimingRequests;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/** Accounts and sessions: register, log in, log out, the caller's profile and anyone's. */
public final class AccountsHandler extends ApiHandler {
    private static final Logger LOG = Logger.getLogger(AccountsHandler.class.getName());

    public AccountsHandler() {
        this(SocialComponents.create());
    }


    private AccountsHandler(SocialComponents components) {
        this(components.accounts(), components.sessions(), components.timelines()::warm, components.loginThrottle(),
                components.redis());
    }

    /**
     * @param warmAtLogin builds the user's timeline at login if it is missing, as the seed warmed its caches
     * @param throttle    refuses logins (429) after too many failed attempts of a username or from an address
     */
    AccountsHandler(AccountService accounts, SessionService sessions, Consumer<String> warmAtLogin,
                    LoginThrottle throttle) {
        this(accounts, sessions, warmAtLogin, throttle, Optional.empty());
    }

    private AccountsHandler(AccountService accounts, SessionService sessions, Consumer<String> warmAtLogin,
                            LoginThrottle throttle, Optional<RedisLink> redis) {
        super(Map.of(
                "POST /users", request -> register(accounts, request),
                "POST /sessions", Route.replayedWhile(answer -> tokenStillLive(sessions, answer),
                        request -> login(sessions, warmAtLogin, throttle, request)),
                "DELETE /sessions/current", Route.guarded(AccountsHandler::sessionCaller,
                        request -> logout(sessions, request)),
                "GET /me", request -> HttpResponses.json(200,
                        Views.ProfileView.of(accounts.me(Callers.actor(sessions, request)))),
                "PATCH /me", request -> editProfile(accounts, sessions, request),
                "GET /users/{username}", request -> HttpResponses.json(200,
                        Views.ProfileView.of(accounts.profile(request.pathParameter("username"))))), redis);
    }

    /**
     * A profile look-up (a GetItem; a 404 unless someone took the name, then a public profile), the caller's
     * profile from a session that does not exist (401), and a registration refused by validation (400), which
     * reads its body first and estimates the password's strength (zxcvbn's lists load into the snapshot). Not a login: a failed one counts against the throttle, in Redis.
     */
    @Override
    protected void warmUp() {
        handleRequest(PrimingRequests.http("GET /users/{username}", Map.of("username", "snapstart")), null);
        handleRequest(PrimingRequests.fromUnknownSession(PrimingRequests.http("GET /me", Map.of())), null);
        handleRequest(PrimingRequests.http("POST /users", Map.of(), Map.of(), Map.of(),
                "{\"username\":\"\",\"password\":\"snapstart\",\"displayName\":null}"), null);
        RequestJson.read("{\"username\":\"snapstart\",\"password\":\"\"}", LoginBody.class);
        Priming.serialize(Views.ProfileView.of(PrimingViews.USER),
                new Views.SessionView(null, PrimingViews.USER.createdAt(), Views.UserView.of(PrimingViews.USER)));
    }

    record RegisterBody(String username, String password, String displayName) {
        @Override
        public String toString() {
            return "RegisterBody[username=" + username + "]"; // never the password, wherever this is printed
        }
    }

    /** PATCH /me's body: a field left out is kept, one sent as null is reset (as an empty text). */
    static final class ProfileBody {
        private Optional<String> displayName = Optional.empty();
        private Optional<String> bio = Optional.empty();

        @JsonSetter("displayName")
        void displayName(String value) {
            displayName = Optional.of(value == null ? "" : value);
        }

        @JsonSetter("bio")
        void bio(String value) {
            bio = Optional.of(value == null ? "" : value);
        }

        AccountService.ProfileChange change() {
            return new AccountService.ProfileChange(displayName, bio);
        }
    }

    record LoginBody(String username, String password) {
        @Override
        public String toString() {
            return "LoginBody[username=" + username + "]";
        }
    }

    private static APIGatewayV2HTTPResponse register(AccountService accounts, ApiRequest request) {
        var body = request.body(RegisterBody.class);
        var user = accounts.register(new AccountService.Registration(body.username(), body.password(),
                body.displayName()));
        return HttpResponses.json(201, Views.UserView.of(user));
    }

    private static APIGatewayV2HTTPResponse editProfile(AccountService accounts, SessionService sessions,
                                                        ApiRequest request) {
        var actor = Callers.actor(sessions, request);
        var user = accounts.editProfile(actor, request.body(ProfileBody.class).change());
        return HttpResponses.json(200, Views.ProfileView.of(user));
    }

    private static APIGatewayV2HTTPResponse login(SessionService sessions, Consumer<String> warmAtLogin,
                                                  LoginThrottle throttle, ApiRequest request) {
        var body = request.body(LoginBody.class);
        String username = body.username() == null ? "" : body.username();
        var address = request.sourceIp();
        var admission = throttle.admit(username, address);
        admission.usernameRefused().ifPresent(wait -> {
            throw new TooManyRequestsException(SessionService.TOO_MANY_LOGINS, wait);
        });
        // admitted, the attempt is already counted: a wrong password needs nothing more
        SessionService.Login login = sessions.login(body.username(), body.password(),
                admission.unknownUsernameRefused());
        throttle.succeeded(username, address);
        try {
            warmAtLogin.accept(login.user().id());
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "could not warm the timeline at login; the first read will", e);
        }
        return HttpResponses.secret(201, new Views.SessionView(login.token(),
                Times.format(login.session().expiresAt()), Views.UserView.of(login.user())));
    }

    /** A login's answer holds while the session it opened does (a replay never hands back a dead token). */
    private static boolean tokenStillLive(SessionService sessions, APIGatewayV2HTTPResponse answer) {
        if (answer.getStatusCode() != 201) {
            return true;
        }
        String token;
        try {
            token = Json.MAPPER.readTree(answer.getBody()).path("token").asText(null);
        } catch (com.fasterxml.jackson.core.JacksonException unreadable) {
            return true; // not a login's answer: nothing to check
        }
        return token == null || sessions.authenticate(token).isPresent();
    }

    /**
     * A logout is the session's own: its Idempotency-Key lives in the session's scope, not the user's, so the same
     * key sent with another session's token logs that session out instead of replaying the first logout. The same
     * session's retry (its 204 lost on the way) is answered the 204 again while the gateway still admits the token.
     */
    private static Caller sessionCaller(ApiRequest request) {
        return request.authorizerValue(ApiRequest.CONTEXT_SESSION_ID).map(id -> Caller.byId("session", id))
                .orElseGet(() -> Caller.of(request));
    }

    private static APIGatewayV2HTTPResponse logout(SessionService sessions, ApiRequest request) {
        sessions.logout(Callers.actor(sessions, request));
        return HttpResponses.noContent();
    }
}
