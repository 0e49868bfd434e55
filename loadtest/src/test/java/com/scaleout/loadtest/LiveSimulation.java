package com.scaleout.loadtest;

import io.gatling.javaapi.core.Simulation;

/**
 * The social load ({@link SocialLoad}) with live clients beside it ({@link LiveLoad}): {@code connections} signed-up
 * users each keep a WebSocket connection to the Live API subscribed to {@code public} and {@code home} for the whole
 * run, while the social clients tweet into those streams. Parameters: the social simulation's (baseUrl, users, ramp,
 * duration, follows, thinkMillis), {@code connections} (default 20) and {@code liveUrl} (default: the base URL's
 * {@code ws://HOST:PORT/live}). Any failed request, a subscription not answered {@code subscribed}, or a connection
 * the server closed before the end fails the run ({@link LoadRun#assertions()}).
 */
public class LiveSimulation extends Simulation {
    private final SocialLoad.Parameters parameters = SocialLoad.Parameters.fromSystemProperties();
    private final SocialLoad social = new SocialLoad(parameters, SoakRecorder.OFF);
    private final LiveLoad live = new LiveLoad(new LiveLoad.Parameters(LoadRun.parameter("connections", 20),
            parameters.rampSeconds(), parameters.durationSeconds()));

    {
        setUp(social.population(), live.population())
                .maxDuration(social.maxDuration())
                .assertions(LoadRun.assertions());
    }

    @Override
    public void before() {
        social.before();
        live.before();
    }

    @Override
    public void after() {
        live.after();
    }
}
