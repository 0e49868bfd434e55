package com.scaleout.cdk;

import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.OperatorMetricNames;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.declaration.StreamConsumerSpec;
import com.scaleout.declaration.WebSocketApiSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.services.cloudwatch.Alarm;
import software.amazon.awscdk.services.cloudwatch.ComparisonOperator;
import software.amazon.awscdk.services.cloudwatch.Dashboard;
import software.amazon.awscdk.services.cloudwatch.GraphWidget;
import software.amazon.awscdk.services.cloudwatch.IMetric;
import software.amazon.awscdk.services.cloudwatch.IWidget;
import software.amazon.awscdk.services.cloudwatch.MathExpression;
import software.amazon.awscdk.services.cloudwatch.Metric;
import software.amazon.awscdk.services.cloudwatch.MetricOptions;
import software.amazon.awscdk.services.cloudwatch.TreatMissingData;
import software.amazon.awscdk.services.cloudwatch.actions.SnsAction;
import software.amazon.awscdk.services.lambda.Function;
import software.amazon.awscdk.services.sns.Topic;
import software.constructs.Construct;

/**
 * Alarms on what users feel and what loses work, and one dashboard: the API's 5xx rate and p99 latency; per
 * function, throttles; per stream consumer, iterator age (a shard falling behind), failing batches (the functions'
 * own {@code StreamConsumerFailures}) and on-failure queue depth (a batch given up on); the fanout's duration and
 * the timeline cache's miss ratio (the functions' EMF metrics, {@link OperatorMetricNames}); per WebSocket API, new
 * connections near API Gateway's quota, and per function that pushes to it, failing pushes. Every alarm notifies
 * one SNS topic; subscribe to it (e-mail, chat, pager) after deploying.
 */
public final class Monitoring extends Construct {
    /** 5xx in more than 1% of requests over three 5-minute periods: a bug or a dependency down, not a blip. */
    static final double SERVER_ERROR_PERCENT = 1.0;
    /** p99 over 3 s for three periods: past what the API's clients wait for (the integration limit is 30 s). */
    static final double P99_LATENCY_MS = 3_000;
    /** A consumer 5 minutes behind its stream: fanout, indexing or the import hand-off is lagging. */
    static final double ITERATOR_AGE_MS = 300_000;

    /** Half the timeline reads missing the cache for three periods: it is down, evicting, or cold after a flush. */
    static final double TIMELINE_CACHE_MISS_PERCENT = 50;
    /** A fanout batch at half its function's timeout (p99, three periods) is close to failing by timeout. */
    static final double FANOUT_SHARE_OF_TIMEOUT = 0.5;

    private static final Duration PERIOD = Duration.minutes(5);

    /**
     * API Gateway admits 500 new WebSocket connections a second per account and Region (a quota that can be raised):
     * a WebSocket API's connects over 80% of it in a period are a reconnect storm or growth to ask AWS about.
     */
    static final double NEW_CONNECTIONS_PER_SECOND_QUOTA = 500;
    static final double NEW_CONNECTIONS_SHARE = 0.8;
    /** Pushes failing in three periods running: the management API throttles or refuses them, not a blip. */
    static final int PUSH_FAILURE_PERIODS = 3;

    private final Topic alarms;
    private final List<Alarm> all = new ArrayList<>();

    /** The cache's storage at this share of its ceiling: time to raise it (or find what fills it). */
    static final double CACHE_STORAGE_SHARE = 0.8;

    public Monitoring(Construct scope, String id, Declaration declaration, HttpApiRoutes api,
                      WebSocketApis webSocketApis, Functions functions, StreamConsumers consumers,
                      java.util.Optional<Cache> cache, ScaleoutStackConfig config) {
        super(scope, id);
        alarms = Topic.Builder.create(this, "Alarms").displayName("Scaleout alarms").enforceSsl(true).build();

        var httpApi = api.httpApi();
        Metric requests = httpApi.metricCount(sum());
        Metric serverErrors = httpApi.metricServerError(sum());
        var errorRate = MathExpression.Builder.create()
                .expression("IF(requests > 0, 100 * errors / requests, 0)")
                .usingMetrics(Map.of("requests", requests, "errors", serverErrors))
                .label("5xx %")
                .period(PERIOD)
                .build();
        alarm("Api5xxRate", errorRate, SERVER_ERROR_PERCENT, "HTTP API: more than 1% of requests answered 5xx");
        Metric p99 = httpApi.metricLatency(MetricOptions.builder().statistic("p99").period(PERIOD).build());
        alarm("ApiP99Latency", p99, P99_LATENCY_MS, "HTTP API: p99 latency over 3 s");

        for (Map.Entry<String, Function> function : functions.all().entrySet()) {
            alarm(function.getKey() + "Throttles", function.getValue().metricThrottles(sum()), 0,
                    function.getKey() + ": invocations throttled (concurrency reservation reached)");
        }
        for (StreamConsumerSpec consumer : declaration.streamConsumers()) {
            Function function = functions.function(consumer.function());
            Metric iteratorAge = function.metric("IteratorAge",
                    MetricOptions.builder().statistic("Maximum").period(PERIOD).build());
            alarm(consumer.id() + "IteratorAge", iteratorAge, ITERATOR_AGE_MS,
                    consumer.id() + ": the consumer is more than 5 minutes behind its stream");
            Metric depth = consumers.onFailureQueues().get(consumer.id())
                    .metricApproximateNumberOfMessagesVisible(
                            MetricOptions.builder().statistic("Maximum").period(PERIOD).build());
            alarm(consumer.id() + "OnFailure", depth, 0,
                    consumer.id() + ": a batch was given up on; its position is in the on-failure queue");
            alarm(consumer.id() + "Failures", operatorMetric(function, OperatorMetricNames.STREAM_CONSUMER_FAILURES,
                            "Sum"), 0,
                    consumer.id() + ": batches are failing (retried from the failed record; see its log)");
        }
        operatorAlarms(functions, declaration);
        webSocketAlarms(webSocketApis, functions, declaration);

        cache.ifPresent(own -> {
            // ElastiCache Serverless publishes per cache, under the dimension clusterId = the cache's name
            var dimensions = Map.of("clusterId", own.serverlessCache().getServerlessCacheName());
            alarm("CacheThrottledCommands", Metric.Builder.create().namespace("AWS/ElastiCache")
                            .metricName("ThrottledCmds").dimensionsMap(dimensions).statistic("Sum").period(PERIOD)
                            .build(), 0,
                    "Cache: commands throttled (the ECPU/s ceiling is reached: raise -c cacheMaxEcpuPerSecond)");
            alarm("CacheStorageNearCeiling", Metric.Builder.create().namespace("AWS/ElastiCache")
                            .metricName("BytesUsedForCache").dimensionsMap(dimensions).statistic("Maximum")
                            .period(PERIOD).build(),
                    CACHE_STORAGE_SHARE * config.cacheLimits().maxDataGb() * 1e9,
                    "Cache: data over 80% of its ceiling; at the ceiling it evicts (raise -c cacheMaxDataGb)");
        });

        Dashboard dashboard = dashboard(requests, serverErrors, httpApi.metricLatency(MetricOptions.builder()
                .statistic("p50").period(PERIOD).build()), p99, functions, declaration, consumers);
        webSocketDashboard(dashboard, webSocketApis, functions, declaration);
    }

    /** New connections near the quota, per API; failing pushes, per function that pushes (its own EMF metric). */
    private void webSocketAlarms(WebSocketApis webSocketApis, Functions functions, Declaration declaration) {
        for (WebSocketApiSpec spec : declaration.webSocketApis()) {
            var stage = webSocketApis.api(spec.name()).stage();
            alarm(spec.name() + "NewConnections", stage.metric("ConnectCount", sum()),
                    NEW_CONNECTIONS_SHARE * NEW_CONNECTIONS_PER_SECOND_QUOTA * PERIOD.toSeconds().doubleValue(),
                    spec.name() + " WebSocket API: new connections over 80% of API Gateway's 500 a second (an"
                            + " account quota): a reconnect storm, or time to ask for more", 3);
            for (String pusher : spec.pushers()) {
                alarm(pusher + "PushFailures", operatorMetric(functions.function(pusher),
                                OperatorMetricNames.LIVE_PUSH_FAILURES, "Sum"), 0,
                        pusher + ": posts to " + spec.name() + " connections failing (throttled or refused; see its"
                                + " log), subscribers miss live updates", PUSH_FAILURE_PERIODS);
            }
        }
    }

    /** Per WebSocket API: connects and messages, errors by kind, and its pushers' failed posts. */
    private static void webSocketDashboard(Dashboard dashboard, WebSocketApis webSocketApis, Functions functions,
                                           Declaration declaration) {
        for (WebSocketApiSpec spec : declaration.webSocketApis()) {
            var stage = webSocketApis.api(spec.name()).stage();
            List<IMetric> traffic = List.of("ConnectCount", "MessageCount").stream()
                    .<IMetric>map(name -> stage.metric(name, labelled(name))).toList();
            List<IMetric> errors = List.of("IntegrationError", "ClientError", "ExecutionError").stream()
                    .<IMetric>map(name -> stage.metric(name, labelled(name))).toList();
            List<IMetric> pushFailures = spec.pushers().stream().<IMetric>map(pusher -> operatorMetric(
                    functions.function(pusher), OperatorMetricNames.LIVE_PUSH_FAILURES, "Sum", pusher)).toList();
            dashboard.addWidgets(
                    GraphWidget.Builder.create().title(spec.name() + " connects and messages").left(traffic)
                            .width(8).build(),
                    GraphWidget.Builder.create().title(spec.name() + " errors").left(errors).width(8).build(),
                    GraphWidget.Builder.create().title(spec.name() + " failed pushes").left(pushFailures).width(8)
                            .build());
        }
    }

    private static MetricOptions labelled(String label) {
        return MetricOptions.builder().statistic("Sum").period(PERIOD).label(label).build();
    }

    /** On the functions a declaration has (a test's may have only some). */
    private void operatorAlarms(Functions functions, Declaration declaration) {
        declared(functions, ScaleoutDeclaration.SOCIAL_FANOUT).ifPresent(fanout -> alarm("FanoutDuration",
                operatorMetric(fanout, OperatorMetricNames.FANOUT_DURATION, "p99"), FANOUT_SHARE_OF_TIMEOUT
                        * declaration.function(ScaleoutDeclaration.SOCIAL_FANOUT).timeoutSeconds() * 1000,
                "Fanout: p99 batch duration over half the function's timeout"));
        declared(functions, ScaleoutDeclaration.SOCIAL_TIMELINE).ifPresent(timeline -> alarm("TimelineCacheMisses",
                timelineCacheMissPercent(timeline), TIMELINE_CACHE_MISS_PERCENT,
                "Timeline cache: more than half the timeline reads miss it (down, evicting or flushed)"));
    }

    private static java.util.Optional<Function> declared(Functions functions, String name) {
        return java.util.Optional.ofNullable(functions.all().get(name));
    }

    private static MathExpression timelineCacheMissPercent(Function timeline) {
        return MathExpression.Builder.create()
                .expression("IF(hits + misses > 0, 100 * misses / (hits + misses), 0)")
                .usingMetrics(Map.of(
                        "hits", operatorMetric(timeline, OperatorMetricNames.TIMELINE_CACHE_HITS, "Sum", "hits"),
                        "misses", operatorMetric(timeline, OperatorMetricNames.TIMELINE_CACHE_MISSES, "Sum",
                                "misses")))
                .label("timeline cache miss %")
                .period(PERIOD)
                .build();
    }

    /** One of the functions' own EMF metrics, as that function writes it. */
    private static Metric operatorMetric(Function function, String name, String statistic) {
        return Metric.Builder.create()
                .namespace(OperatorMetricNames.NAMESPACE)
                .metricName(name)
                .dimensionsMap(Map.of(OperatorMetricNames.DIMENSION, function.getFunctionName()))
                .statistic(statistic)
                .period(PERIOD)
                .build();
    }

    /** The same, labelled for a dashboard graph (a label would make an alarm's metric a query of its own). */
    private static Metric operatorMetric(Function function, String name, String statistic, String label) {
        return operatorMetric(function, name, statistic).with(MetricOptions.builder().label(label).build());
    }

    private static MetricOptions sum() {
        return MetricOptions.builder().statistic("Sum").period(PERIOD).build();
    }

    private void alarm(String id, IMetric metric, double threshold, String description) {
        alarm(id, metric, threshold, description, threshold == 0 ? 1 : 3); // a throttle or a given-up batch is news at once
    }

    private void alarm(String id, IMetric metric, double threshold, String description, int periods) {
        Alarm alarm = Alarm.Builder.create(this, id)
                .metric(metric)
                .threshold(threshold)
                .comparisonOperator(ComparisonOperator.GREATER_THAN_THRESHOLD)
                .evaluationPeriods(periods)
                .treatMissingData(TreatMissingData.NOT_BREACHING)
                .alarmDescription(description)
                .build();
        alarm.addAlarmAction(new SnsAction(alarms));
        all.add(alarm);
    }

    private Dashboard dashboard(Metric requests, Metric serverErrors, Metric p50, Metric p99, Functions functions,
                           Declaration declaration, StreamConsumers consumers) {
        var dashboard = Dashboard.Builder.create(this, "Dashboard").build();
        dashboard.addWidgets(
                GraphWidget.Builder.create().title("API requests and 5xx").left(List.of(requests))
                        .right(List.of(serverErrors)).width(12).build(),
                GraphWidget.Builder.create().title("API latency p50 / p99 (ms)").left(List.of(p50, p99))
                        .width(12).build());
        List<IMetric> durations = new ArrayList<>();
        List<IMetric> errors = new ArrayList<>();
        List<IMetric> throttles = new ArrayList<>();
        functions.all().forEach((name, function) -> {
            durations.add(function.metricDuration(MetricOptions.builder().statistic("p99").period(PERIOD)
                    .label(name).build()));
            errors.add(function.metricErrors(MetricOptions.builder().statistic("Sum").period(PERIOD).label(name)
                    .build()));
            throttles.add(function.metricThrottles(MetricOptions.builder().statistic("Sum").period(PERIOD)
                    .label(name).build()));
        });
        dashboard.addWidgets(
                GraphWidget.Builder.create().title("Function duration p99 (ms)").left(durations).width(8).build(),
                GraphWidget.Builder.create().title("Function errors").left(errors).width(8).build(),
                GraphWidget.Builder.create().title("Function throttles").left(throttles).width(8).build());
        List<IMetric> ages = new ArrayList<>();
        List<IMetric> depths = new ArrayList<>();
        for (StreamConsumerSpec consumer : declaration.streamConsumers()) {
            ages.add(functions.function(consumer.function()).metric("IteratorAge", MetricOptions.builder()
                    .statistic("Maximum").period(PERIOD).label(consumer.id()).build()));
            depths.add(consumers.onFailureQueues().get(consumer.id()).metricApproximateNumberOfMessagesVisible(
                    MetricOptions.builder().statistic("Maximum").period(PERIOD).label(consumer.id()).build()));
        }
        List<IMetric> failures = new ArrayList<>();
        for (StreamConsumerSpec consumer : declaration.streamConsumers()) {
            failures.add(operatorMetric(functions.function(consumer.function()),
                    OperatorMetricNames.STREAM_CONSUMER_FAILURES, "Sum", consumer.id()));
        }
        dashboard.addWidgets(
                GraphWidget.Builder.create().title("Stream iterator age (ms)").left(ages).width(8).build(),
                GraphWidget.Builder.create().title("Stream batches failed").left(failures).width(8).build(),
                GraphWidget.Builder.create().title("On-failure queue depth").left(depths).width(8).build());
        List<IWidget> operatorWidgets = new ArrayList<>();
        declared(functions, ScaleoutDeclaration.SOCIAL_FANOUT).ifPresent(fanout -> operatorWidgets.add(
                GraphWidget.Builder.create().title("Fanout batch duration p50 / p99 (ms)").left(List.of(
                        operatorMetric(fanout, OperatorMetricNames.FANOUT_DURATION, "p50", "p50"),
                        operatorMetric(fanout, OperatorMetricNames.FANOUT_DURATION, "p99", "p99"))).width(8).build()));
        declared(functions, ScaleoutDeclaration.SOCIAL_TIMELINE).ifPresent(timeline -> operatorWidgets.add(
                GraphWidget.Builder.create().title("Timeline cache miss %")
                        .left(List.of(timelineCacheMissPercent(timeline))).width(8).build()));
        declared(functions, ScaleoutDeclaration.IMPORT_API).ifPresent(imports -> operatorWidgets.add(
                GraphWidget.Builder.create().title("Import records accepted").left(List.of(operatorMetric(
                        imports, OperatorMetricNames.IMPORT_RECORDS_ACCEPTED, "Sum", "records"))).width(8).build()));
        if (!operatorWidgets.isEmpty()) {
            dashboard.addWidgets(operatorWidgets.toArray(IWidget[]::new));
        }
        return dashboard;
    }

    public Topic alarmTopic() {
        return alarms;
    }

    public List<Alarm> alarms() {
        return List.copyOf(all);
    }
}
