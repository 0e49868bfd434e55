package com.scaleout.local.lambda;

import com.amazonaws.services.lambda.runtime.ClientContext;
import com.amazonaws.services.lambda.runtime.CognitoIdentity;
import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.LambdaLogger;
import com.amazonaws.services.lambda.runtime.logging.LogLevel;
import java.nio.charset.StandardCharsets;

/** The {@link Context} Lambda hands each invocation: ids, names, memory and the time left before the timeout. */
public final class LocalContext implements Context {
    private final String requestId;
    private final String functionName;
    private final int memoryMb;
    private final String logStreamName;
    private final long deadlineMillis;
    private final LambdaLogger logger;

    public LocalContext(String requestId, String functionName, int memoryMb, String logStreamName,
                        long deadlineMillis) {
        this.requestId = requestId;
        this.functionName = functionName;
        this.memoryMb = memoryMb;
        this.logStreamName = logStreamName;
        this.deadlineMillis = deadlineMillis;
        this.logger = new PrefixedLogger(functionName, requestId);
    }

    @Override
    public String getAwsRequestId() {
        return requestId;
    }

    @Override
    public String getLogGroupName() {
        return "/aws/lambda/" + functionName;
    }

    @Override
    public String getLogStreamName() {
        return logStreamName;
    }

    @Override
    public String getFunctionName() {
        return functionName;
    }

    @Override
    public String getFunctionVersion() {
        return "$LATEST";
    }

    @Override
    public String getInvokedFunctionArn() {
        return "arn:aws:lambda:us-east-1:000000000000:function:" + functionName;
    }

    @Override
    public CognitoIdentity getIdentity() {
        return null;
    }

    @Override
    public ClientContext getClientContext() {
        return null;
    }

    @Override
    public int getRemainingTimeInMillis() {
        return (int) Math.max(0, deadlineMillis - System.currentTimeMillis());
    }

    @Override
    public int getMemoryLimitInMB() {
        return memoryMb;
    }

    @Override
    public LambdaLogger getLogger() {
        return logger;
    }

    /** Lines the function logs, tagged with function and request id as CloudWatch would group them. */
    private record PrefixedLogger(String functionName, String requestId) implements LambdaLogger {
        @Override
        public void log(String message) {
            System.out.println("[" + functionName + " " + requestId + "] " + message.stripTrailing());
        }

        @Override
        public void log(byte[] message) {
            log(new String(message, StandardCharsets.UTF_8));
        }

        @Override
        public void log(String message, LogLevel level) {
            log(level + " " + message);
        }
    }
}
