package com.scaleout.bench.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TrafficMixTest {

    @Test
    void theSocialMixIsTheLoadsNineteenReadsPerWriteAction() {
        double reads = TrafficMix.SOCIAL.weights().entrySet().stream()
                .filter(e -> e.getKey().startsWith("GET ")).mapToDouble(Map.Entry::getValue).sum();
        // 95 reads per 5 write actions, one of them (a refollow) two requests in 10 %
        assertThat(reads).isCloseTo(0.95 / 1.005, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(TrafficMix.SOCIAL.weights().get("PUT /me/following/{username}"))
                .isEqualTo(TrafficMix.SOCIAL.weights().get("DELETE /me/following/{username}"));
    }

    @Test
    void allIsAThirdOfEachWorkload() {
        assertThat(TrafficMix.ALL.weights().get("POST /v2/import/push")).isCloseTo(1.0 / 3,
                org.assertj.core.data.Offset.offset(1e-9));
        assertThat(TrafficMix.ALL.weights().get("GET /timeline")).isCloseTo(0.35 / 1.005 / 3,
                org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void sharesThatDoNotSumToOneAreRefused() {
        assertThatThrownBy(() -> new TrafficMix("half", "", Map.of("GET /me", 0.5), List.of()))
                .hasMessageContaining("sum to 0.5");
    }

    @Test
    void anUnknownNameIsRefusedWithTheNames() {
        assertThatThrownBy(() -> TrafficMix.named("twitter")).hasMessageContaining("social, albums, import, all, "
                + "viral-likes");
    }

    @Test
    void aViralEntitysKeysAreTheRoutesOwnNeverAStreamConsumersFold() {
        var follows = TrafficMix.named("viral-follows");
        assertThat(follows.hot(new PartitionUnits("CountLog", null, "followers:{id}#{n}", 0, 2, false))).isTrue();
        assertThat(follows.hot(new PartitionUnits("Follows", "FollowersByShard", "{id}#{n}", 0, 1, false))).isTrue();
        assertThat(follows.hot(new PartitionUnits("Follows", null, "{id}", 0, 2, false))).isFalse(); // the fan's
        assertThat(follows.hot(new PartitionUnits("CountLog", null, "followers:{id}#{n}", 0, 2, true))).isFalse();
    }

    @Test
    void anImportingClientsHotKeysAreItsTablesLogsWrittenPerChangeByTheConsumer() {
        var imports = TrafficMix.named("viral-import");
        assertThat(imports.hot(new PartitionUnits("ImportChanges", null, "4821/customers", 0, 2, true))).isTrue();
        // the dedupe marks are keyed by record: spread
        assertThat(imports.hot(new PartitionUnits("ImportChanges", null, "mark/{id}/{seq}", 1, 1, true))).isFalse();
        assertThat(imports.hot(new PartitionUnits("ImportRecords", null, "{id}", 0, 1, false))).isFalse();
    }
}
