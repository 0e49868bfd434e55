package com.scaleout.loadtest;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

import io.gatling.javaapi.core.Simulation;
import java.io.IOException;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;

/**
 * A hashtag trending: tweets with one new hashtag at a constant rate ({@code -Drate}, per second, for
 * {@code -Dseconds}), each by another author (seeded with a session beforehand, {@link SeededAccounts}), as an open
 * model. Against a stack with AWS's limits scaled by K ({@code ./scaleout load viral-hashtag scale=K}), a rate of
 * 1,000/K stands for AWS's 1,000 tweets a second with one tag. A tweet is accepted (201) or refused by a throttle
 * (429); anything else fails. At the end the tag's list (the tweet index's stream consumer writes it) must hold the
 * tweets accepted ({@link ViralOutcomes}).
 */
public class ViralHashtagSimulation extends Simulation {
    private final int rate = LoadRun.parameter("rate", 20);
    private final int seconds = LoadRun.parameter("seconds", 30);
    private final HttpClient client = HttpClient.newHttpClient();
    private final SeededAccounts authors = SeededAccounts.seed(client, rate * seconds + rate); // a second spare
    private final String tag = "trending" + Long.toString(System.nanoTime() % 1_000_000_000L, 36);
    private final ViralOutcomes outcomes = new ViralOutcomes(201);

    record TweetBody(String text) {
    }

    {
        setUp(outcomes.openModel(scenario("viral-hashtag").feed(authors.feeder()),
                http("POST /tweets").post("/tweets").header("Authorization", "Bearer #{token}")
                        .header("Content-Type", "application/json")
                        .body(StringBody(LoadRun.json(new TweetBody("Everyone is talking about #" + tag)))), rate, seconds))
                .protocols(http.baseUrl(LoadRun.baseUrl()).shareConnections())
                .assertions(LoadRun.assertions());
    }

    @Override
    public void after() {
        outcomes.judge("viral-hashtag", "tweets", "#" + tag + "'s list holds", this::listed);
    }

    /** The tag's tweets, paged through. */
    private long listed() throws IOException, InterruptedException {
        long count = 0;
        String cursor = null;
        do {
            var page = LoadRun.getJson(client, "/hashtags/" + tag + "/tweets?limit=100"
                    + (cursor == null ? "" : "&cursor=" + URLEncoder.encode(cursor, StandardCharsets.UTF_8)));
            count += page.path("items").size();
            cursor = page.hasNonNull("next") ? page.get("next").asText() : null;
        } while (cursor != null);
        return count;
    }
}
