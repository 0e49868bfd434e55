package com.scaleout.loadtest;

import io.gatling.javaapi.core.Simulation;

/**
 * The seed's "scalability runoff" against the social API ({@link SocialLoad} says what the clients do). Parameters
 * are system properties ({@code ./scaleout load social key=value ...} passes them): baseUrl, users, ramp, duration,
 * follows, thinkMillis. Any failed request fails the run ({@link LoadRun#assertions()}).
 */
public class SocialSimulation extends Simulation {
    private final SocialLoad load = new SocialLoad(SocialLoad.Parameters.fromSystemProperties(), SoakRecorder.OFF);

    {
        setUp(load.population())
                .maxDuration(load.maxDuration())
                .assertions(LoadRun.assertions());
    }

    @Override
    public void before() {
        load.before();
    }
}
