package com.scaleout.local;

import com.scaleout.local.backends.Backends;
import com.scaleout.local.http.LocalHttpApi;
import com.scaleout.local.lambda.FunctionPool;
import com.scaleout.local.streams.StreamPoller;
import com.scaleout.local.iam.FunctionPolicies;
import com.scaleout.local.lambda.ContainerCredentialsEndpoint;
import com.scaleout.local.template.TemplateConfiguration;
import java.util.List;
import java.util.Optional;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * What a start has brought up so far. Closing stops whatever is there, work before what it needs: the pollers and the
 * API (nothing new gets invoked), the functions, the clients, then the backends. The same order serves a start that
 * fails halfway (nothing may outlive it: pollers left running against stopped backends log without end) and a
 * runtime's close.
 */
final class RuntimeParts implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(RuntimeParts.class.getName());

    LocalHttpApi api;
    Map<String, FunctionPool> functions = Map.of();
    Backends backends;
    DynamoDbClient dynamoDb;
    DynamoDbStreamsClient streams;
    List<StreamPoller> pollers = List.of();
    Map<String, Map<String, String>> environments = Map.of();
    /** The template that configures the functions, when one does (and whose policies are then enforced). */
    Optional<TemplateConfiguration> template = Optional.empty();
    /** Where SnapStart functions' SDKs fetch their credentials, as from Lambda's container endpoint. */
    ContainerCredentialsEndpoint credentials;
    /** DynamoDB's throughput limits when enforced (then given up with the runtime), else null. */
    com.scaleout.local.limits.DynamoDbThroughput throughput;
    /** The cache's ECPU/s maximum when enforced (a template gives it), else null. */
    com.scaleout.local.limits.CacheThroughput cacheThroughput;

    @Override
    public void close() {
        pollers.forEach(poller -> closeQuietly("stream poller " + poller.consumerId(), poller));
        closeQuietly("the API", api);
        functions.values().forEach(pool -> closeQuietly("function " + pool.spec().name(), pool));
        if (throughput != null) {
            com.scaleout.local.limits.ThroughputInterceptor.stop();
        }
        if (cacheThroughput != null) {
            com.scaleout.local.limits.CacheThrottle.stop();
        }
        closeQuietly("the DynamoDB Streams client", streams);
        closeQuietly("the DynamoDB client", dynamoDb);
        closeQuietly("the backends", backends);
        closeQuietly("the credentials endpoint", credentials);
        if (template.isPresent()) {
            FunctionPolicies.clear();
            com.scaleout.local.iam.ManagedConnections.clear();
        }
    }

    /** One part that fails to close must not keep the others running. */
    private static void closeQuietly(String what, AutoCloseable part) {
        if (part == null) {
            return;
        }
        try {
            part.close();
        } catch (Exception | LinkageError e) {
            LOG.log(Level.WARNING, "closing " + what + " failed", e);
        }
    }
}
