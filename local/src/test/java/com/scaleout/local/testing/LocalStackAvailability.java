package com.scaleout.local.testing;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.testcontainers.DockerClientFactory;

/**
 * The localstack profile's gate, before any test class starts: without a Docker engine, every integration test is
 * skipped with the reason, instead of failing in its set-up. Registered (automatic extension detection) by that
 * profile only; elsewhere it has nothing to say.
 */
public final class LocalStackAvailability implements ExecutionCondition {
    private static Boolean dockerAvailable;

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        if (!SharedBackends.onLocalStack()) {
            return ConditionEvaluationResult.enabled("moto_server run");
        }
        if (!docker()) {
            return ConditionEvaluationResult.disabled("no Docker engine here: the localstack profile is what"
                    + " LocalStack's free plan offers this project, the integration suite on LocalStack's DynamoDB"
                    + " (with Streams) and S3 started through Testcontainers, and it needs a Docker engine to start"
                    + " them (the CDK deploy into LocalStack needs a paid plan: see localstack/README.md)");
        }
        return ConditionEvaluationResult.enabled("LocalStack in a container");
    }

    private static synchronized boolean docker() {
        if (dockerAvailable == null) {
            dockerAvailable = DockerClientFactory.instance().isDockerAvailable();
        }
        return dockerAvailable;
    }
}
