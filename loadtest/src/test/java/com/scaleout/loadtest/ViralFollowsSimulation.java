package com.scaleout.loadtest;

import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

import io.gatling.javaapi.core.Simulation;
import java.io.IOException;
import java.net.http.HttpClient;

/**
 * A star everyone follows: follows of one account at a constant rate ({@code -Drate}, per second, for
 * {@code -Dseconds}), each by another fan (seeded with a session beforehand, {@link SeededAccounts}), as an open model.
 * Against a stack with AWS's limits scaled by K ({@code ./scaleout load viral-follows scale=K}), a rate of 2,000/K
 * stands for AWS's 2,000 follows a second of one account. A follow is accepted (204) or refused by a throttle (429);
 * anything else fails. At the end the star's follower count must reconcile with the follows accepted
 * ({@link ViralOutcomes}).
 */
public class ViralFollowsSimulation extends Simulation {
    private final int rate = LoadRun.parameter("rate", 40);
    private final int seconds = LoadRun.parameter("seconds", 30);
    private final HttpClient client = HttpClient.newHttpClient();
    private final SeededAccounts fans = SeededAccounts.seed(client, rate * seconds + rate); // a second spare: Gatling may start one user more
    private final ViralOutcomes outcomes = new ViralOutcomes(204);

    {
        setUp(outcomes.openModel(scenario("viral-follows").feed(fans.feeder()),
                http("PUT /me/following/{username}").put("/me/following/" + fans.first())
                        .header("Authorization", "Bearer #{token}"), rate, seconds))
                .protocols(http.baseUrl(LoadRun.baseUrl()).shareConnections())
                .assertions(LoadRun.assertions());
    }

    @Override
    public void after() {
        outcomes.judge("viral-follows", "follows", fans.first() + "'s follower count", this::followers);
    }

    private long followers() throws IOException, InterruptedException {
        return LoadRun.getJson(client, "/users/" + fans.first()).path("followers").asLong(-1);
    }
}
