package com.scaleout.loadtest;

import io.gatling.javaapi.core.Simulation;

/**
 * The seed's album client as a Gatling simulation ({@link AlbumsLoad}). Parameters are system properties
 * ({@code ./scaleout load albums} passes them): baseUrl, threadGroupSize, numThreadGroups, delaySeconds, pairs.
 * Gatling prints the counts, throughput and percentiles per request and writes its HTML report under
 * loadtest/target/gatling/; any failed request fails the run ({@link LoadRun#assertions()}).
 */
public class AlbumsSimulation extends Simulation {
    {
        setUp(new AlbumsLoad(AlbumsLoad.Parameters.fromSystemProperties(), SoakRecorder.OFF).population())
                .assertions(LoadRun.assertions());
    }
}
