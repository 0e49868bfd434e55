package com.scaleout.bench.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class KeySpreadTest {

    @Test
    void everyShardedKeyOfTheCommittedProfileHasAKnownShardCount() {
        var profile = CostProfile.read(Path.of("..").resolve(CostProfile.COMMITTED));
        var keys = profile.routes().stream().flatMap(route -> route.partitions().stream())
                .filter(PartitionUnits::keyed).toList();

        assertThat(keys).isNotEmpty();
        // throws, naming the key, for a sharded key KeySpread does not know
        keys.forEach(units -> assertThat(KeySpread.shards(units.table(), units.key())).isPositive());
    }

    @Test
    void theNewestListIsTheOnlyKeyEveryRequestShares() {
        assertThat(KeySpread.shards("TweetIndex", "recent#{n}")).isEqualTo(8);
        assertThat(KeySpread.shared("TweetIndex", "recent#{n}")).isTrue();
        assertThat(KeySpread.shared("TweetIndex", "tag#scaleout#{n}")).isFalse();
        assertThat(KeySpread.shards("Likes", "{id}#{n}")).isEqualTo(10);
        assertThat(KeySpread.shards("Users", "{id}")).isEqualTo(1);
    }
}
