package com.scaleout.loadtest;

import static io.gatling.javaapi.http.HttpDsl.RawFileBodyPart;
import static io.gatling.javaapi.http.HttpDsl.StringBodyPart;
import static io.gatling.javaapi.core.CoreDsl.jsonPath;
import static io.gatling.javaapi.core.CoreDsl.repeat;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;

/**
 * The seed's album client as a Gatling simulation: {@code numThreadGroups} groups of {@code threadGroupSize}
 * users, a group every {@code delaySeconds}; each user does {@code pairs} POST /albums (a real 120 KB image and a
 * profile) + GET /albums/{id}. Parameters are system properties ({@code ./scaleout load albums} passes them):
 * baseUrl, threadGroupSize, numThreadGroups, delaySeconds, pairs. Gatling prints the counts, throughput and
 * percentiles per request and writes its HTML report under loadtest/target/gatling/; any failed request fails the
 * run ({@link LoadRun#assertions()}).
 */
public class AlbumsSimulation extends Simulation {
    private static final String BASE_URL = LoadRun.baseUrl();
    private static final int THREAD_GROUP_SIZE = LoadRun.parameter("threadGroupSize", 10);
    private static final int NUM_THREAD_GROUPS = LoadRun.parameter("numThreadGroups", 30);
    private static final int DELAY_SECONDS = LoadRun.parameter("delaySeconds", 2);
    private static final int PAIRS = LoadRun.parameter("pairs", 100);
    private static final String PROFILE = "{\"artist\":\"Sex Pistols\",\"title\":\"Never Mind The Bollocks!\","
            + "\"year\":\"1977\"}";

    private final ScenarioBuilder albums = scenario("albums").exec(repeat(PAIRS).on(
            http("POST /albums").post("/albums")
                    .bodyPart(RawFileBodyPart("image", "album-cover.bin").contentType("image/png")
                            .fileName("album-cover.png"))
                    .bodyPart(StringBodyPart("profile", PROFILE).contentType("application/json"))
                    .asMultipartForm()
                    .check(status().is(200), jsonPath("$.albumID").saveAs("albumID")),
            http("GET /albums/{albumID}").get("/albums/#{albumID}").check(status().is(200))));

    {
        setUp(albums.injectOpen(LoadRun.bursts(NUM_THREAD_GROUPS, THREAD_GROUP_SIZE, DELAY_SECONDS)))
                .protocols(http.baseUrl(BASE_URL).shareConnections())
                .assertions(LoadRun.assertions());
    }
}
