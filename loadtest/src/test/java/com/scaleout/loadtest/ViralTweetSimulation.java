package com.scaleout.loadtest;

import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

import io.gatling.javaapi.core.Simulation;
import java.io.IOException;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.Map;

/**
 * A viral tweet: likes of one tweet at a constant rate ({@code -Drate}, per second, for {@code -Dseconds}), each by
 * another fan (seeded with a session beforehand, {@link SeededAccounts}; the first account seeded writes the tweet),
 * as an open model. Against a stack with AWS's limits scaled by K ({@code ./scaleout load viral-tweet scale=K}), a
 * rate of 2,000/K stands for AWS's 2,000 likes a second of one tweet. A like is accepted (200) or refused by a throttle
 * (429); anything else fails. At the end the tweet's like count must reconcile with the likes accepted
 * ({@link ViralOutcomes}).
 */
public class ViralTweetSimulation extends Simulation {
    private final int rate = LoadRun.parameter("rate", 40);
    private final int seconds = LoadRun.parameter("seconds", 30);
    private final HttpClient client = HttpClient.newHttpClient();
    private final SeededAccounts fans = SeededAccounts.seed(client, rate * seconds + rate); // a second spare
    private final String tweetId = postTweet();
    private final ViralOutcomes outcomes = new ViralOutcomes(200);

    {
        setUp(outcomes.openModel(scenario("viral-tweet").feed(fans.feeder()),
                http("PUT /tweets/{id}/likes/me").put("/tweets/" + tweetId + "/likes/me")
                        .header("Authorization", "Bearer #{token}"), rate, seconds))
                .protocols(http.baseUrl(LoadRun.baseUrl()).shareConnections())
                .assertions(LoadRun.assertions());
    }

    @Override
    public void after() {
        outcomes.judge("viral-tweet", "likes", "tweet " + tweetId + "'s like count", this::likes);
    }

    private long likes() throws IOException, InterruptedException {
        return LoadRun.getJson(client, "/tweets/" + tweetId).path("likes").asLong(-1);
    }

    record TweetBody(String text) {
    }

    /** The tweet everyone likes, by the first account seeded. */
    private String postTweet() {
        try {
            return LoadRun.postJson(client, "/tweets", Map.of("Authorization", "Bearer " + fans.firstToken()),
                    new TweetBody("This one goes viral"), 201, Duration.ofSeconds(30)).path("id").asText();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted posting the tweet", e);
        }
    }
}
