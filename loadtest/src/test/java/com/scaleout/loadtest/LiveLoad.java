package com.scaleout.loadtest;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.jsonPath;
import static io.gatling.javaapi.core.CoreDsl.pause;
import static io.gatling.javaapi.core.CoreDsl.rampUsers;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;
import static io.gatling.javaapi.http.HttpDsl.ws;

import io.gatling.http.action.ws.WsInboundMessage;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Live clients beside a load: {@code connections} users arrive over {@code ramp} seconds; each registers, logs in,
 * opens a WebSocket connection to the Live API with its token ({@code -DliveUrl}, by default the base URL's
 * {@code ws://HOST:PORT/live}), subscribes to {@code public} and {@code home} (each must answer {@code subscribed})
 * and keeps the connection until {@code ramp + duration} seconds, receiving what is pushed; then unsubscribes from
 * {@code public}, whose {@code unsubscribed} shows the server kept the connection open all along (a connection it
 * closed, for whatever reason, fails that step), and closes it.
 */
final class LiveLoad {
    private static final String PASSWORD = "live-load-password";
    private static final Duration ANSWER_WITHIN = Duration.ofSeconds(30);
    /** The pushed messages kept per connection until they are counted (the oldest dropped past this). */
    private static final int BUFFERED_MESSAGES = 1_000;

    /** What shapes the live clients. */
    record Parameters(int connections, int rampSeconds, int durationSeconds) {
    }

    private final Parameters parameters;
    private final SocialLoad.Accounts accounts = new SocialLoad.Accounts();
    private final AtomicLong tweetsReceived = new AtomicLong();
    private volatile long endNanos;

    LiveLoad(Parameters parameters) {
        this.parameters = parameters;
    }

    /** The Live API's URL: {@code -DliveUrl}, else the local runtime's, on the API's host and port. */
    static String liveUrl() {
        return System.getProperty("liveUrl", LoadRun.baseUrl().replaceFirst("^http", "ws") + "/live");
    }

    PopulationBuilder population() {
        var arrivals = parameters.rampSeconds() == 0 ? atOnceUsers(parameters.connections())
                : rampUsers(parameters.connections()).during(parameters.rampSeconds());
        var protocol = http.baseUrl(LoadRun.baseUrl()).acceptHeader("application/json")
                .wsUnmatchedInboundMessageBufferSize(BUFFERED_MESSAGES);
        return io.gatling.javaapi.core.CoreDsl.scenario("live").exec(
                signUp(),
                ws("connect").connect(session -> liveUrl() + "?token="
                        + URLEncoder.encode(session.getString("token"), StandardCharsets.UTF_8)),
                subscribe("public"),
                subscribe("home"),
                pause(session -> Duration.ofNanos(Math.max(0, endNanos - System.nanoTime()))),
                ws.processUnmatchedMessages((messages, session) -> {
                    tweetsReceived.addAndGet(messages.stream().filter(WsInboundMessage.Text.class::isInstance)
                            .map(m -> ((WsInboundMessage.Text) m).message()).filter(LiveLoad::isTweet).count());
                    return session;
                }),
                ws("unsubscribe public").sendText(action("unsubscribe", "public")).await(ANSWER_WITHIN).on(
                        ws.checkTextMessage("unsubscribed public")
                                .matching(jsonPath("$.stream").is("public"),
                                        jsonPath("$.type").in("unsubscribed", "error"))
                                .check(jsonPath("$.type").is("unsubscribed"))),
                ws("close").close())
                .injectOpen(arrivals).protocols(protocol);
    }

    /** How long the run may last before Gatling stops it. */
    Duration maxDuration() {
        return Duration.ofSeconds(parameters.rampSeconds() + parameters.durationSeconds() + 60L);
    }

    void before() {
        endNanos = System.nanoTime()
                + Duration.ofSeconds(parameters.rampSeconds() + parameters.durationSeconds()).toNanos();
        System.out.printf("live: %d connections to %s arriving over %d s, each subscribed to public and home until "
                + "%d s%n", parameters.connections(), liveUrl(), parameters.rampSeconds(),
                parameters.rampSeconds() + parameters.durationSeconds());
    }

    void after() {
        System.out.printf("live: the connections received %,d pushed tweets (the last %d per connection counted)%n",
                tweetsReceived.get(), BUFFERED_MESSAGES);
    }

    private ChainBuilder signUp() {
        return exec(session -> {
            String username = accounts.newUsername();
            return session.set("credentials", LoadRun.json(new SocialLoad.Credentials(username, PASSWORD)));
        })
                .exec(http("POST /users (live)").post("/users").body(StringBody("#{credentials}")).asJson()
                        .check(status().is(201)))
                .exec(http("POST /sessions (live)").post("/sessions").body(StringBody("#{credentials}")).asJson()
                        .check(status().is(201), jsonPath("$.token").saveAs("token")))
                .exitHereIfFailed();
    }

    /** Subscribes to {@code stream}: the answer to it must be {@code subscribed}, not an {@code error}. */
    private static ChainBuilder subscribe(String stream) {
        return exec(ws("subscribe " + stream).sendText(action("subscribe", stream)).await(ANSWER_WITHIN).on(
                ws.checkTextMessage("subscribed " + stream)
                        .matching(jsonPath("$.stream").is(stream), jsonPath("$.type").in("subscribed", "error"))
                        .check(jsonPath("$.type").is("subscribed"))))
                .exitHereIfFailed();
    }

    private static boolean isTweet(String message) {
        try {
            return "tweet".equals(LoadRun.mapper().readTree(message).path("type").asText());
        } catch (java.io.IOException notJson) {
            return false;
        }
    }

    private static String action(String action, String stream) {
        return LoadRun.json(Map.of("action", action, "stream", stream));
    }
}
