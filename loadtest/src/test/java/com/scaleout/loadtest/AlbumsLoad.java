package com.scaleout.loadtest;

import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.jsonPath;
import static io.gatling.javaapi.core.CoreDsl.repeat;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.RawFileBodyPart;
import static io.gatling.javaapi.http.HttpDsl.StringBodyPart;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import java.util.HashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The seed's album client: {@code numThreadGroups} groups of {@code threadGroupSize} users, a group every
 * {@code delaySeconds}; each user does {@code pairs} POST /albums (a real 120 KB image and a profile) + GET
 * /albums/{id}. In a soak run (a recorder on) each pair also reviews the album (like or dislike, at random), and
 * the albums and reviews accepted are recorded.
 */
final class AlbumsLoad {
    static final String ARTIST = "Sex Pistols";
    static final String TITLE = "Never Mind The Bollocks!";
    static final String YEAR = "1977";
    private static final String PROFILE = LoadRun.json(new Profile(ARTIST, TITLE, YEAR));

    /** What shapes the load. */
    record Parameters(int threadGroupSize, int numThreadGroups, int delaySeconds, int pairs) {
        static Parameters fromSystemProperties() {
            return new Parameters(LoadRun.parameter("threadGroupSize", 10), LoadRun.parameter("numThreadGroups", 30),
                    LoadRun.parameter("delaySeconds", 2), LoadRun.parameter("pairs", 100));
        }
    }

    /** The profile part of POST /albums. */
    record Profile(String artist, String title, String year) {
    }

    private final Parameters parameters;
    private final SoakRecorder recorder;

    AlbumsLoad(Parameters parameters, SoakRecorder recorder) {
        this.parameters = parameters;
        this.recorder = recorder;
    }

    PopulationBuilder population() {
        var protocol = http.baseUrl(LoadRun.baseUrl()).shareConnections();
        // a failed POST saves no id: the previous pair's must not stand in for it
        var pair = exec(session -> session.remove("albumID")).exec(recorder.write(http("POST /albums").post("/albums")
                        .bodyPart(RawFileBodyPart("image", "album-cover.bin").contentType("image/png")
                                .fileName("album-cover.png"))
                        .bodyPart(StringBodyPart("profile", PROFILE).contentType("application/json"))
                        .asMultipartForm()
                        .check(status().is(200), jsonPath("$.albumID").saveAs("albumID")),
                session -> {
                    var write = new HashMap<String, Object>();
                    write.put("kind", "album");
                    write.put("id", session.contains("albumID") ? session.getString("albumID") : null);
                    return write;
                }, 200))
                .exec(http("GET /albums/{albumID}").get("/albums/#{albumID}").check(status().is(200)));
        if (recorder.on()) {
            pair = pair.doIf(session -> session.contains("albumID")).then(review());
        }
        return scenario("albums").exec(repeat(parameters.pairs()).on(pair))
                .injectOpen(LoadRun.bursts(parameters.numThreadGroups(), parameters.threadGroupSize(),
                        parameters.delaySeconds()))
                .protocols(recorder.watching(protocol));
    }

    private ChainBuilder review() {
        return exec(session -> session.set("verdict", ThreadLocalRandom.current().nextBoolean() ? "like" : "dislike"))
                .exec(recorder.write(http("POST /review/{likeornot}/{albumID}").post("/review/#{verdict}/#{albumID}")
                        .check(status().is(201)), session -> {
                            var write = new HashMap<String, Object>();
                            write.put("kind", "review");
                            write.put("album", session.getString("albumID"));
                            write.put("verdict", session.getString("verdict"));
                            return write;
                        }, 201));
    }
}
