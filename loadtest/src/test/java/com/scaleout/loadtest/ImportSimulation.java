package com.scaleout.loadtest;

import io.gatling.javaapi.core.Simulation;

/**
 * Bursts of Stitch pushes ({@link ImportLoad}). Parameters are system properties ({@code ./scaleout load import}
 * passes them): baseUrl, bursts, concurrency, pushes, every, maxRecords, seed, importToken and clientId, adminKey.
 * Any failed request fails the run ({@link LoadRun#assertions()}).
 */
public class ImportSimulation extends Simulation {
    private final ImportLoad load = new ImportLoad(ImportLoad.Parameters.fromSystemProperties(), SoakRecorder.OFF);

    {
        setUp(load.population()).assertions(LoadRun.assertions());
    }

    @Override
    public void before() {
        load.before();
    }

    @Override
    public void after() {
        load.after();
    }
}
