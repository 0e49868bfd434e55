package com.scaleout.bench.capacity;

/**
 * One ceiling of the stack and what a mix's requests put on it: {@code perRequest} of {@code unit} per request of
 * the mix, against {@code limit} of them a second.
 *
 * @param raise how the ceiling is raised (a quota request, a setting, sharding)
 */
public record ResourceLoad(String resource, String unit, double perRequest, double limit, String raise) {

    /** The share of the ceiling taken at {@code requestsPerSecond} (1 is the ceiling). */
    public double utilisation(double requestsPerSecond) {
        return requestsPerSecond * perRequest / limit;
    }

    /** The rate of the mix at which the ceiling is reached; infinite for a resource it does not use. */
    public double breaksAt() {
        return perRequest <= 0 ? Double.POSITIVE_INFINITY : limit / perRequest;
    }
}
