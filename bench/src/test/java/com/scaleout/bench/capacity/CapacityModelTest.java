package com.scaleout.bench.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import com.scaleout.local.limits.AwsLimits;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CapacityModelTest {
    private static final RouteDemand TIMELINE = new RouteDemand("GET /timeline", "SocialTimeline", 1024, 20,
            List.of(), 20, 0, Map.of(), Map.of(), 1.5e-6, 0);
    private static final RouteDemand TWEET = new RouteDemand("POST /tweets", "SocialTweets", 1024, 25, List.of(
            new PartitionUnits("Tweets", null, "{id}", 0, 2, false),
            new PartitionUnits("Users", null, "{id}", 1.5, 0, false),
            new PartitionUnits("TweetIndex", null, "recent#{n}", 0, 1, true),
            new PartitionUnits("TweetIndex", null, "tag#scaleout#{n}", 0, 1, false)),
            3, 50, Map.of(), Map.of("SocialFanout", 30.0), 5e-6, 6e-6);
    private static final CostProfile PROFILE = new CostProfile("2026-12-06", "./scaleout bench cost 3",
            List.of(TIMELINE, TWEET));
    private static final AwsCeilings CEILINGS = new AwsCeilings(new AwsLimits(1), Map.of("POST /tweets", 300.0),
            2_000, 100_000);
    private static final TrafficMix MIX = new TrafficMix("test", "", Map.of("GET /timeline", 0.9,
            "POST /tweets", 0.1), List.of());

    private final CapacityModel model = new CapacityModel(PROFILE, CEILINGS);

    private ResourceLoad load(TrafficMix mix, String resource) {
        return model.loads(mix).stream().filter(load -> load.resource().equals(resource)).findFirst().orElseThrow();
    }

    @Test
    void eachCeilingIsReachedWhereTheMixsShareOfItsLoadMeetsItsLimit() {
        assertThat(load(MIX, "API Gateway: the account's throttle").breaksAt()).isEqualTo(10_000);
        // the stage's default for the timeline, the declared throttle for tweets
        assertThat(load(MIX, "API Gateway: the route throttle of `GET /timeline`").breaksAt())
                .isCloseTo(2_000 / 0.9, offset(1e-6));
        assertThat(load(MIX, "API Gateway: the route throttle of `POST /tweets`").breaksAt())
                .isCloseTo(3_000, offset(1e-6));
        // route functions' and stream consumers' time: 0.9 * 20 ms + 0.1 * (25 + 30) ms a request
        assertThat(load(MIX, "Lambda: the account's concurrency").perRequest()).isCloseTo(0.0235, offset(1e-12));
        assertThat(load(MIX, "DynamoDB: `table/Tweets` writes").breaksAt()).isCloseTo(40_000 / 0.2, offset(1e-6));
        assertThat(load(MIX, "DynamoDB: `table/TweetIndex` writes").perRequest()).isCloseTo(0.2, offset(1e-12));
        // the cache: the timeline's 20 ECPUs, the tweet's 3 and its consumers' 50
        assertThat(load(MIX, "ElastiCache: the cache's ECPU/s maximum").perRequest()).isCloseTo(23.3, offset(1e-9));
    }

    @Test
    void aKeyEveryRequestSharesSpreadsOverItsShardsOnly() {
        // recent#n: 8 shards, each a partition of 1,000 write units
        assertThat(load(MIX, "DynamoDB: one shard of `table/TweetIndex` key `recent#{n}` (shared by every request)")
                .breaksAt()).isCloseTo(1_000 / (0.1 * 1 / 8), offset(1e-6));
        // a tag's key is one entity's: no ceiling of its own outside a viral mix
        assertThat(model.loads(MIX)).noneMatch(load -> load.resource().contains("tag#"));
    }

    @Test
    void theFirstCeilingToBreakIsTheLowestRate() {
        var first = model.firstToBreak(MIX);
        assertThat(first.resource()).isEqualTo("API Gateway: the route throttle of `GET /timeline`");
        assertThat(model.loads(MIX)).isSortedAccordingTo(java.util.Comparator.comparingDouble(
                ResourceLoad::breaksAt));
        assertThat(load(MIX, "API Gateway: the route throttle of `GET /timeline`").utilisation(10_000))
                .isCloseTo(4.5, offset(1e-9));
    }

    @Test
    void aViralMixsEntityKeysTakeEveryRequestOverTheirShards() {
        var trending = new TrafficMix("viral-test", "", Map.of("POST /tweets", 1.0),
                List.of(new TrafficMix.HotKey("table/TweetIndex", "tag#")));
        var tag = load(trending, "DynamoDB: one shard of the entity's `table/TweetIndex` key `tag#scaleout#{n}`");
        assertThat(tag.breaksAt()).isCloseTo(4_000, offset(1e-6)); // 1 write unit a tweet over 4 shards
        assertThat(tag.unit()).isEqualTo("write-unit equivalents");
    }

    @Test
    void aPartitionsReadsCountAThirdOfAWrite() {
        assertThat(CapacityModel.equivalentWrites(new PartitionUnits("Users", null, "{id}", 1.5, 1, false)))
                .isCloseTo(1.5, offset(1e-12));
    }

    @Test
    void concurrencyAndMonthlyCostGrowWithTheRate() {
        assertThat(model.concurrency(MIX, 1_000)).isCloseTo(23.5, offset(1e-9));
        // 730 hours of 1,000 requests a second at 0.9 * $1.5 + 0.1 * ($5 + $6) per million
        assertThat(model.monthlyDollars(MIX, 1_000)).isCloseTo(2_628_000_000.0 * 2.45e-6, offset(1e-6));
        assertThat(model.monthlyDollars(MIX, 10_000)).isCloseTo(10 * model.monthlyDollars(MIX, 1_000), offset(1e-6));
    }

    @Test
    void aMixWithARouteTheProfileLacksIsRefusedByName() {
        var albums = new TrafficMix("albums", "", Map.of("POST /albums", 1.0), List.of());
        assertThatThrownBy(() -> model.loads(albums)).hasMessageContaining("no POST /albums");
    }
}
