package com.scaleout.cdk;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.ScaleoutDeclaration;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awscdk.assertions.Match;

/** The alarms and the dashboard of the production stack, derived from its declaration. */
class MonitoringTest {
    private static final Declaration DECLARATION = ScaleoutDeclaration.declaration();

    @TempDir
    static Path tmp;

    private static TestStacks.Synthesized synth;

    @BeforeAll
    static void synthesize() {
        synth = TestStacks.synth(DECLARATION, TestStacks.config("dev", tmp));
    }

    @Test
    void twoApiAlarmsOneThrottleAlarmPerFunctionThreePerStreamConsumerTwoForTheCacheTwoOnOperatorMetricsAndTheLive() {
        int expected = 2 + synth.stack().declaration().functions().size() + 3 * DECLARATION.streamConsumers().size()
                + 2 + 2 + webSocketAlarms();

        synth.template().resourceCountIs("AWS::CloudWatch::Alarm", expected);
        assertThat(synth.stack().monitoring().alarms()).hasSize(expected);
    }

    @Test
    void everyAlarmNotifiesTheAlarmTopic() {
        var alarms = synth.template().findResources("AWS::CloudWatch::Alarm");
        var topics = synth.template().findResources("AWS::SNS::Topic");
        assertThat(topics).hasSize(1);
        String topic = topics.keySet().iterator().next();

        assertThat(alarms.values()).allSatisfy(alarm -> assertThat(properties(alarm).get("AlarmActions"))
                .isEqualTo(List.of(Map.of("Ref", topic))));
    }

    @Test
    void theApiAlarmsWatchThe5xxRateAndTheP99Latency() {
        synth.template().hasResourceProperties("AWS::CloudWatch::Alarm", Match.objectLike(Map.of(
                "Threshold", Monitoring.SERVER_ERROR_PERCENT,
                "EvaluationPeriods", 3,
                "Metrics", Match.arrayWith(List.of(Match.objectLike(Map.of(
                        "Expression", "IF(requests > 0, 100 * errors / requests, 0)")))))));
        synth.template().hasResourceProperties("AWS::CloudWatch::Alarm", Match.objectLike(Map.of(
                "MetricName", "Latency",
                "ExtendedStatistic", "p99",
                "Threshold", Monitoring.P99_LATENCY_MS)));
    }

    @Test
    void theCacheAlarmsOnThrottledCommandsAndOnStorageNearItsCeiling() {
        Object cacheName = synth.resolve(synth.stack().cache().orElseThrow().serverlessCache().getServerlessCacheName());
        var dimensions = java.util.List.of(Map.of("Name", "clusterId", "Value", cacheName));
        synth.template().hasResourceProperties("AWS::CloudWatch::Alarm", Match.objectLike(Map.of(
                "Namespace", "AWS/ElastiCache", "MetricName", "ThrottledCmds", "Threshold", 0,
                "Dimensions", dimensions)));
        double ceiling = ScaleoutStackConfig.of("dev", "f.jar", "a.jar").cacheLimits().maxDataGb() * 1e9;
        synth.template().hasResourceProperties("AWS::CloudWatch::Alarm", Match.objectLike(Map.of(
                "MetricName", "BytesUsedForCache", "Threshold", Monitoring.CACHE_STORAGE_SHARE * ceiling,
                "Dimensions", dimensions)));
    }

    @Test
    void aStackWithARedisOfItsOwnHasNoCacheAlarms() {
        var byo = TestStacks.synth(DECLARATION, TestStacks.config("dev", tmp)
                .withRedisUrl("rediss://cache.example:6379"));
        int expected = 2 + byo.stack().declaration().functions().size() + 3 * DECLARATION.streamConsumers().size()
                + 2 + webSocketAlarms();
        byo.template().resourceCountIs("AWS::CloudWatch::Alarm", expected);
    }

    @Test
    void streamConsumersAlarmOnIteratorAgeAndOnAnyBatchGivenUp() {
        synth.template().hasResourceProperties("AWS::CloudWatch::Alarm", Match.objectLike(Map.of(
                "MetricName", "IteratorAge",
                "Statistic", "Maximum",
                "Threshold", Monitoring.ITERATOR_AGE_MS)));
        synth.template().hasResourceProperties("AWS::CloudWatch::Alarm", Match.objectLike(Map.of(
                "MetricName", "ApproximateNumberOfMessagesVisible",
                "Namespace", "AWS/SQS",
                "Threshold", 0,
                "EvaluationPeriods", 1)));
    }

    @Test
    void everyStreamConsumerAlarmsAtOnceOnAFailingBatchOfItsOwnFunction() {
        for (var consumer : DECLARATION.streamConsumers()) {
            hasOperatorAlarm("StreamConsumerFailures", consumer.function(), Map.of(
                    "Statistic", "Sum", "Threshold", 0, "EvaluationPeriods", 1));
        }
    }

    @Test
    void theFanoutAlarmsAtHalfItsTimeoutAndTheTimelineCacheAtHalfItsReadsMissing() {
        int fanoutTimeout = DECLARATION.function(ScaleoutDeclaration.SOCIAL_FANOUT).timeoutSeconds();
        hasOperatorAlarm("FanoutDuration", ScaleoutDeclaration.SOCIAL_FANOUT, Map.of("ExtendedStatistic", "p99",
                "Threshold", Monitoring.FANOUT_SHARE_OF_TIMEOUT * fanoutTimeout * 1000, "EvaluationPeriods", 3));
        synth.template().hasResourceProperties("AWS::CloudWatch::Alarm", Match.objectLike(Map.of(
                "Threshold", Monitoring.TIMELINE_CACHE_MISS_PERCENT,
                "Metrics", Match.arrayWith(List.of(
                        Match.objectLike(Map.of("Expression",
                                "IF(hits + misses > 0, 100 * misses / (hits + misses), 0)")),
                        Match.objectLike(Map.of("Id", "hits", "MetricStat", Match.objectLike(Map.of(
                                "Metric", Match.objectLike(Map.of("Namespace", "Scaleout",
                                        "MetricName", "TimelineCacheHits")))))))))));
    }

    @Test
    void theDashboardShowsTheOperatorMetrics() {
        String body = synth.template().findResources("AWS::CloudWatch::Dashboard").values().iterator().next()
                .toString();
        assertThat(body).contains("StreamConsumerFailures", "FanoutDuration", "TimelineCacheHits",
                "TimelineCacheMisses", "ImportRecordsAccepted");
    }

    @Test
    void oneDashboardAndTheTopicAsAnOutput() {
        synth.template().resourceCountIs("AWS::CloudWatch::Dashboard", 1);
        synth.template().hasOutput("AlarmTopic", Match.anyValue());
        synth.template().hasResourceProperties("AWS::SNS::TopicPolicy", Match.anyValue());
    }

    @Test
    void eachWebSocketApiAlarmsOnNewConnectionsNearTheQuotaAndEachPusherOnFailingPushesForThreePeriods() {
        for (var api : DECLARATION.webSocketApis()) {
            var stage = synth.stack().webSocketApis().api(api.name()).stage();
            synth.template().hasResourceProperties("AWS::CloudWatch::Alarm", Match.objectLike(Map.of(
                    "Namespace", "AWS/ApiGateway", "MetricName", "ConnectCount", "Statistic", "Sum",
                    "Period", 300, "EvaluationPeriods", 3,
                    "Threshold", Monitoring.NEW_CONNECTIONS_SHARE * Monitoring.NEW_CONNECTIONS_PER_SECOND_QUOTA * 300,
                    "Dimensions", Match.arrayWith(List.of(
                            Map.of("Name", "ApiId", "Value", synth.resolve(stage.getApi().getApiId())),
                            Map.of("Name", "Stage", "Value", stage.getStageName()))))));
            for (String pusher : api.pushers()) {
                hasOperatorAlarm("LivePushFailures", pusher, Map.of("Statistic", "Sum", "Threshold", 0,
                        "EvaluationPeriods", Monitoring.PUSH_FAILURE_PERIODS));
            }
        }
        assertThat(webSocketAlarms()).isGreaterThan(1);
    }

    @Test
    void theDashboardShowsTheWebSocketApisMetricsAndFailedPushes() {
        String body = synth.template().findResources("AWS::CloudWatch::Dashboard").values().iterator().next()
                .toString();
        assertThat(body).contains("ConnectCount", "MessageCount", "IntegrationError", "ClientError",
                "ExecutionError", "LivePushFailures");
    }

    /** One on new connections per WebSocket API, one on failing pushes per function that pushes to it. */
    private static int webSocketAlarms() {
        return DECLARATION.webSocketApis().stream().mapToInt(api -> 1 + api.pushers().size()).sum();
    }

    /** An alarm on one of the functions' own EMF metrics, as {@code function} writes it, with {@code settings}. */
    private static void hasOperatorAlarm(String metric, String function, Map<String, Object> settings) {
        Object functionName = synth.resolve(synth.stack().functions().function(function).getFunctionName());
        var expected = new java.util.HashMap<String, Object>(settings);
        expected.putAll(Map.of("Namespace", "Scaleout", "MetricName", metric,
                "Dimensions", List.of(Map.of("Name", "FunctionName", "Value", functionName))));
        synth.template().hasResourceProperties("AWS::CloudWatch::Alarm", Match.objectLike(expected));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> properties(Object resource) {
        return (Map<String, Object>) ((Map<String, Object>) resource).get("Properties");
    }
}
