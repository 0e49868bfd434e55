package com.scaleout.functions.social.streams;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue;
import com.scaleout.declaration.Settings;
import com.scaleout.functions.shared.aws.AwsClients;
import com.scaleout.functions.shared.config.RuntimeEnvironment;
import com.scaleout.functions.shared.counters.CountLogHandler;
import com.scaleout.functions.shared.counters.DynamoTallies;
import com.scaleout.functions.shared.counters.WatermarkFold;
import com.scaleout.functions.shared.snapstart.PrimingRequests;
import com.scaleout.functions.social.dynamodb.SocialCountLog;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * On the social count log's stream ({@code CountLog}): each change is folded into its target's counter (a user's
 * follower count, a tweet's likes or retweets), each target's changes of a batch in one conditional update ({@link WatermarkFold}).
 */
public final class CountFoldHandler extends CountLogHandler {
    private static final List<SocialCountLog.Counter> COUNTERS = List.of(SocialCountLog.FOLLOWERS,
            SocialCountLog.LIKES, SocialCountLog.RETWEETS);
    private final WatermarkFold.Tallies tallies;

    public CountFoldHandler() {
        this(byCounter(counter -> dynamoTallies(AwsClients.dynamoDb(), counter)));
    }

    CountFoldHandler(WatermarkFold.Tallies tallies) {
        super(new WatermarkFold(tallies, "count"));
        this.tallies = tallies;
    }

    /** An empty batch, and the watermarks of an account that does not exist (a read that finds nothing). */
    @Override
    protected void warmUp() {
        process(new DynamodbEvent());
        tallies.watermarks(target(SocialCountLog.FOLLOWERS.name(), PrimingRequests.MISSING_ID));
    }

    @Override
    protected Optional<WatermarkFold.Change> change(Map<String, AttributeValue> image, String sequence) {
        var bucket = SocialCountLog.parse(image.get(SocialCountLog.BUCKET) == null ? null
                : image.get(SocialCountLog.BUCKET).getS());
        var delta = image.get(SocialCountLog.DELTA);
        if (bucket.isEmpty() || delta == null || delta.getN() == null || !delta.getN().matches("-?[0-9]{1,18}")
                || COUNTERS.stream().noneMatch(counter -> counter.name().equals(bucket.get().counter()))) {
            return Optional.empty();
        }
        return Optional.of(new WatermarkFold.Change(target(bucket.get().counter(), bucket.get().targetId()),
                bucket.get().number(), sequence, Map.of(bucket.get().counter(), Long.parseLong(delta.getN()))));
    }

    /** A fold's target: the counter's name and the target's id, as in the log's bucket keys. */
    static String target(String counter, String targetId) {
        return counter + ":" + targetId;
    }

    private static WatermarkFold.Tallies dynamoTallies(DynamoDbClient dynamoDb, SocialCountLog.Counter counter) {
        return new DynamoTallies(dynamoDb, RuntimeEnvironment.variable(Settings.table(counter.table())).orElse(null),
                counter.keyAttribute(), counter.watermarkPrefix(), SocialCountLog.BUCKETS);
    }

    /**
     * Each counter's tallies, by the counter's name in the target: a change of {@code followers} to the target's
     * {@code followers} attribute (deltas are named by the counter, the attribute may differ).
     */
    static WatermarkFold.Tallies byCounter(Function<SocialCountLog.Counter, WatermarkFold.Tallies> tallies) {
        var byName = new java.util.HashMap<String, WatermarkFold.Tallies>();
        var counters = new java.util.HashMap<String, SocialCountLog.Counter>();
        COUNTERS.forEach(counter -> {
            byName.put(counter.name(), tallies.apply(counter));
            counters.put(counter.name(), counter);
        });
        return new WatermarkFold.Tallies() {
            @Override
            public Optional<Map<Integer, BigInteger>> watermarks(String target) {
                int colon = target.indexOf(':');
                return byName.get(target.substring(0, colon)).watermarks(target.substring(colon + 1));
            }

            @Override
            public boolean add(String target, Map<String, Long> deltas, Map<Integer, BigInteger> seen,
                               Map<Integer, BigInteger> upTo) {
                int colon = target.indexOf(':');
                var counter = counters.get(target.substring(0, colon));
                return byName.get(counter.name()).add(target.substring(colon + 1),
                        Map.of(counter.attribute(), deltas.getOrDefault(counter.name(), 0L)), seen, upTo);
            }
        };
    }
}
