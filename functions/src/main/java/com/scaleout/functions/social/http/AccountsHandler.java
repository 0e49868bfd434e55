package com.scaleout.functions.social.http;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.scaleout.functions.shared.http.ApiException;
import com.scaleout.functions.shared.http.ApiHandler;
import com.scaleout.functions.shared.http.ApiRequest;
import com.scaleout.functions.shared.http.HttpResponses;
import com.scaleout.functions.social.SocialComponents;
import com.scaleout.functions.social.application.AccountService;
import com.scaleout.functions.social.application.LoginThrottle;
import com.scaleout.functions.social.application.SessionService;
import com.scaleout.functions.social.domain.Times;
import java.util.Map;
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
        this(components.accounts(), components.sessions(), components.timelines()::warm, components.loginThrottle());
    }

    AccountsHandler(AccountService accounts, SessionService sessions) {
        this(accounts, sessions, userId -> { }, LoginThrottle.NONE);
    }

    AccountsHandler(AccountService accounts, SessionService sessions, Consumer<String> warmAtLogin) {
        this(accounts, sessions, warmAtLogin, LoginThrottle.NONE);
    }

    /**
     * @param warmAtLogin builds the user's timeline at login if it is missing, as the seed warmed its caches
     * @param throttle    refuses logins (429) after too many failures of a username or from an address
     */
    AccountsHandler(AccountService accounts, SessionService sessions, Consumer<String> warmAtLogin,
                    LoginThrottle throttle) {
        super(Map.of(
                "POST /users", request -> register(accounts, request),
                "POST /sessions", request -> login(sessions, warmAtLogin, throttle, request),
                "DELETE /sessions/current", request -> logout(sessions, request),
                "GET /me", request -> HttpResponses.json(200,
                        Views.ProfileView.of(accounts.me(sessions.actor(request)))),
                "GET /users/{username}", request -> HttpResponses.json(200,
                        Views.ProfileView.of(accounts.profile(request.pathParameter("username"))))));
    }

    record RegisterBody(String username, String password, String displayName) {
        @Override
        public String toString() {
            return "RegisterBody[username=" + username + "]"; // never the password, wherever this is printed
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

    private static APIGatewayV2HTTPResponse login(SessionService sessions, Consumer<String> warmAtLogin,
                                                  LoginThrottle throttle, ApiRequest request) {
        var body = request.body(LoginBody.class);
        String username = body.username() == null ? "" : body.username();
        var address = request.sourceIp();
        throttle.refusedFor(username, address).ifPresent(wait -> {
            throw ApiException.tooManyRequests("Too many failed logins: try again later", wait.toSeconds());
        });
        SessionService.Login login;
        try {
            login = sessions.login(body.username(), body.password());
        } catch (ApiException e) {
            if (e.status() == 401) {
                throttle.failed(username, address);
            }
            throw e;
        }
        throttle.succeeded(username);
        try {
            warmAtLogin.accept(login.user().id());
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "could not warm the timeline at login; the first read will", e);
        }
        return HttpResponses.json(201, new Views.SessionView(login.token(),
                Times.format(login.session().expiresAt()), Views.UserView.of(login.user())));
    }

    private static APIGatewayV2HTTPResponse logout(SessionService sessions, ApiRequest request) {
        sessions.logout(sessions.actor(request));
        return HttpResponses.noContent();
    }
}
