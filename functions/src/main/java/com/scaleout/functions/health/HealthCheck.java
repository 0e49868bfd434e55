package com.scaleout.functions.health;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

/** Runs every probe and reports each dependency as {@code ok} or {@code down}. */
public final class HealthCheck {
    private static final Logger LOG = Logger.getLogger(HealthCheck.class.getName());

    private final List<DependencyProbe> probes;

    public HealthCheck(List<DependencyProbe> probes) {
        this.probes = List.copyOf(probes);
    }

    public HealthReport run() {
        Map<String, String> states = new LinkedHashMap<>();
        for (DependencyProbe probe : probes) {
            states.put(probe.name(), stateOf(probe));
        }
        return new HealthReport(states);
    }

    private static String stateOf(DependencyProbe probe) {
        try {
            probe.check();
            return HealthReport.OK;
        } catch (Exception e) {
            LOG.log(Level.WARNING, "health probe " + probe.name() + " failed", e);
            return HealthReport.DOWN;
        }
    }
}
