package com.scaleout.local.iam;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Logger;
import software.amazon.awssdk.awscore.AwsExecutionAttribute;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.regions.Region;

/**
 * IAM for the functions' AWS calls: registered for every SDK client of the runtime's JVM by the SDK's global list
 * ({@code software/amazon/awssdk/global/handlers/execution.interceptors}), so each call a function makes is checked
 * against its execution role's policy ({@link FunctionPolicies}) before it is sent, recorded in {@link CallLog}, and
 * failed, when denied, with the error AWS would answer. Calls of the runtime itself, and of functions without a
 * registered policy, pass unchecked.
 */
public final class IamInterceptor implements ExecutionInterceptor {
    private static final Logger LOG = Logger.getLogger(IamInterceptor.class.getName());
    /** Each denial is logged once; a run cannot name more distinct ones than this. */
    private static final int LOGGED_DENIALS = 10_000;
    private static final Set<RecordedCall> LOGGED = ConcurrentHashMap.newKeySet();

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        if (FunctionPolicies.none()) {
            return; // no template's policies: nothing to check, so no stack to walk
        }
        if (com.scaleout.local.cost.ClientSideReads.uncounted(attributes)) {
            return; // the runtime's own read, made while a function's call is measured
        }
        CallingFunction.onThisThread().ifPresent(function -> FunctionPolicies.of(function).ifPresent(policy -> {
            Region region = attributes.getAttribute(AwsExecutionAttribute.AWS_REGION);
            check(function, policy, context.request(), attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME),
                    region == null ? "us-east-1" : region.id(),
                    attributes.getAttribute(SdkExecutionAttribute.CLIENT_ENDPOINT));
        }));
    }

    /** Checks every authorization the request needs; the first one denied fails the call. */
    static void check(String function, Policy policy, SdkRequest request, String operationName, String region) {
        check(function, policy, request, operationName, region, null);
    }

    /** {@code endpoint}: the client's (a management API call's names its WebSocket API), or null. */
    static void check(String function, Policy policy, SdkRequest request, String operationName, String region,
                      java.net.URI endpoint) {
        List<AwsCall> calls = RequestActions.of(request, operationName, region, endpoint);
        Map<String, String> context = contextKeys(function, region);
        RuntimeException denied = null;
        for (AwsCall call : calls) {
            Decision decision = policy.evaluate(call.action(), call.resource(), context);
            var recorded = new RecordedCall(function, call.action(), call.resource(), decision);
            CallLog.record(recorded);
            if (!decision.allowed() && denied == null) {
                denied = AccessDenied.exception(function, call, decision);
                if (LOGGED.size() < LOGGED_DENIALS && LOGGED.add(recorded)) {
                    LOG.warning(function + ": AccessDenied for " + call.action() + " on " + call.resource() + " ("
                            + decision + ")");
                }
            }
        }
        if (denied != null) {
            throw denied;
        }
    }

    /** The global condition keys every request of a function's session carries (see docs/local-runtime.md, "Fidelity to AWS"). */
    static Map<String, String> contextKeys(String function, String region) {
        return Map.of("aws:RequestedRegion", region, "aws:PrincipalAccount", Arns.ACCOUNT,
                "aws:PrincipalArn", Arns.role(function), "aws:SecureTransport", "true");
    }
}
