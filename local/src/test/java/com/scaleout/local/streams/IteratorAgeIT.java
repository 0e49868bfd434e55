package com.scaleout.local.streams;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.admin.application.ConsumerLag;
import com.scaleout.admin.cloudwatch.CloudWatchConsumerLag;
import com.scaleout.local.testing.SharedBackends;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;

/**
 * The stream consumers' lag round trip as the status page sees it: the poller's IteratorAge, published as Lambda
 * publishes it, is read back by the admin's CloudWatch adapter, through the local runtime's endpoint and the patched
 * moto (whose patch 12 serves the SDK's CBOR protocol for CloudWatch). A consumer that published nothing shows as not reported, not as 0.
 */
class IteratorAgeIT {

    /** CloudWatch at the local runtime's endpoint (the gate in front of the shared, patched moto_server). */
    private static CloudWatchClient cloudWatch() throws Exception {
        return CloudWatchClient.builder()
                .endpointOverride(SharedBackends.get().dynamoDbEndpoint())
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")))
                .build();
    }

    @Test
    void theLargestRecentIteratorAgeOfEachConsumerIsItsLag() throws Exception {
        Instant now = Instant.now();
        Map<String, ConsumerLag.Lag> lags;
        try (var cloudWatch = cloudWatch()) {
            var published = IteratorAge.to(cloudWatch);
            published.publish("scaleout-dev-TweetIndexer", Duration.ofMillis(1_200), now.minusSeconds(1));
            published.publish("scaleout-dev-TweetIndexer", Duration.ofMillis(3_400), now);

            lags = new CloudWatchConsumerLag(cloudWatch, Map.of("TweetIndexer", "scaleout-dev-TweetIndexer",
                    "SearchIndexer", "scaleout-dev-SearchIndexer"), Clock.systemUTC()).lags();
        }

        assertThat(lags).containsOnlyKeys("TweetIndexer", "SearchIndexer");
        assertThat(lags.get("TweetIndexer").lagMs()).isEqualTo(3_400L);
        assertThat(Instant.parse(lags.get("TweetIndexer").at()))
                .isBetween(now.minus(Duration.ofMinutes(2)), now.plusSeconds(1));
        assertThat(lags.get("SearchIndexer")).isEqualTo(ConsumerLag.Lag.NOT_REPORTED);
    }
}
